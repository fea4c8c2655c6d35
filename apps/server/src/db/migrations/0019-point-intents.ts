// Card terminals (Point): every payment intent the console sends to a terminal. The row is stored with the
// dialog's idempotency key before the provider is called (claim → call → record), so a double submit or a
// retry after a timeout makes one intent; the intent's id, state and resulting payment are mirrored from the
// answers, the live reads and the `point_integration_wh` notification.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("point_intents")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("device_id", "text", (col) => col.notNull())
    /** The provider's intent id, once its answer was seen. */
    .addColumn("provider_intent_id", "text", (col) => col.unique())
    // pending: stored, the call may be out; succeeded / failed: the provider's answer; unknown: no answer seen.
    .addColumn("request_status", "text", (col) =>
      col.notNull().check(sql`request_status in ('pending', 'succeeded', 'failed', 'unknown')`),
    )
    /** The provider's state (OPEN … FINISHED / CANCELED / ERROR / ABANDONED), once known. */
    .addColumn("state", "text")
    .addColumn("amount_minor", "bigint", (col) => col.notNull().check(sql`amount_minor > 0`))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("description", "text")
    .addColumn("installments", "integer", (col) => col.notNull())
    .addColumn("installments_cost", "text", (col) => col.notNull())
    .addColumn("print_on_terminal", "boolean", (col) => col.notNull())
    .addColumn("external_reference", "text")
    /** The body sent to the provider: a repeat with the same key must send the same one. */
    .addColumn("request", "jsonb", (col) => col.notNull())
    .addColumn("provider_payment_id", "bigint")
    .addColumn("error", "text")
    .addColumn("created_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("point_intents_device_idx")
    .on("point_intents")
    .columns(["device_id", "created_at"])
    .execute();
  await db.schema.createIndex("point_intents_created_by_idx").on("point_intents").column("created_by").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("point_intents").ifExists().execute();
}
