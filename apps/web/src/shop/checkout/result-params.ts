// What the result page should look up, from its URL: the provider's redirect
// back from the hosted checkout (`external_reference` + `payment_id` or
// `collection_id`), our own `checkout_id` after a card or Pix payment, or the
// checkout kept in sessionStorage.
import type { StoredCheckout } from "./checkout-session";

export type ResultLookup =
  | { kind: "redirect"; externalReference: string; paymentId: number }
  | { kind: "checkout"; checkoutId: string }
  | { kind: "none" };

/** A positive integer payment id; the provider sends the text "null" when there is no payment. */
export function parsePaymentId(value: string | null): number | null {
  if (value === null || !/^\d{1,16}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function clean(value: string | null): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" || trimmed === "null" ? null : trimmed;
}

/**
 * Decides the lookup. The provider's parameters win (they name the payment just made); a redirect without a payment
 * (the shopper left the hosted page) falls back to the checkout its `external_reference` names, which is the
 * checkout id.
 */
export function parseResultParams(search: URLSearchParams, stored: StoredCheckout | null): ResultLookup {
  const externalReference = clean(search.get("external_reference"));
  const paymentId = parsePaymentId(search.get("payment_id")) ?? parsePaymentId(search.get("collection_id"));
  if (externalReference !== null && paymentId !== null) return { kind: "redirect", externalReference, paymentId };
  const checkoutId = clean(search.get("checkout_id")) ?? externalReference ?? stored?.checkoutId ?? null;
  return checkoutId !== null ? { kind: "checkout", checkoutId } : { kind: "none" };
}

/** The result page's address for a checkout paid in this app. */
export function resultPathFor(checkoutId: string): string {
  return `/checkout/result?checkout_id=${encodeURIComponent(checkoutId)}`;
}
