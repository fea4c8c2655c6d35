// The parts of a provider payment (or preference) request that come from the
// checkout itself: amount, payer, references, where to notify. Amounts leave
// here as the provider's JSON numbers (`fromMinorUnits`), the only place minor
// units are converted for a checkout.
import type { CardCaptureMode } from "@cobro/contracts";
import type { PaymentCreateRequest } from "@cobro/provider-client";
import { fromMinorUnits } from "@cobro/provider-client/money";
import type { Checkout } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { notificationUrlFor } from "../../provider/provider-urls";
import { storedCurrency } from "../catalog/product-view";
import { parseIdentification } from "./checkout-identification";
import { describeItems, parseCheckoutItems } from "./checkout-items";
import type { CheckoutPaymentKind } from "./create-checkout-payment";

export function payerOf(checkout: Checkout): PaymentCreateRequest["payer"] {
  const identification = parseIdentification(checkout.payer_identification);
  return {
    email: checkout.payer_email ?? "",
    ...(checkout.payer_first_name ? { first_name: checkout.payer_first_name } : {}),
    ...(checkout.payer_last_name ? { last_name: checkout.payer_last_name } : {}),
    ...(identification ? { identification } : {}),
  };
}

/**
 * Everything of a POST /v1/payments body but the payment method's own fields. `statementDescriptor` is the
 * store's setting, read by the caller for this payment (provider: at most 22 characters, checked when saved).
 */
export function basePaymentRequest(
  deps: Pick<AppDeps, "publicUrl" | "providerSettings">,
  checkout: Checkout,
  statementDescriptor: string,
): PaymentCreateRequest {
  const currency = storedCurrency(checkout.currency);
  const items = parseCheckoutItems(checkout.items);
  const notificationUrl = notificationUrlFor(deps);
  return {
    transaction_amount: fromMinorUnits(checkout.amount_minor, currency),
    payer: payerOf(checkout),
    external_reference: checkout.external_reference,
    ...(notificationUrl ? { notification_url: notificationUrl } : {}),
    description: describeItems(items),
    statement_descriptor: statementDescriptor,
    metadata: { checkout_id: checkout.id },
    // provider: item details improve fraud scoring and approval rates.
    additional_info: {
      items: items.map((item) => ({
        id: item.productId,
        title: item.name,
        quantity: item.quantity,
        unit_price: fromMinorUnits(item.unitPriceMinor, currency),
      })),
    },
  };
}

/**
 * The capture fields of a payment: a card payment only authorizes (`capture: false`) when the store captures
 * manually; other methods (Pix, vouchers) have nothing to capture, so they send nothing.
 * provider: `capture` applies to card payments; an authorized payment is captured later with PUT `capture: true`.
 */
export function captureFieldsFor(
  kind: CheckoutPaymentKind,
  mode: CardCaptureMode,
): Pick<PaymentCreateRequest, "capture"> | Record<string, never> {
  return kind === "card" && mode === "manual" ? { capture: false } : {};
}
