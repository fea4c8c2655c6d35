// Disputes: a mirror of the provider's chargebacks (filled from the `chargebacks` notification, which re-reads the
// chargeback), and each evidence upload an operator sends, stored with its idempotency key before the provider is
// called. Only the files' names, types and sizes are kept here, never their content.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("chargebacks")
    .addColumn("provider_chargeback_id", "text", (col) => col.primaryKey())
    /** The first payment the case names (the provider's `payments[0]`). */
    .addColumn("provider_payment_id", "bigint")
    .addColumn("amount_minor", "bigint", (col) => col.notNull())
    .addColumn("currency", sql`char(3)`, (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("reason", "text")
    .addColumn("coverage_applied", "boolean")
    .addColumn("coverage_eligible", "boolean")
    .addColumn("documentation_required", "boolean", (col) => col.notNull())
    .addColumn("documentation_status", "text", (col) => col.notNull())
    .addColumn("documentation_deadline", "timestamptz")
    /** The provider's body as last seen (a chargeback holds no card data). */
    .addColumn("snapshot", "jsonb", (col) => col.notNull())
    .addColumn("provider_created_at", "timestamptz")
    /** The provider's `date_last_updated`: an older answer never overwrites a newer one. */
    .addColumn("provider_updated_at", "timestamptz")
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("chargebacks_deadline_idx")
    .on("chargebacks")
    .columns(["documentation_deadline", "provider_chargeback_id"])
    .execute();
  await db.schema.createIndex("chargebacks_payment_idx").on("chargebacks").column("provider_payment_id").execute();
  await db.schema
    .createIndex("chargebacks_status_idx")
    .on("chargebacks")
    .columns(["documentation_status", "documentation_deadline"])
    .execute();

  await db.schema
    .createTable("chargeback_evidence_uploads")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("provider_chargeback_id", "text", (col) =>
      col.notNull().references("chargebacks.provider_chargeback_id").onDelete("cascade"),
    )
    // pending: stored, the call may be out; succeeded / failed: the provider's answer; unknown: no answer seen.
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'unknown')`),
    )
    /** [{name, type, size}] of the files sent: a repeat of the key must send the same files. */
    .addColumn("files", "jsonb", (col) => col.notNull())
    .addColumn("total_bytes", "integer", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("created_by", "uuid", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("chargeback_evidence_uploads_chargeback_idx")
    .on("chargeback_evidence_uploads")
    .columns(["provider_chargeback_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("chargeback_evidence_uploads_created_by_idx")
    .on("chargeback_evidence_uploads")
    .column("created_by")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("chargeback_evidence_uploads").execute();
  await db.schema.dropTable("chargebacks").execute();
}
