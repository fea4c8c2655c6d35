// Issue 18 (settings a store needs): the store's name, statement descriptor, sender, brand colour and logo. The
// first four are rows of `store_settings` (one per key, like the capture mode) and need no change here; the logo's
// bytes live in their own table, keyed by their SHA-256, so its URL names one immutable image and the setting only
// points at it. Every instance reads both from PostgreSQL, so a change needs no restart and no shared disk.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("store_logos")
    .addColumn("sha256", "text", (col) => col.primaryKey().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn("content_type", "text", (col) =>
      col.notNull().check(sql`content_type in ('image/png', 'image/jpeg', 'image/webp')`),
    )
    // 512 KB at most (the upload refuses larger files first).
    .addColumn("data", "bytea", (col) => col.notNull().check(sql`octet_length(data) <= 524288`))
    .addColumn("uploaded_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Deleting a user sets uploaded_by to null: the foreign key needs its index.
  await db.schema.createIndex("store_logos_uploaded_by_idx").on("store_logos").column("uploaded_by").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("store_logos").ifExists().execute();
}
