// Capturing an authorized payment (a card payment created with
// `capture: false`), in full or for less. provider: only `authorized`
// payments capture, for at most the authorized amount; the rest of the
// reservation is released (docs/provider-facts.md §7).
import { type CurrencyCode, fromMinorUnits } from "@cobro/provider-client/money";
import { AppError } from "../../errors/app-error";
import { type PaymentActionOptions, type PaymentActionOutcome, runPaymentAction } from "./payment-action";

export async function capturePayment(
  options: PaymentActionOptions & {
    /** Minor units; omitted: the whole authorized amount. */
    amountMinor?: number;
  },
): Promise<PaymentActionOutcome> {
  const { providerPaymentId } = options;
  let currency: CurrencyCode = "ARS";
  return runPaymentAction(options, {
    kind: "capture",
    action: "capture the payment",
    amountMinor: options.amountMinor ?? null,
    check(payment) {
      if (payment.status !== "authorized") {
        throw new AppError("BAD_REQUEST", `Only authorized payments can be captured; this one is ${payment.status}.`, {
          reason: "payment_not_capturable",
        });
      }
      const amount = options.amountMinor;
      if (amount !== undefined && (!Number.isSafeInteger(amount) || amount <= 0 || amount > payment.amount_minor)) {
        throw new AppError("BAD_REQUEST", "A capture must be more than zero and at most the authorized amount.", {
          field: "amountMinor",
          reason: "capture_exceeds_authorized",
        });
      }
      currency = payment.currency.trim() as CurrencyCode;
    },
    call: ({ provider, idempotencyKey, signal }) =>
      provider.payments.capture(
        providerPaymentId,
        options.amountMinor === undefined ? undefined : fromMinorUnits(options.amountMinor, currency),
        { idempotencyKey, signal },
      ),
  });
}
