// The virtual terminal's orders (the provider's Orders API, `/v1/orders`). The
// Orders API offers no search Cobro may rely on, so Cobro keeps every order it
// created: the row is stored with the create's idempotency key BEFORE the
// provider is called (claim → call → record), and mirrors the order's state
// from every answer and from the `order` notifications. Staff actions on an
// order (process, capture, cancel, refund, and the payment transaction of a
// manual order) are stored the same way in `order_actions`, and every state the
// mirror went through in `order_state_changes` (the order's timeline).
import { type Kysely, sql } from "kysely";

const CURRENCY_CHECK = sql`~ '^[A-Z]{3}$'`;
const ACTION_STATUSES = sql`('pending', 'succeeded', 'failed', 'unknown')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    /** The provider's `ORD…` id; null until an answer (or a re-read) told it. */
    .addColumn("provider_order_id", "text", (col) => col.unique())
    /** The create's key, stored before the call and reused by every repeat of the same intent. */
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    // pending: stored, the call may be out; succeeded / failed: the provider's answer; unknown: no answer seen.
    .addColumn("create_status", "text", (col) => col.notNull().check(sql`create_status in ${ACTION_STATUSES}`))
    .addColumn("external_reference", "text", (col) => col.notNull())
    .addColumn("processing_mode", "text", (col) => col.notNull().check(sql`processing_mode in ('automatic', 'manual')`))
    .addColumn("capture_mode", "text", (col) => col.notNull().check(sql`capture_mode in ('automatic', 'manual')`))
    /** The provider's order status and detail, as last mirrored (null before the first answer). */
    .addColumn("status", "text")
    .addColumn("status_detail", "text")
    .addColumn("amount_minor", "bigint", (col) => col.notNull().check(sql`amount_minor > 0`))
    .addColumn("refunded_minor", "bigint", (col) => col.notNull().defaultTo(0).check(sql`refunded_minor >= 0`))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ${CURRENCY_CHECK}`))
    .addColumn("description", "text")
    .addColumn("payer_email", "text", (col) => col.notNull())
    .addColumn("payer_identification_type", "text")
    .addColumn("payer_identification_number", "text")
    .addColumn("payment_method_id", "text")
    .addColumn("installments", "integer")
    /** The order's `transactions` (payments, refunds) as last mirrored, card tokens removed. */
    .addColumn("transactions", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    /** The provider's whole order body as last mirrored, card tokens removed. */
    .addColumn("snapshot", "jsonb")
    /** Why the create was refused, as a reason code safe to show staff (never a provider body). */
    .addColumn("error", "text")
    .addColumn("created_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("provider_updated_at", "timestamptz")
    .execute();
  // The list: newest first by keyset over (created_at, id), optionally by status or mode.
  await db.schema.createIndex("orders_created_at_idx").on("orders").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("orders_status_created_at_idx").on("orders").columns(["status", "created_at"]).execute();
  await db.schema
    .createIndex("orders_mode_created_at_idx")
    .on("orders")
    .columns(["processing_mode", "created_at"])
    .execute();
  // The list's text filter: a prefix of the reference or of the payer's e-mail, case-insensitive.
  await sql`create index orders_reference_prefix_idx on orders (lower(external_reference) text_pattern_ops)`.execute(
    db,
  );
  await sql`create index orders_payer_email_prefix_idx on orders (lower(payer_email) text_pattern_ops)`.execute(db);
  await db.schema.createIndex("orders_created_by_idx").on("orders").column("created_by").execute();

  await db.schema
    .createTable("order_actions")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("order_id", "uuid", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('add_transaction', 'update_transaction', 'delete_transaction', 'process', 'capture', 'cancel', 'refund')`,
        ),
    )
    /** The payment transaction acted on (`pay_…`), when the action names one. */
    .addColumn("transaction_id", "text")
    /** Refunds: the amount refunded (null: everything left). */
    .addColumn("amount_minor", "bigint", (col) => col.check(sql`amount_minor > 0`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ${ACTION_STATUSES}`))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("reason", "text")
    /** Why the provider refused, as a reason code or the decline's status detail. */
    .addColumn("error", "text")
    .addColumn("created_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("order_actions_order_created_at_idx")
    .on("order_actions")
    .columns(["order_id", "created_at"])
    .execute();
  await db.schema.createIndex("order_actions_created_by_idx").on("order_actions").column("created_by").execute();

  await db.schema
    .createTable("order_state_changes")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("order_id", "uuid", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("status_detail", "text")
    .addColumn("refunded_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("order_state_changes_order_at_idx")
    .on("order_state_changes")
    .columns(["order_id", "at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("order_state_changes").ifExists().execute();
  await db.schema.dropTable("order_actions").ifExists().execute();
  await db.schema.dropTable("orders").ifExists().execute();
}
