// One store order for the console: the checkout, every payment made for it (linking to the payment's page), and a
// human timeline (made, each payment status, each receipt sent). Reads only the database.
import type { StoreOrderDetail } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { toMoney } from "../catalog/product-view";
import { orderConfirmationKey } from "../payments/apply-payment-snapshot";
import { STORE_ORDER_COLUMNS, toStoreOrderListItem } from "./store-order-view";

export async function getStoreOrder(options: { db: Kysely<DB>; checkoutId: string }): Promise<StoreOrderDetail> {
  const { db, checkoutId } = options;
  const row = await db
    .selectFrom("checkouts as c")
    .select(STORE_ORDER_COLUMNS)
    .select(["c.payment_method", "c.external_reference"])
    .where("c.id", "=", checkoutId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "There is no such order.", { field: "checkoutId" });
  const payments = await db
    .selectFrom("payments")
    .select([
      "provider_payment_id",
      "status",
      "status_detail",
      "amount_minor",
      "refunded_minor",
      "currency",
      "payment_method_id",
      "provider_created_at",
    ])
    .where("checkout_id", "=", checkoutId)
    .orderBy("provider_created_at")
    .execute();
  const paymentIds = payments.map((payment) => payment.provider_payment_id);
  const changes =
    paymentIds.length === 0
      ? []
      : await db
          .selectFrom("payment_state_changes")
          .select(["provider_payment_id", "status", "at"])
          .where("provider_payment_id", "in", paymentIds)
          .orderBy("at")
          .execute();
  const confirmationKey = orderConfirmationKey(checkoutId);
  const emails = await db
    .selectFrom("outbound_emails")
    .select(["kind", "created_at", "sent_at"])
    // The first confirmation and every staff resend (receiptResendKey) of this order.
    .where((eb) => eb.or([eb("dedupe_key", "=", confirmationKey), eb("dedupe_key", "like", `${confirmationKey}:%`)]))
    .orderBy("created_at")
    .execute();

  const timeline: StoreOrderDetail["timeline"] = [
    { at: row.created_at.toISOString(), kind: "created" as const, what: null, providerPaymentId: null },
    ...changes.map((change) => ({
      at: change.at.toISOString(),
      kind: "payment" as const,
      what: change.status,
      providerPaymentId: change.provider_payment_id,
    })),
    ...emails.map((email) => ({
      at: (email.sent_at ?? email.created_at).toISOString(),
      kind: "email" as const,
      what: email.kind,
      providerPaymentId: null,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return {
    ...toStoreOrderListItem(row, payments.length),
    paymentMethod: row.payment_method,
    externalReference: row.external_reference,
    payments: payments.map((payment) => ({
      providerPaymentId: payment.provider_payment_id,
      status: payment.status,
      statusDetail: payment.status_detail,
      amount: toMoney(payment.amount_minor, payment.currency),
      refunded: toMoney(payment.refunded_minor, payment.currency),
      paymentMethodId: payment.payment_method_id,
      createdAt: payment.provider_created_at.toISOString(),
    })),
    timeline,
  };
}
