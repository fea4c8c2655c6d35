// The store's settings (one row per key, typed by the code that reads it) and
// the indexes behind the console's user list by role and full product list.
// The user search (substring of email or name) walks the (created_at, id)
// index and filters: staff lists stay small; pg_trgm would need an extension
// not every managed PostgreSQL grants.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("store_settings")
    .addColumn("key", "text", (col) => col.primaryKey().check(sql`key ~ '^[a-z][a-z0-9_]*$'`))
    .addColumn("value", "jsonb", (col) => col.notNull())
    // Bumped on every change, so a cache can tell a stale value from a fresh one.
    .addColumn("version", "bigint", (col) => col.notNull().defaultTo(1))
    .addColumn("updated_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Deleting a user sets updated_by to null: the foreign key needs its index.
  await db.schema.createIndex("store_settings_updated_by_idx").on("store_settings").column("updated_by").execute();

  // The console's user list filtered by role, newest first.
  await db.schema
    .createIndex("users_role_created_at_id_idx")
    .on("users")
    .columns(["role", "created_at", "id"])
    .execute();
  // The console's product list (active and inactive), newest first.
  await db.schema.createIndex("products_created_at_id_idx").on("products").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("products_created_at_id_idx").ifExists().execute();
  await db.schema.dropIndex("users_role_created_at_id_idx").ifExists().execute();
  await db.schema.dropTable("store_settings").ifExists().execute();
}
