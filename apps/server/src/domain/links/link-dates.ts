// Dates of a preference as the console shows them.

/** An ISO date-time the provider sent, normalised (UTC, milliseconds), or null when absent or unreadable. */
export function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** provider: a preference with `expires: true` is payable only until `expiration_date_to`. */
export function isExpired(
  preference: { expires?: boolean | null; expiration_date_to?: string | null },
  now: Date,
): boolean {
  if (!preference.expires || !preference.expiration_date_to) return false;
  const to = Date.parse(preference.expiration_date_to);
  return !Number.isNaN(to) && to <= now.getTime();
}
