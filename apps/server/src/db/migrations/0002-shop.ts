// The shopper side: payer names as the provider wants them (first and last,
// kept apart so nothing has to guess where one ends), when `checkout.result`
// last asked the provider (its polling fallback is throttled per checkout),
// and the indexes behind the storefront and "my orders" pages.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("checkouts")
    .addColumn("payer_first_name", "text")
    .addColumn("payer_last_name", "text")
    .addColumn("provider_checked_at", "timestamptz")
    .execute();

  // Storefront list: active products in creation order, keyset-paginated on (created_at, id).
  await db.schema
    .createIndex("products_active_created_at_id_idx")
    .on("products")
    .columns(["active", "created_at", "id"])
    .execute();

  // "My orders": a shopper's checkouts that reached the provider, newest first, keyset on (created_at, id).
  await db.schema
    .createIndex("checkouts_user_orders_idx")
    .on("checkouts")
    .columns(["user_id", "created_at", "id"])
    .where(sql.ref("provider_payment_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("checkouts_user_orders_idx").ifExists().execute();
  await db.schema.dropIndex("products_active_created_at_id_idx").ifExists().execute();
  await db.schema
    .alterTable("checkouts")
    .dropColumn("provider_checked_at")
    .dropColumn("payer_last_name")
    .dropColumn("payer_first_name")
    .execute();
}
