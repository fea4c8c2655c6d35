// The current result of a checkout from the database: the checkout and the
// mirror of the payment it points at. When the checkout knows a payment the
// mirror does not hold yet (a concurrent caller is still writing it), the
// payment is read from the provider and mirrored first.

import type { CheckoutResult } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { syncPaymentFromProvider } from "../payments/sync-payment-from-provider";
import { toCheckoutResult } from "./checkout-result-view";

const RESULT_PAYMENT_COLUMNS = [
  "provider_payment_id",
  "status",
  "status_detail",
  "payment_method_id",
  "refunded_minor",
  "currency",
  "snapshot",
  "updated_at",
  "installments",
  "installment_amount_minor",
  "total_paid_minor",
  "payment_type_id",
] as const;

export async function readCheckoutResult(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now" | "jobs">;
  checkoutId: string;
}): Promise<CheckoutResult> {
  const { deps, checkoutId } = options;
  const readCheckout = () =>
    deps.db
      .selectFrom("checkouts")
      .leftJoin("provider_requests", "provider_requests.id", "checkouts.provider_request_id")
      .select([
        "checkouts.id",
        "checkouts.order_number",
        "checkouts.amount_minor",
        "checkouts.currency",
        "checkouts.updated_at",
        "checkouts.provider_payment_id",
        "provider_requests.status as payment_request_status",
      ])
      .where("checkouts.id", "=", checkoutId)
      .executeTakeFirstOrThrow();
  const readMirror = (paymentId: number) =>
    deps.db
      .selectFrom("payments")
      .select(RESULT_PAYMENT_COLUMNS)
      .where("provider_payment_id", "=", paymentId)
      .executeTakeFirst();

  let checkout = await readCheckout();
  if (checkout.provider_payment_id === null) return toCheckoutResult(checkout, null);
  let payment = await readMirror(checkout.provider_payment_id);
  if (!payment) {
    await syncPaymentFromProvider({ deps, providerPaymentId: checkout.provider_payment_id });
    checkout = await readCheckout();
    payment = checkout.provider_payment_id === null ? undefined : await readMirror(checkout.provider_payment_id);
  }
  return toCheckoutResult(checkout, payment ?? null);
}
