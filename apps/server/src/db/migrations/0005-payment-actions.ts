// Staff money actions on a payment: refunds (the existing `refunds` table gains
// the reason, the note and the outcome) and captures and cancellations
// (`payment_actions`). Each is stored with its idempotency key before the
// provider is called and completed after it, so a double click, a retry after a
// timeout or a reload produces at most one provider effect.
import { type Kysely, sql } from "kysely";

const CURRENCY_CHECK = sql`~ '^[A-Z]{3}$'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("refunds")
    .addColumn("reason", "text")
    .addColumn("note", "text")
    /** Why the provider refused it, in words safe to show staff (never a provider body). */
    .addColumn("error", "text")
    .addColumn("completed_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("payment_actions")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("provider_payment_id", "bigint", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('capture', 'cancel')`))
    /** Captures: the amount captured (null: in full). */
    .addColumn("amount_minor", "bigint", (col) => col.check(sql`amount_minor > 0`))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ${CURRENCY_CHECK}`))
    // pending: stored, the call may be out; succeeded / failed: the provider's answer; unknown: no answer seen.
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'unknown')`),
    )
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("reason", "text")
    .addColumn("note", "text")
    .addColumn("error", "text")
    .addColumn("created_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .execute();
  // A payment's timeline: its actions in time order.
  await db.schema
    .createIndex("payment_actions_payment_created_at_idx")
    .on("payment_actions")
    .columns(["provider_payment_id", "created_at"])
    .execute();
  await db.schema.createIndex("payment_actions_created_by_idx").on("payment_actions").column("created_by").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_actions").ifExists().execute();
  await db.schema
    .alterTable("refunds")
    .dropColumn("completed_at")
    .dropColumn("error")
    .dropColumn("note")
    .dropColumn("reason")
    .execute();
}
