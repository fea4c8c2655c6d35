// Guests: the shop's buyers who never made an account (checkouts with no user), one row per e-mail, alphabetically,
// with how many orders they placed and what they paid in all (approved money, refunds taken off). Keyset-paged on
// the e-mail over checkouts_guest_payer_email_idx (migration 0011).
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";
import { toMoney } from "../catalog/product-view";

export async function listGuestBuyers(options: { db: Kysely<DB>; cursor: string | null; limit: number }) {
  const { db, cursor, limit } = options;
  const email = sql<string>`lower(c.payer_email)`;
  let query = db
    .selectFrom("checkouts as c")
    .leftJoin("payments as p", "p.checkout_id", "c.id")
    .select([
      email.as("email"),
      sql<string>`count(distinct c.id)`.as("order_count"),
      sql<Date>`max(c.created_at)`.as("last_at"),
      // A shop sells in one currency; the checkouts' own is the one their payments are in.
      sql<string>`min(c.currency)`.as("currency"),
      sql<string>`coalesce(sum(case when p.status in ('approved', 'refunded', 'in_mediation')
        then p.amount_minor - p.refunded_minor else 0 end), 0)`.as("net_minor"),
    ])
    .where("c.user_id", "is", null)
    .where("c.payer_email", "is not", null)
    .groupBy(email)
    .orderBy(email)
    .limit(limit + 1);
  if (cursor) query = query.where(email, ">", cursor.toLowerCase());
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => ({
      email: row.email,
      orderCount: Number(row.order_count),
      lifetimeValue: toMoney(Number(row.net_minor), row.currency.trim()),
      lastOrderAt: new Date(row.last_at).toISOString(),
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.email ?? null) : null,
  };
}
