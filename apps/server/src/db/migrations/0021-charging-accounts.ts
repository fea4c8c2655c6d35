// Which account a charge is made on (issue #12, "the account the shop charges with is a setting"): a checkout
// records the account it charges on when it is created (null: the store's own account), so its payment, every retry
// with its idempotency key, its hosted-checkout preference and its re-reads all go to that one account whatever the
// setting says later; the payments mirror keeps the account whose credentials read each payment, so a refund,
// capture, cancel or refresh goes to the account that holds the payment. The setting itself is a `store_settings`
// row (`charging_account`), read per request. Console orders (the virtual terminal) keep their account too, so the
// orders list filters by account like the payments list; they charge on the store's own account today (null).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["checkouts", "payments"] as const) {
    await db.schema
      .alterTable(table)
      // Rows are never deleted from provider_accounts (a connection ends by status): restrict guards the history.
      .addColumn("provider_account_id", "uuid", (col) => col.references("provider_accounts.id").onDelete("restrict"))
      .execute();
  }
  await db.schema
    .alterTable("orders")
    .addColumn("provider_account_id", "uuid", (col) => col.references("provider_accounts.id").onDelete("restrict"))
    .execute();
  // The console's orders list filtered by account, newest first (its keyset is (created_at, id)).
  await db.schema
    .createIndex("orders_account_created_at_id_idx")
    .on("orders")
    .columns(["provider_account_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("checkouts_provider_account_id_idx")
    .on("checkouts")
    .column("provider_account_id")
    .execute();
  // The console's payments list filtered by account, newest first.
  await db.schema
    .createIndex("payments_account_created_at_payment_idx")
    .on("payments")
    .columns(["provider_account_id", "provider_created_at", "provider_payment_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payments_account_created_at_payment_idx").ifExists().execute();
  await db.schema.dropIndex("checkouts_provider_account_id_idx").ifExists().execute();
  await db.schema.dropIndex("orders_account_created_at_id_idx").ifExists().execute();
  await db.schema.alterTable("orders").dropColumn("provider_account_id").execute();
  for (const table of ["checkouts", "payments"] as const) {
    await db.schema.alterTable(table).dropColumn("provider_account_id").execute();
  }
}
