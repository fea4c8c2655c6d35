// The console's store orders: every checkout the shop made, newest first, filtered by state, creation date, the
// start of the payer's e-mail or the shopper's account, paged by keyset over (created_at, id). Reads only the
// database; migration 0027-store-orders puts an index behind each filter.
import type { StoreOrderListFilters, StoreOrderListItem } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { toKeysetPage } from "../../db/keyset-page";
import { escapeLike } from "../../db/like-pattern";
import type { DB } from "../../db/schema";
import { STORE_ORDER_COLUMNS, toStoreOrderListItem } from "./store-order-view";

export async function listStoreOrders(options: {
  db: Kysely<DB>;
  filters: StoreOrderListFilters;
  /** The checkout id of the last order of the previous page. */
  cursor: string | null;
  limit: number;
}): Promise<{ items: StoreOrderListItem[]; nextCursor: string | null }> {
  const { db, filters, cursor, limit } = options;
  let query = db
    .selectFrom("checkouts as c")
    .select(STORE_ORDER_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom("payments as p")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("p.checkout_id", "=", "c.id")
        .as("payment_count"),
    );
  if (filters.state) query = query.where("c.status", "=", filters.state);
  if (filters.userId) query = query.where("c.user_id", "=", filters.userId);
  if (filters.createdFrom) query = query.where("c.created_at", ">=", new Date(filters.createdFrom));
  if (filters.createdTo) query = query.where("c.created_at", "<=", new Date(filters.createdTo));
  if (filters.payerEmail) {
    const pattern = `${escapeLike(filters.payerEmail.toLowerCase())}%`;
    query = query.where(sql<string>`lower(c.payer_email)`, "like", pattern);
  }
  if (cursor) {
    // Compared in SQL against the cursor row, so PostgreSQL's microseconds are kept.
    query = query.where(
      sql<boolean>`(c.created_at, c.id) < (select k.created_at, k.id from checkouts k where k.id = ${cursor})`,
    );
  }
  const rows = await query
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit + 1)
    .execute();
  return toKeysetPage(rows, limit, (row) => toStoreOrderListItem(row, Number(row.payment_count ?? 0)));
}
