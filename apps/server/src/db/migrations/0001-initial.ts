// The initial schema. Migrations are never edited once released: change the
// schema with a new numbered file listed in ../migrate.ts.
//
// Every query a user can drive has an index here (listed per table). No column
// holds a card number, CVV or security code: cards are tokenized in the browser
// and only the provider ever sees them.
import { type Kysely, sql } from "kysely";

const CURRENCY_CHECK = sql`~ '^[A-Z]{3}$'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // gen_random_uuid() is built in since PostgreSQL 13; no extension needed.

  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (col) => col.notNull().check(sql`email = lower(btrim(email)) and length(email) <= 254`))
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().defaultTo("shopper").check(sql`role in ('admin', 'shopper')`))
    .addColumn("provider_customer_id", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Case-insensitive uniqueness even if a future writer skips normalisation.
  await db.schema.createIndex("users_email_lower_key").on("users").unique().expression(sql`lower(email)`).execute();
  // Admin user list: newest first, keyset-paginated on (created_at, id).
  await db.schema.createIndex("users_created_at_id_idx").on("users").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("users_role_idx").on("users").column("role").execute();
  await db.schema
    .createIndex("users_provider_customer_id_key")
    .on("users")
    .unique()
    .column("provider_customer_id")
    .where(sql.ref("provider_customer_id"), "is not", null)
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey().check(sql`id ~ '^[0-9a-f]{64}$'`))
    .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("absolute_expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();
  // Pruning expired sessions.
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("slug", "text", (col) => col.notNull().unique().check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("image_url", "text")
    .addColumn("price_minor", "bigint", (col) => col.notNull().check(sql`price_minor >= 0`))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ${CURRENCY_CHECK}`))
    .addColumn("active", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Storefront list: active products in creation order.
  await db.schema
    .createIndex("products_active_created_at_idx")
    .on("products")
    .columns(["active", "created_at"])
    .execute();

  await db.schema
    .createTable("checkouts")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("guest_token_hash", "text")
    .addColumn("items", "jsonb", (col) => col.notNull().check(sql`jsonb_typeof(items) = 'array'`))
    .addColumn("amount_minor", "bigint", (col) => col.notNull().check(sql`amount_minor >= 0`))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ${CURRENCY_CHECK}`))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("payer_email", "text")
    .addColumn("payer_name", "text")
    .addColumn("payer_identification", "jsonb")
    .addColumn("payment_method", "text")
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    // provider: external_reference is at most 256 characters.
    .addColumn("external_reference", "text", (col) =>
      col.notNull().unique().check(sql`length(external_reference) <= 256`),
    )
    .addColumn("provider_preference_id", "text")
    .addColumn("provider_payment_id", "bigint")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // "My orders": a user's checkouts, newest first.
  await db.schema
    .createIndex("checkouts_user_id_created_at_idx")
    .on("checkouts")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("checkouts_provider_preference_id_idx")
    .on("checkouts")
    .column("provider_preference_id")
    .execute();
  await db.schema
    .createIndex("checkouts_provider_payment_id_idx")
    .on("checkouts")
    .column("provider_payment_id")
    .execute();
  // Admin list of all checkouts, newest first.
  await db.schema.createIndex("checkouts_created_at_idx").on("checkouts").column("created_at").execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("provider_payment_id", "bigint", (col) => col.notNull().unique())
    .addColumn("checkout_id", "uuid", (col) => col.references("checkouts.id").onDelete("set null"))
    .addColumn("user_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("status_detail", "text")
    .addColumn("amount_minor", "bigint", (col) => col.notNull().check(sql`amount_minor >= 0`))
    .addColumn("refunded_minor", "bigint", (col) => col.notNull().defaultTo(0).check(sql`refunded_minor >= 0`))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ${CURRENCY_CHECK}`))
    .addColumn("payment_method_id", "text")
    .addColumn("payment_type_id", "text")
    .addColumn("installments", "integer")
    .addColumn("provider_last_updated", "timestamptz")
    .addColumn("snapshot", "jsonb", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("payments_checkout_id_idx").on("payments").column("checkout_id").execute();
  await db.schema
    .createIndex("payments_user_id_created_at_idx")
    .on("payments")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("payments_created_at_idx").on("payments").column("created_at").execute();
  await db.schema.createIndex("payments_status_idx").on("payments").column("status").execute();

  await db.schema
    .createTable("refunds")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("provider_refund_id", "bigint", (col) => col.unique())
    .addColumn("provider_payment_id", "bigint", (col) => col.notNull())
    .addColumn("amount_minor", "bigint", (col) => col.notNull().check(sql`amount_minor > 0`))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ${CURRENCY_CHECK}`))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("refunds_provider_payment_id_idx").on("refunds").column("provider_payment_id").execute();
  await db.schema.createIndex("refunds_created_by_idx").on("refunds").column("created_by").execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("provider_subscription_id", "text", (col) => col.notNull().unique())
    .addColumn("user_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("provider_plan_id", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("amount_minor", "bigint", (col) => col.notNull().check(sql`amount_minor >= 0`))
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ${CURRENCY_CHECK}`))
    .addColumn("next_payment_date", "timestamptz")
    .addColumn("snapshot", "jsonb", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("subscriptions_user_id_created_at_idx")
    .on("subscriptions")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("subscriptions_provider_plan_id_idx")
    .on("subscriptions")
    .column("provider_plan_id")
    .execute();
  await db.schema.createIndex("subscriptions_created_at_idx").on("subscriptions").column("created_at").execute();

  await db.schema
    .createTable("provider_accounts")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("provider_user_id", "bigint", (col) => col.notNull().unique())
    .addColumn("connected_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("access_token_ciphertext", "text", (col) => col.notNull())
    .addColumn("refresh_token_ciphertext", "text")
    .addColumn("public_key", "text")
    .addColumn("scope", "text")
    .addColumn("live_mode", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("expires_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("provider_accounts_connected_by_idx")
    .on("provider_accounts")
    .column("connected_by")
    .execute();
  // Token refresh job: accounts whose tokens expire soonest.
  await db.schema
    .createIndex("provider_accounts_expires_at_idx")
    .on("provider_accounts")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("dedupe_key", "text", (col) => col.notNull().unique())
    .addColumn("topic", "text", (col) => col.notNull())
    .addColumn("action", "text")
    .addColumn("data_id", "text")
    .addColumn("request_id", "text")
    .addColumn("signature_valid", "boolean", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("received").check(sql`status in ('received', 'processing', 'processed', 'failed')`),
    )
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("payload", "jsonb", (col) => col.notNull())
    .addColumn("received_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("processed_at", "timestamptz")
    .execute();
  // Admin list / retry sweep by status, oldest first.
  await db.schema
    .createIndex("webhook_events_status_received_at_idx")
    .on("webhook_events")
    .columns(["status", "received_at"])
    .execute();
  await db.schema.createIndex("webhook_events_received_at_idx").on("webhook_events").column("received_at").execute();
  await db.schema
    .createIndex("webhook_events_topic_data_id_idx")
    .on("webhook_events")
    .columns(["topic", "data_id"])
    .execute();

  await db.schema
    .createTable("counters")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("value", "bigint", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("actor_user_id", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("resource_type", "text", (col) => col.notNull())
    .addColumn("resource_id", "text")
    .addColumn("idempotency_key", "text")
    .addColumn("details", "jsonb")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("audit_log_resource_idx")
    .on("audit_log")
    .columns(["resource_type", "resource_id", "created_at"])
    .execute();
  await db.schema.createIndex("audit_log_actor_user_id_idx").on("audit_log").column("actor_user_id").execute();
  await db.schema.createIndex("audit_log_created_at_idx").on("audit_log").column("created_at").execute();

  await db.schema
    .createTable("rate_limit_buckets")
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("window_start", "timestamptz", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("rate_limit_buckets_pkey", ["key", "window_start"])
    .execute();
  // Pruning old windows.
  await db.schema
    .createIndex("rate_limit_buckets_window_start_idx")
    .on("rate_limit_buckets")
    .column("window_start")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "rate_limit_buckets",
    "audit_log",
    "counters",
    "webhook_events",
    "provider_accounts",
    "subscriptions",
    "refunds",
    "payments",
    "checkouts",
    "products",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
