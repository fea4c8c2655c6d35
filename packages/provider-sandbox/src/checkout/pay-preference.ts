// Paying a preference from the hosted checkout: tokenize the card and create
// the payment through the same domain functions as the API (so the cardholder
// name decides the outcome), then record it on the preference's merchant order.
// Also builds where the buyer goes next: the store's back URL with the
// provider's query parameters.

import type { SandboxContext, Seller } from "../context";
import { SandboxHttpError } from "../core/errors";
import { findPaymentMethod } from "../data/sites";
import { createCardToken, type StoredCardToken } from "../resources/card-tokens";
import { addPaymentToMerchantOrder, openMerchantOrderForPreference } from "../resources/merchant-orders";
import { createPayment } from "../resources/payments";
import { preferenceCurrency, preferenceTotal } from "../resources/preferences";
import type { Schemas } from "../schemas";
import { type CheckoutCard, type CheckoutField, type CheckoutFieldError, FIELD_LABELS } from "./checkout-form";

type Preference = Schemas["Preference"];
type Payment = Schemas["Payment"];

/** A problem the buyer can fix in the form (card refused by the store, token or payment rejected as invalid). */
export class CheckoutInputError extends Error {
  constructor(readonly errors: CheckoutFieldError[]) {
    super(errors.map((e) => e.message).join("; "));
    this.name = "CheckoutInputError";
  }
}

/** Provider field names (in error causes) → form fields, to point the buyer at the right input. */
const FORM_FIELD_BY_PROVIDER_FIELD: Record<string, CheckoutField> = {
  card_number: "card_number",
  expiration_month: "expiration_month",
  expiration_year: "expiration_year",
  security_code: "security_code",
  "cardholder.name": "cardholder_name",
  "cardholder.identification.type": "identification_type",
  "cardholder.identification.number": "identification_number",
  "payer.identification.type": "identification_type",
  "payer.identification.number": "identification_number",
  "payer.email": "email",
  installments: "installments",
};

function formErrorFrom(error: SandboxHttpError): CheckoutFieldError {
  const body = error.body as { message?: unknown; cause?: { description?: unknown; data?: unknown }[] };
  const cause = Array.isArray(body.cause) ? body.cause[0] : undefined;
  const providerField = typeof cause?.data === "string" ? cause.data : "";
  const field = FORM_FIELD_BY_PROVIDER_FIELD[providerField] ?? null;
  const description = typeof cause?.description === "string" ? cause.description : undefined;
  const message =
    typeof body.message === "string" && body.message !== ""
      ? body.message
      : (description ?? "The payment could not be made.");
  // Name the field with the label the buyer sees next to it.
  return { field, message: field ? `${FIELD_LABELS[field]}: ${message}` : message };
}

/** Runs a provider call; its 4xx errors become form errors the buyer sees (also used by the subscription checkout). */
export function asFormErrors<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof SandboxHttpError && error.status >= 400 && error.status < 500) {
      throw new CheckoutInputError([formErrorFrom(error)]);
    }
    throw error;
  }
}

/**
 * Tokenizes the card of a checked form as `POST /v1/card_tokens` does (used by
 * both checkouts); a token the provider refuses becomes a form error.
 */
export function tokenizeCheckoutCard(ctx: SandboxContext, seller: Seller, card: CheckoutCard): StoredCardToken {
  const cardholder: { name: string; identification?: { type: string; number: string } } = { name: card.cardholderName };
  if (card.identification) cardholder.identification = card.identification;
  return asFormErrors(() =>
    createCardToken(ctx, seller, {
      card_number: card.cardNumber,
      expiration_month: card.expirationMonth,
      expiration_year: card.expirationYear,
      security_code: card.securityCode,
      cardholder,
    }),
  );
}

/** provider: a preference can exclude payment methods and payment types from its checkout. */
function checkAccepted(preference: Preference, seller: Seller, paymentMethodId: string): void {
  const methods = preference.payment_methods;
  const method = findPaymentMethod(seller.siteId, paymentMethodId);
  const excludedMethod = (methods?.excluded_payment_methods ?? []).some((m) => m.id === paymentMethodId);
  const excludedType = method
    ? (methods?.excluded_payment_types ?? []).some((t) => t.id === method.paymentTypeId)
    : false;
  if (excludedMethod || excludedType) {
    const name = method?.name ?? paymentMethodId;
    throw new CheckoutInputError([
      { field: "card_number", message: `Card number: this store does not accept ${name} cards here.` },
    ]);
  }
}

