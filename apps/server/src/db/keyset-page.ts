/**
 * One page of a keyset-paginated list, from rows read with `limit + 1`: the extra row only tells that more follow,
 * and then the last row kept is where the next page starts (its id is the cursor).
 */
export function toKeysetPage<Row extends { id: string }, Item>(
  rows: readonly Row[],
  limit: number,
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map((row) => toItem(row)), nextCursor: rows.length > limit && last ? last.id : null };
}
