// A buyer's orders and lifetime value, by e-mail: how many orders they placed, how many were paid, and what they
// paid in all (approved money, refunds taken off) per currency. Works for a guest (no account) as for a customer.
// Reads the checkouts (lower(payer_email), migration 0027) and the payment mirror (payments_payer_email_idx).
import type { StoreBuyerSummary } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";
import { toMoney } from "../catalog/product-view";

/** Payment statuses whose money the store received (some of it may be refunded since). */
const RECEIVED_STATUSES = ["approved", "refunded", "in_mediation", "charged_back"];

export async function getBuyerSummary(options: { db: Kysely<DB>; email: string }): Promise<StoreBuyerSummary> {
  const email = options.email.trim().toLowerCase();
  const orders = await options.db
    .selectFrom("checkouts")
    .select((eb) => [
      eb.fn.countAll<string>().as("orders"),
      eb.fn.count<string>(sql`case when status = 'paid' or status = 'refunded' then 1 end`).as("paid"),
      eb.fn.min("created_at").as("first_at"),
      eb.fn.max("created_at").as("last_at"),
    ])
    .where(sql<string>`lower(payer_email)`, "=", email)
    .executeTakeFirstOrThrow();
  const received = await options.db
    .selectFrom("payments")
    .select((eb) => [
      "currency",
      // A charged-back payment's money went back too.
      eb.fn
        .sum<string>(sql`case when status = 'charged_back' then 0 else amount_minor - refunded_minor end`)
        .as("net_minor"),
    ])
    .where("payer_email", "=", email)
    .where("status", "in", RECEIVED_STATUSES)
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  const at = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    email,
    orderCount: Number(orders.orders),
    paidOrderCount: Number(orders.paid),
    lifetimeValue: received.map((row) => toMoney(Number(row.net_minor ?? 0), row.currency.trim())),
    firstOrderAt: at(orders.first_at),
    lastOrderAt: at(orders.last_at),
  };
}