/**
 * Pays a preference with a card from the hosted form: tokenizes the card,
 * creates the payment (amount = the items' total; `external_reference`,
 * `notification_url`, `binary_mode`, `statement_descriptor` from the
 * preference; `metadata.preference_id`; `order` = the merchant order) and adds
 * it to the preference's open merchant order. Throws `CheckoutInputError`
 * for problems the buyer can fix.
 */
export function payPreference(
  ctx: SandboxContext,
  seller: Seller,
  preference: Preference,
  card: CheckoutCard,
): { payment: Payment; merchantOrderId: number } {
  const currency = preferenceCurrency(preference, seller.siteId);
  const token = tokenizeCheckoutCard(ctx, seller, card);
  checkAccepted(preference, seller, token.paymentMethodId);

  const order = openMerchantOrderForPreference(ctx, seller, preference);
  const payer: Schemas["PaymentCreateRequest"]["payer"] = { email: card.email };
  if (card.identification) payer.identification = card.identification;
  const body: Schemas["PaymentCreateRequest"] = {
    transaction_amount: preferenceTotal(preference, currency),
    token: token.token.id,
    installments: card.installments,
    payment_method_id: token.paymentMethodId,
    payer,
    description: preference.items.map((item) => item.title || item.id || "item").join(", "),
    metadata: { ...(preference.metadata ?? {}), preference_id: preference.id },
    binary_mode: preference.binary_mode ?? false,
    capture: true,
    processing_mode: "aggregator",
  };
  if (preference.external_reference) body.external_reference = preference.external_reference;
  if (preference.notification_url) body.notification_url = preference.notification_url;
  if (preference.statement_descriptor) body.statement_descriptor = preference.statement_descriptor;
  const payment = asFormErrors(() =>
    createPayment(ctx, seller, body, { extra: { order: { id: order.id, type: "mercadopago" } } }),
  );
  addPaymentToMerchantOrder(ctx, seller.userId, order.id, payment);
  return { payment, merchantOrderId: order.id };
}

export type OutcomeKind = "success" | "pending" | "failure";

/** Which back URL a payment status sends the buyer to. */
export function outcomeKind(status: Payment["status"]): OutcomeKind {
  if (status === "approved") return "success";
  if (status === "rejected" || status === "cancelled") return "failure";
  return "pending";
}

/**
 * The query parameters the provider appends to a back URL (provider-facts
 * §4.3). provider: absent values are sent as the text `null`.
 */
export function backUrlParams(input: {
  payment: Payment;
  merchantOrderId: number;
  preference: Preference;
}): [string, string][] {
  const { payment, preference } = input;
  return [
    ["collection_id", String(payment.id)],
    ["collection_status", payment.status],
    ["payment_id", String(payment.id)],
    ["status", payment.status],
    ["external_reference", payment.external_reference || preference.external_reference || "null"],
    ["payment_type", payment.payment_type_id],
    ["merchant_order_id", String(input.merchantOrderId)],
    ["preference_id", preference.id],
    ["site_id", preference.site_id ?? "null"],
    ["processing_mode", payment.processing_mode ?? "aggregator"],
    ["merchant_account_id", "null"],
  ];
}

/** A store's back URL when it is an absolute http(s) URL, else null (both checkouts send buyers only there). */
export function parseBackUrl(text: string): URL | null {
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : null;
}

/**
 * The store's URL for an outcome with the provider's parameters, or null when
 * the preference has none usable. Sandbox choice: a missing `pending` or
 * `failure` URL falls back to `success`, so the store still learns the outcome.
 */
export function backUrlFor(preference: Preference, kind: OutcomeKind, params: [string, string][]): string | null {
  const urls = preference.back_urls ?? {};
  const url = parseBackUrl(urls[kind] || urls.success || "");
  if (!url) return null;
  for (const [key, value] of params) url.searchParams.set(key, value);
  return url.toString();
}

/** provider: `auto_return: approved` returns only approved buyers on its own, `all` every buyer. */
export function returnsAutomatically(preference: Preference, kind: OutcomeKind): boolean {
  return preference.auto_return === "all" || (preference.auto_return === "approved" && kind === "success");
}
