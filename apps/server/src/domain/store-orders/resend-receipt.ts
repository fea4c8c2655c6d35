// Staff resend a shopper's receipt (the order confirmation e-mail) from an order or payment page. Each resend is
// its own outbox message under its own key (the dialog's idempotency key: a double click sends once, a second
// resend sends again), written in one transaction with its audit row, then handed to the send job.
import type { Payment as ProviderPayment } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { dispatchEmail } from "../email/outbox";
import { orderConfirmationKey, queueOrderConfirmation } from "../payments/apply-payment-snapshot";

/** Payment statuses after which the shopper has paid, so a receipt says something true. */
const RECEIPT_STATUSES = new Set(["approved", "refunded", "in_mediation", "charged_back"]);

export function receiptResendKey(checkoutId: string, idempotencyKey: string): string {
  return `${orderConfirmationKey(checkoutId)}:resend:${idempotencyKey}`;
}

export async function resendReceipt(options: {
  deps: Pick<AppDeps, "db" | "jobs" | "now">;
  actorUserId: string;
  checkoutId: string;
  idempotencyKey: string;
}): Promise<{ queued: boolean; to: string | null }> {
  const { deps, actorUserId, checkoutId, idempotencyKey } = options;
  const checkout = await deps.db
    .selectFrom("checkouts")
    .select(["id", "provider_payment_id", "payer_email"])
    .where("id", "=", checkoutId)
    .executeTakeFirst();
  if (!checkout) throw new AppError("NOT_FOUND", "There is no such order.", { field: "checkoutId" });
  const payment =
    checkout.provider_payment_id === null
      ? undefined
      : await deps.db
          .selectFrom("payments")
          .select(["status", "snapshot"])
          .where("provider_payment_id", "=", checkout.provider_payment_id)
          .executeTakeFirst();
  if (!payment || !RECEIPT_STATUSES.has(payment.status)) {
    throw new AppError("CONFLICT", "This order has no approved payment, so there is no receipt to send.", {
      field: "checkoutId",
    });
  }
  const now = deps.now();
  const dedupeKey = receiptResendKey(checkoutId, idempotencyKey);
  const emailId = await deps.db.transaction().execute(async (trx) => {
    const id = await queueOrderConfirmation(trx, payment.snapshot as ProviderPayment, checkoutId, now, dedupeKey);
    // A repeat of the same resend (same key) queues nothing and is not audited twice.
    if (id !== null) {
      await recordAudit({
        db: trx,
        actorUserId,
        action: "receipt.resent",
        resourceType: "checkout",
        resourceId: checkoutId,
        idempotencyKey,
        now,
      });
    }
    return id;
  });
  await dispatchEmail(deps.jobs, emailId);
  return { queued: emailId !== null, to: checkout.payer_email };
}
