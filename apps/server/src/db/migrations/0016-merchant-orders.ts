// Merchant orders in the console: a local mirror of the provider's merchant
// orders (filled from every answer Cobro sees and from the `merchant_order`
// notification), and the staff's create / update requests, each stored with
// its dialog's idempotency key before the provider is called so a double
// submit or a retry after a timeout makes one effect.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("merchant_orders")
    .addColumn("provider_merchant_order_id", "bigint", (col) => col.primaryKey())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("order_status", "text")
    .addColumn("preference_id", "text")
    .addColumn("external_reference", "text")
    .addColumn("total_minor", "bigint", (col) => col.notNull())
    .addColumn("paid_minor", "bigint", (col) => col.notNull())
    .addColumn("refunded_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    /** The provider's body as last seen (never card data: a merchant order holds none). */
    .addColumn("snapshot", "jsonb", (col) => col.notNull())
    .addColumn("provider_created_at", "timestamptz")
    /** The provider's `last_updated`: an older answer never overwrites a newer one. */
    .addColumn("provider_updated_at", "timestamptz")
    /** When Cobro last wrote this row from a provider answer. */
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("merchant_orders_preference_idx").on("merchant_orders").column("preference_id").execute();
  await db.schema
    .createIndex("merchant_orders_external_reference_idx")
    .on("merchant_orders")
    .column("external_reference")
    .execute();

  await db.schema
    .createTable("merchant_order_requests")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('create', 'update')`))
    /** Updates: the order changed; creates: filled once the provider answered. */
    .addColumn("provider_merchant_order_id", "bigint")
    // pending: stored, the call may be out; succeeded / failed: the provider's answer; unknown: no answer seen.
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'unknown')`),
    )
    /** The body sent to the provider: a repeat with the same key must send the same one. */
    .addColumn("request", "jsonb", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("created_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("merchant_order_requests_order_idx")
    .on("merchant_order_requests")
    .columns(["provider_merchant_order_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("merchant_order_requests_created_by_idx")
    .on("merchant_order_requests")
    .column("created_by")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("merchant_order_requests").ifExists().execute();
  await db.schema.dropTable("merchant_orders").ifExists().execute();
}
