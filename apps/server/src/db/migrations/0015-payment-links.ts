// Payment links (checkout preferences made in the console): Cobro keeps each
// link it asked the provider for, with the dialog's idempotency key and the
// exact body sent (a repeat of an unanswered create re-sends the same body
// with the same key, so the provider replays instead of making a second
// link). The payment mirror learns which preference a payment paid, so a
// link's detail lists its payments from an index.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_links")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    // pending: stored, the call may be out; created: the provider answered; failed: it refused;
    // unknown: no answer seen (a repeat of the dialog re-sends the same body with the same key).
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('pending', 'created', 'failed', 'unknown')`),
    )
    .addColumn("provider_preference_id", "text", (col) => col.unique())
    .addColumn("init_point", "text")
    .addColumn("title_summary", "text", (col) => col.notNull())
    .addColumn("request", "jsonb", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("created_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // A deleted user's links keep everything but the link (ON DELETE SET NULL looks them up by this).
  await db.schema.createIndex("payment_links_created_by_idx").on("payment_links").column("created_by").execute();

  await db.schema.alterTable("payments").addColumn("preference_id", "text").execute();
  // A link's detail lists the payments of its preference, newest first.
  await db.schema
    .createIndex("payments_preference_created_idx")
    .on("payments")
    .columns(["preference_id", "provider_created_at"])
    .where(sql.ref("preference_id"), "is not", null)
    .execute();
  // Backfill from the mirrored snapshots (the provider copies the preference's id into the payment's metadata).
  await sql`update payments set preference_id = snapshot->'metadata'->>'preference_id'
    where preference_id is null and jsonb_typeof(snapshot->'metadata'->'preference_id') = 'string'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("payments_preference_created_idx").execute();
  await db.schema.alterTable("payments").dropColumn("preference_id").execute();
  await db.schema.dropTable("payment_links").execute();
}
