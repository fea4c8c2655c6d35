// Which account a terminal charge is made on (issue #12, "every list can be filtered by account"): a Point intent
// records the provider account it was sent with (null: the store's own account, the only one terminals charge on
// today), so the console's intents list filters by account like the payments and orders lists.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("point_intents")
    // Rows are never deleted from provider_accounts (a connection ends by status): restrict guards the history.
    .addColumn("provider_account_id", "uuid", (col) => col.references("provider_accounts.id").onDelete("restrict"))
    .execute();
  // The intents list filtered by account, newest first (its order is (created_at, id)).
  await db.schema
    .createIndex("point_intents_account_created_at_id_idx")
    .on("point_intents")
    .columns(["provider_account_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("point_intents_account_created_at_id_idx").ifExists().execute();
  await db.schema.alterTable("point_intents").dropColumn("provider_account_id").execute();
}
