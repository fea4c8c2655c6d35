// Rate limits move to rate-limiter-flexible (src/rate-limits/): one table of
// its shape (key, points, expire in epoch ms) for every limiter, keys prefixed
// by limiter name. The hand-written sliding-window buckets go.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_buckets").ifExists().execute();
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("points", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
  // The prune job deletes expired rows.
  await db.schema.createIndex("rate_limits_expire_idx").on("rate_limits").column("expire").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limits").ifExists().execute();
  await db.schema
    .createTable("rate_limit_buckets")
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("window_start", "timestamptz", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("rate_limit_buckets_pkey", ["key", "window_start"])
    .execute();
  await sql`create index rate_limit_buckets_window_start_idx on rate_limit_buckets (window_start)`.execute(db);
}
