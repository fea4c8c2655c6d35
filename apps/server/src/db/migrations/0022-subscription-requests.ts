// Console requests that change what a subscription charges: a subscription without a plan (`POST /preapproval`,
// the provider then charges the card on schedule) and a change of its amount or card (`PUT /preapproval/{id}`).
// The row is stored with the dialog's idempotency key and the body to send BEFORE the provider is called
// (claim → call → record), so a double submit or a "Try again" after a lost answer reuses the key and the
// provider replays its first answer: one subscription, one change. The card token is never stored, only its
// SHA-256, to tell a retry of the same card from another card.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("subscription_requests")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('create', 'change')`))
    /** The provider's subscription id: known for a change, and for a create once its answer was seen. */
    .addColumn("provider_subscription_id", "text")
    // pending: stored, the call may be out; succeeded / failed: the provider's answer; unknown: no answer seen.
    .addColumn("request_status", "text", (col) =>
      col.notNull().check(sql`request_status in ('pending', 'succeeded', 'failed', 'unknown')`),
    )
    /** The body sent to the provider without the card token: a repeat with the same key must send the same one. */
    .addColumn("request", "jsonb", (col) => col.notNull())
    .addColumn("card_token_sha256", "text")
    .addColumn("amount_minor", "bigint", (col) => col.check(sql`amount_minor > 0`))
    .addColumn("currency", sql`char(3)`, (col) => col.check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("error", "text")
    .addColumn("created_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("subscription_requests_subscription_idx")
    .on("subscription_requests")
    .columns(["provider_subscription_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("subscription_requests_created_by_idx")
    .on("subscription_requests")
    .column("created_by")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("subscription_requests").ifExists().execute();
}
