// The hosted subscription checkout's pages (the plan's or preapproval's
// `init_point`): what the payer subscribes to (reason, amount, frequency), the
// card form with the test-data hints, and the result page. Built from the
// hosted checkout's form helpers, so both checkouts look and behave alike.

import { type CurrencyCode, formatMoney, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import type { Seller } from "../context";
import { SITE_CURRENCY, SITE_LOCALE } from "../data/site-data";
import type { Schemas } from "../schemas";
import type { CheckoutFieldError, CheckoutFormValues } from "./checkout-form";
import { cardFieldsets, errorSummary, testDataHints, textField } from "./checkout-pages";
import { html, renderPage, type SafeHtml } from "./html";

/** What the payer is asked to subscribe to, from a plan or a pending preapproval. */
export interface SubscriptionOffer {
  seller: Seller;
  reason: string;
  /** Major units, e.g. 1500.5; null when the plan leaves the amount open. */
  amount: number | null;
  currency: CurrencyCode;
  frequency: number;
  frequencyType: Schemas["FrequencyType"];
  freeTrial: { frequency: number; frequencyType: Schemas["FrequencyType"] } | null;
  /** How many charges in total; null = until cancelled. */
  repetitions: number | null;
}

/** Which resource the form subscribes to: the hidden field posted back. */
export type SubscriptionTarget = { kind: "plan"; id: string } | { kind: "preapproval"; id: string };

export const TARGET_FIELD: Readonly<Record<SubscriptionTarget["kind"], string>> = {
  plan: "preapproval_plan_id",
  preapproval: "preapproval_id",
};

/** The offer of a plan's or a subscription's `auto_recurring` (the site's currency when it names an unknown one). */
export function offerOf(
  seller: Seller,
  reason: string,
  recurring: Schemas["PlanAutoRecurring"] | Schemas["SubscriptionAutoRecurring"] | undefined,
): SubscriptionOffer {
  const currencyId = recurring?.currency_id;
  const trial = recurring?.free_trial;
  return {
    seller,
    reason,
    amount: recurring?.transaction_amount ?? null,
    currency: currencyId && isSupportedCurrency(currencyId) ? currencyId : SITE_CURRENCY[seller.siteId],
    frequency: recurring?.frequency ?? 1,
    frequencyType: recurring?.frequency_type ?? "months",
    freeTrial: trial ? { frequency: trial.frequency, frequencyType: trial.frequency_type } : null,
    repetitions: recurring?.repetitions ?? null,
  };
}

function unitText(count: number, type: Schemas["FrequencyType"]): string {
  const unit = type === "days" ? "day" : "month";
  return count === 1 ? `1 ${unit}` : `${count} ${unit}s`;
}

/** `every month`, `every 3 months`, `every 10 days`. */
export function describeFrequency(frequency: number, type: Schemas["FrequencyType"]): string {
  return frequency === 1 ? `every ${type === "days" ? "day" : "month"}` : `every ${unitText(frequency, type)}`;
}

/** The amount in the site's format, e.g. `$ 1.500,00`; null when the offer has none. */
export function offerPrice(offer: SubscriptionOffer): string | null {
  if (offer.amount === null) return null;
  return formatMoney(toMinorUnits(offer.amount, offer.currency), offer.currency, SITE_LOCALE[offer.seller.siteId]);
}

function offerDetails(offer: SubscriptionOffer): SafeHtml {
  const price = offerPrice(offer);
  return html`<dl class="details">
<dt>Store</dt><dd>${offer.seller.nickname}</dd>
<dt>Subscription</dt><dd id="reason">${offer.reason || "Subscription"}</dd>
<dt>Price</dt><dd id="price">${price ? `${price} ${describeFrequency(offer.frequency, offer.frequencyType)}` : "Set by the store"}</dd>
${offer.freeTrial ? html`<dt>Free trial</dt><dd>The first ${unitText(offer.freeTrial.frequency, offer.freeTrial.frequencyType)} are free.</dd>` : null}
<dt>Charges</dt><dd>${offer.repetitions === null ? "Until you cancel" : `${offer.repetitions} in total`}</dd>
</dl>`;
}

export interface SubscriptionCheckoutPageInput {
  offer: SubscriptionOffer;
  target: SubscriptionTarget;
  values: CheckoutFormValues;
  errors: CheckoutFieldError[];
  /** A one-time id of this form, so that posting it twice subscribes once. */
  attemptId: string;
  /** A pending preapproval was created for one e-mail; the payer must use it (provider rule). */
  fixedEmail: string | null;
}

/** The subscription checkout: what is subscribed to, the card form (errors and input kept, never the CVV) and test data. */
export function renderSubscriptionCheckoutPage(input: SubscriptionCheckoutPageInput): string {
  const { offer } = input;
  const price = offerPrice(offer);
  const form = { values: { ...input.values, security_code: "" }, errors: input.errors };
  const title = `${input.errors.length > 0 ? "Error: " : ""}Subscribe to ${offer.reason || "a subscription"} — sandbox checkout`;
  const body = html`<h1>Subscribe to ${offer.reason || "a subscription"}</h1>
<section class="card" aria-labelledby="offer-title">
<h2 id="offer-title">Your subscription</h2>
${offerDetails(offer)}
</section>
${errorSummary(input.errors)}
<section class="card" aria-labelledby="subscribe-title">
<h2 id="subscribe-title">Pay with a card</h2>
<p class="hint">The card is charged ${price ? html`<strong>${price}</strong> ` : null}${describeFrequency(offer.frequency, offer.frequencyType)}${offer.freeTrial ? " after the free trial" : ""}. You can cancel at any time.</p>
<form method="post" action="checkout" id="subscribe-form" novalidate>
<input type="hidden" name="${TARGET_FIELD[input.target.kind]}" value="${input.target.id}">
<input type="hidden" name="attempt" value="${input.attemptId}">
${cardFieldsets(form, offer.seller.siteId)}
${textField({
  field: "email",
  input: form,
  type: "email",
  autocomplete: "email",
  hint: input.fixedEmail
    ? `The store created this subscription for ${input.fixedEmail}; use that e-mail.`
    : "The account the subscription belongs to, e.g. test_user_123@testuser.com",
})}
<button type="submit" class="wide">Subscribe${price ? ` — ${price} ${describeFrequency(offer.frequency, offer.frequencyType)}` : ""}</button>
</form>
</section>
${testDataHints({ seller: offer.seller })}`;
  return renderPage({ title, body, skipTo: "subscribe-form" });
}

export interface SubscriptionResultPageInput {
  offer: SubscriptionOffer;
  subscription: Schemas["Subscription"];
  /** The first charge, when one was made. */
  firstCharge: Schemas["AuthorizedPayment"] | null;
}

function chargeText(input: SubscriptionResultPageInput): string {
  const charge = input.firstCharge;
  if (!charge) {
    const next = input.subscription.next_payment_date;
    return next ? `Not charged yet; the first charge is due on ${next.slice(0, 10)}.` : "Not charged yet.";
  }
  const status = charge.payment?.status ?? "not made";
  if (status === "approved") return "Approved.";
  if (charge.status === "recycling")
    return `Declined (${charge.payment?.status_detail ?? status}); it will be retried.`;
  return `${status} (${charge.payment?.status_detail ?? ""}).`;
}

/** The page after subscribing when the store gave no `back_url` to return to. */
export function renderSubscriptionResultPage(input: SubscriptionResultPageInput): string {
  const { subscription, offer } = input;
  const active = subscription.status === "authorized";
  const heading = active ? "Subscription authorized" : `Subscription ${subscription.status}`;
  const price = offerPrice(offer);
  const body = html`<h1>${heading}</h1>
<section class="card ${active ? "status-approved" : "status-pending"}" aria-labelledby="result-title">
<h2 id="result-title">${active ? "Your card will be charged automatically." : "The subscription is not active."}</h2>
<dl class="details">
<dt>Store</dt><dd>${offer.seller.nickname}</dd>
<dt>Subscription</dt><dd>${subscription.reason || offer.reason}</dd>
<dt>Price</dt><dd>${price ? `${price} ${describeFrequency(offer.frequency, offer.frequencyType)}` : "Set by the store"}</dd>
<dt>Id</dt><dd><code>${subscription.id}</code></dd>
<dt>Status</dt><dd><code>${subscription.status}</code></dd>
<dt>First charge</dt><dd>${chargeText(input)}</dd>
</dl>
</section>`;
  return renderPage({ title: `${heading} — sandbox checkout`, body });
}
