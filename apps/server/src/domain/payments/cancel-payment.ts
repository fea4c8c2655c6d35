// Cancelling a payment that has not taken the money yet. provider: only
// `pending`, `in_process` and `authorized` payments cancel; an approved one is
// refunded instead (provider-facts §7).
import { AppError } from "../../errors/app-error";
import {
  CANCELLABLE_STATUSES,
  type PaymentActionOptions,
  type PaymentActionOutcome,
  runPaymentAction,
} from "./payment-action";

export async function cancelPayment(options: PaymentActionOptions): Promise<PaymentActionOutcome> {
  const { providerPaymentId } = options;
  return runPaymentAction(options, {
    kind: "cancel",
    action: "cancel the payment",
    amountMinor: null,
    check(payment) {
      if (!CANCELLABLE_STATUSES.has(payment.status)) {
        throw new AppError(
          "BAD_REQUEST",
          payment.status === "approved"
            ? "An approved payment cannot be cancelled; refund it instead."
            : `A ${payment.status} payment cannot be cancelled.`,
          { reason: "payment_not_cancellable" },
        );
      }
    },
    call: ({ provider, idempotencyKey, signal }) =>
      provider.payments.cancel(providerPaymentId, { idempotencyKey, signal }),
  });
}
