// Payment attempts that survive crashes and slow providers. Before Cobro asks
// the provider for a checkout's payment it records, in its own committed
// transaction, that it is about to (with a lease that expires), so a crash or a
// lost answer can never erase the fact that money may have moved; the
// reconciliation job re-reads such checkouts from the provider on a schedule.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("checkouts")
    // null: never attempted; in_flight: a call is out (see payment_lease_until); unknown: a call went out and its
    // answer was not seen; answered: the provider answered with a payment; no_payment: it is known none was made.
    .addColumn("payment_attempt_status", "text", (col) =>
      col.check(sql`payment_attempt_status in ('in_flight', 'unknown', 'answered', 'no_payment')`),
    )
    .addColumn("payment_attempted_at", "timestamptz")
    /** While in the future, one request holds the right to call the provider for this checkout. */
    .addColumn("payment_lease_until", "timestamptz")
    /** When the reconciliation job should next re-read this checkout from the provider (null: nothing to do). */
    .addColumn("reconcile_after", "timestamptz")
    .addColumn("reconcile_attempts", "integer", (col) => col.notNull().defaultTo(0))
    /** When the checkout's hosted-checkout preference was made unpayable at the provider (it has its payment). */
    .addColumn("preference_expired_at", "timestamptz")
    .execute();
  // The reconciliation sweep: due checkouts, soonest first.
  await db.schema
    .createIndex("checkouts_reconcile_after_idx")
    .on("checkouts")
    .column("reconcile_after")
    .where(sql.ref("reconcile_after"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("checkouts_reconcile_after_idx").ifExists().execute();
  await db.schema
    .alterTable("checkouts")
    .dropColumn("preference_expired_at")
    .dropColumn("reconcile_attempts")
    .dropColumn("reconcile_after")
    .dropColumn("payment_lease_until")
    .dropColumn("payment_attempted_at")
    .dropColumn("payment_attempt_status")
    .execute();
}
