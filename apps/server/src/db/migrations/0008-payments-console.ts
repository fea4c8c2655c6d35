// The payments console (admin area `payments`):
// - `payments` gains what its list filters and sorts on, copied out of the snapshot so each has an index:
//   the provider's creation time, the payer's e-mail (lower-case) and the external reference;
// - `payment_state_changes`: every state the mirror went through (written by applyPaymentSnapshot);
// - `provider_calls`: every call Cobro made to the provider, written by the provider layer (never a body, a token
//   or card data), pruned after 30 days.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("provider_created_at", "timestamptz")
    .addColumn("payer_email", "text")
    .addColumn("external_reference", "text")
    .execute();
  await sql`
    update payments set
      provider_created_at = date_trunc('milliseconds', coalesce(
        case when snapshot->>'date_created' ~ '^\\d{4}-' then (snapshot->>'date_created')::timestamptz end,
        created_at)),
      payer_email = nullif(lower(snapshot->'payer'->>'email'), ''),
      external_reference = nullif(snapshot->>'external_reference', '')
  `.execute(db);
  // Milliseconds, like every value the app writes: the list's keyset cursor carries epoch milliseconds.
  await sql`alter table payments alter column provider_created_at set default date_trunc('milliseconds', now())`.execute(
    db,
  );
  await sql`alter table payments alter column provider_created_at set not null`.execute(db);
  // Keyset pagination: (sort key, provider_payment_id) for each sort the console offers.
  await db.schema
    .createIndex("payments_provider_created_at_id_idx")
    .on("payments")
    .columns(["provider_created_at", "provider_payment_id"])
    .execute();
  await db.schema
    .createIndex("payments_amount_minor_id_idx")
    .on("payments")
    .columns(["amount_minor", "provider_payment_id"])
    .execute();
  await db.schema.createIndex("payments_payment_method_id_idx").on("payments").column("payment_method_id").execute();
  await db.schema.createIndex("payments_payer_email_idx").on("payments").column("payer_email").execute();
  await db.schema.createIndex("payments_external_reference_idx").on("payments").column("external_reference").execute();

  await db.schema
    .createTable("payment_state_changes")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("provider_payment_id", "bigint", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("status_detail", "text")
    .addColumn("refunded_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull())
    /** The provider's date_last_updated of the snapshot (when the change happened), else when it was applied. */
    .addColumn("at", "timestamptz", (col) => col.notNull())
    .addColumn("recorded_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("payment_state_changes_payment_at_idx")
    .on("payment_state_changes")
    .columns(["provider_payment_id", "at"])
    .execute();

  await db.schema
    .createTable("provider_calls")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("method", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    /** Null when no answer arrived (timeout, network error, abort). */
    .addColumn("status", "integer")
    /** The error's name (ProviderBadRequestError, ProviderTimeoutError…), never its body. */
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull())
    .addColumn("idempotency_key", "text")
    /** The payment (or other resource) the call was about: from the path, else the response's id. */
    .addColumn("resource_id", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("provider_calls_resource_created_at_idx")
    .on("provider_calls")
    .columns(["resource_id", "created_at"])
    .execute();
  await db.schema.createIndex("provider_calls_created_at_idx").on("provider_calls").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("provider_calls").ifExists().execute();
  await db.schema.dropTable("payment_state_changes").ifExists().execute();
  await db.schema.dropIndex("payments_external_reference_idx").ifExists().execute();
  await db.schema.dropIndex("payments_payer_email_idx").ifExists().execute();
  await db.schema.dropIndex("payments_payment_method_id_idx").ifExists().execute();
  await db.schema.dropIndex("payments_amount_minor_id_idx").ifExists().execute();
  await db.schema.dropIndex("payments_provider_created_at_id_idx").ifExists().execute();
  await db.schema
    .alterTable("payments")
    .dropColumn("external_reference")
    .dropColumn("payer_email")
    .dropColumn("provider_created_at")
    .execute();
}
