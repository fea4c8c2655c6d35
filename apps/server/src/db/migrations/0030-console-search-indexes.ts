// Issue 18: the console's one search box. Each lookup it makes has an index: the start of a payment's or a shop
// checkout's reference (lower-case, text_pattern_ops so `like 'abc%'` uses it), a shop checkout's payer e-mail
// (checkouts keep it as typed; 0011's index covers guests only), the card's last four in a payment's snapshot, and
// an Orders API payment id inside a console order's mirrored transactions. Payment ids, payer e-mails of payments
// (stored lower-case), order numbers and the console orders' references and e-mails were indexed before (0001,
// 0008, 0014, 0026).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index payments_reference_prefix_idx on payments (lower(external_reference) text_pattern_ops)`.execute(
    db,
  );
  await sql`create index payments_card_last_four_idx on payments ((snapshot->'card'->>'last_four_digits'))`.execute(db);
  await sql`create index checkouts_reference_prefix_idx on checkouts (lower(external_reference) text_pattern_ops)`.execute(
    db,
  );
  await sql`create index checkouts_payer_email_lower_idx on checkouts (lower(payer_email))`.execute(db);
  await sql`create index orders_transactions_idx on orders using gin (transactions jsonb_path_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "orders_transactions_idx",
    "checkouts_payer_email_lower_idx",
    "checkouts_reference_prefix_idx",
    "payments_card_last_four_idx",
    "payments_reference_prefix_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
