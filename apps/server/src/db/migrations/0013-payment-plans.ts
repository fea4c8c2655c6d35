// A card payment's plan as the provider charged it: the amount of each
// installment and the total paid (price plus the financing cost of the chosen
// installments), from the payment's `transaction_details`. Null for payments
// mirrored before, or whose provider body lacks them.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("installment_amount_minor", "bigint")
    .addColumn("total_paid_minor", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .dropColumn("installment_amount_minor")
    .dropColumn("total_paid_minor")
    .execute();
}
