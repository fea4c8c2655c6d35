// The console's store orders (issue 18): the shop's checkouts listed newest first, filtered by state or by the start
// of the payer's e-mail, and an order's receipts found by their outbox key prefix.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The list's order is (created_at, id); with a state filter, within one state.
  await db.schema.createIndex("checkouts_created_at_id_idx").on("checkouts").columns(["created_at", "id"]).execute();
  await db.schema
    .createIndex("checkouts_status_created_at_id_idx")
    .on("checkouts")
    .columns(["status", "created_at", "id"])
    .execute();
  // `lower(payer_email) like 'prefix%'` (text_pattern_ops serves a prefix match under any collation).
  await db.schema
    .createIndex("checkouts_payer_email_prefix_idx")
    .on("checkouts")
    .expression(sql`lower(payer_email) text_pattern_ops`)
    .execute();
  // An order's confirmation and its resends: `order-confirmation:<id>:%`.
  await db.schema
    .createIndex("outbound_emails_dedupe_key_prefix_idx")
    .on("outbound_emails")
    .expression(sql`dedupe_key text_pattern_ops`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbound_emails_dedupe_key_prefix_idx").ifExists().execute();
  await db.schema.dropIndex("checkouts_payer_email_prefix_idx").ifExists().execute();
  await db.schema.dropIndex("checkouts_status_created_at_id_idx").ifExists().execute();
  await db.schema.dropIndex("checkouts_created_at_id_idx").ifExists().execute();
}
