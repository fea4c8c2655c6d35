// The hosted checkout's pages: the card form with the purchase summary and
// the test data, the result page, and the error page for unknown or expired
// links. Plain HTML forms with labels, no scripts: keyboard- and
// screen-reader-friendly by construction, usable at phone width.

import { type CurrencyCode, formatMoney, toMinorUnits } from "@cobro/provider-client/money";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { offeredCosts } from "../browser-sdk/installments";
import type { Seller, SiteId } from "../context";
import {
  cardholderHints,
  identificationTypesOf,
  MORE_CARDHOLDER_NAMES,
  SITE_LOCALE,
  TEST_EXPIRY,
  testCardsOf,
  testDocumentOf,
} from "../data/site-data";
import { type CardMethodDefinition, siteOf } from "../data/sites";
import type { Schemas } from "../schemas";
import { type CheckoutField, type CheckoutFieldError, type CheckoutFormValues, FIELD_LABELS } from "./checkout-form";
import { html, htmlPage, renderPage, type SafeHtml } from "./html";

type Preference = Schemas["Preference"];

export interface CheckoutPageInput {
  preference: Preference;
  seller: Seller;
  currency: CurrencyCode;
  totalMinor: number;
  maxInstallments: number;
  values: CheckoutFormValues;
  errors: CheckoutFieldError[];
  /** A one-time id of this form, so that posting it twice pays once. */
  attemptId: string;
}

function money(minor: number, input: { currency: CurrencyCode; seller: Seller }): string {
  return formatMoney(minor, input.currency, SITE_LOCALE[input.seller.siteId]);
}

function itemRows(input: CheckoutPageInput): SafeHtml[] {
  return input.preference.items.map((item) => {
    const unitMinor = toMinorUnits(item.unit_price, input.currency);
    return html`<tr>
<th scope="row">${item.title || item.id || "Item"}<span class="hint">${money(unitMinor, input)} each${item.description ? html` · ${item.description}` : null}</span></th>
<td class="num">${item.quantity}</td>
<td class="num">${money(unitMinor * item.quantity, input)}</td>
</tr>`;
  });
}

function summary(input: CheckoutPageInput): SafeHtml {
  return html`<section class="card" aria-labelledby="summary-title">
<h2 id="summary-title">Your purchase</h2>
<div class="table-wrap">
<table>
<caption class="sr-only">Items, quantities and prices</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num"><span aria-hidden="true">Qty</span><span class="sr-only">Quantity</span></th><th scope="col" class="num">Subtotal</th></tr></thead>
<tbody>${itemRows(input)}</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="num" id="total">${money(input.totalMinor, input)}</td></tr></tfoot>
</table>
</div>
</section>`;
}

function errorFor(errors: CheckoutFieldError[], field: CheckoutField): CheckoutFieldError | undefined {
  return errors.find((e) => e.field === field);
}

/** What the form helpers read of a page's input: the buyer's values and the errors to show. */
export type FormState = Pick<CheckoutPageInput, "values" | "errors">;

export interface FieldOptions {
  field: CheckoutField;
  input: FormState;
  hint?: string;
  type?: string;
  autocomplete?: string;
  inputmode?: string;
  maxlength?: number;
  /** Never echo what was typed (the security code). */
  secret?: boolean;
}

function describedBy(field: CheckoutField, hasHint: boolean, hasError: boolean): string | null {
  const ids = [hasHint ? `${field}-hint` : null, hasError ? `${field}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : null;
}

function attr(name: string, value: string | number | null | undefined): SafeHtml | null {
  return value === null || value === undefined ? null : html` ${name}="${String(value)}"`;
}

/** A labelled text input with its hint and error (shared with the subscription checkout). */
export function textField(options: FieldOptions): SafeHtml {
  const { field, input } = options;
  const error = errorFor(input.errors, field);
  const value = options.secret ? "" : input.values[field];
  return html`<div class="field">
<label for="${field}">${FIELD_LABELS[field]}</label>
${options.hint ? html`<span class="hint" id="${field}-hint">${options.hint}</span>` : null}
<input id="${field}" name="${field}" type="${options.type ?? "text"}" value="${value}" required aria-required="true"${attr(
    "autocomplete",
    options.autocomplete,
  )}${attr("inputmode", options.inputmode)}${attr("maxlength", options.maxlength)}${attr(
    "aria-describedby",
    describedBy(field, Boolean(options.hint), Boolean(error)),
  )}${error ? html` aria-invalid="true"` : null}>
${error ? html`<span class="field-error" id="${field}-error">${error.message}</span>` : null}
</div>`;
}

/** A labelled select with its hint and error. */
function selectField(
  field: CheckoutField,
  input: FormState,
  options: { value: string; label: string }[],
  hint?: string,
): SafeHtml {
  const error = errorFor(input.errors, field);
  const selected = input.values[field];
  return html`<div class="field">
<label for="${field}">${FIELD_LABELS[field]}</label>
${hint ? html`<span class="hint" id="${field}-hint">${hint}</span>` : null}
<select id="${field}" name="${field}" required aria-required="true"${attr("aria-describedby", describedBy(field, Boolean(hint), Boolean(error)))}${
    error ? html` aria-invalid="true"` : null
  }>
${options.map((o) => html`<option value="${o.value}"${o.value === selected ? html` selected` : null}>${o.label}</option>`)}
</select>
${error ? html`<span class="field-error" id="${field}-error">${error.message}</span>` : null}
</div>`;
}

/** The "There is a problem" box listing every error with a link to its field. */
export function errorSummary(errors: CheckoutFieldError[]): SafeHtml | null {
  if (errors.length === 0) return null;
  // tabindex + autofocus move focus here after a failed post, and role=alert announces it.
  return html`<div class="card error-summary" role="alert" tabindex="-1" autofocus aria-labelledby="error-summary-title">
<h2 id="error-summary-title">There is a problem</h2>
<ul>${errors.map((e) => html`<li><a href="#${e.field ?? "pay-form"}">${e.message}</a></li>`)}</ul>
</div>`;
}

/**
 * The site's credit-card payer costs for the total, up to the preference's
 * maximum (the card is not known before the form is posted, so the site's
 * first credit card stands for all; they share the schedule).
 */
function installmentOptions(input: CheckoutPageInput): { value: string; label: string }[] {
  const site = siteOf(input.seller.siteId);
  const credit = site.methods.find(
    (m): m is CardMethodDefinition => m.kind === "card" && m.paymentTypeId === "credit_card",
  );
  const costs = credit ? offeredCosts(site, credit, input.totalMinor) : [];
  const options = costs
    .filter((cost) => cost.installments <= input.maxInstallments)
    .map((cost) => {
      const each = money(cost.installmentMinor, input);
      const total = money(cost.totalMinor, input);
      const n = cost.installments;
      if (n === 1) return { value: "1", label: `1 payment of ${each}` };
      const free = cost.rateBasisPoints === 0 ? " interest-free" : "";
      return { value: String(n), label: `${n}${free} installments of ${each} (total ${total})` };
    });
  return options.length > 0 ? options : [{ value: "1", label: `1 payment of ${money(input.totalMinor, input)}` }];
}

/**
 * The card fieldset and, where the site has identity documents, the document
 * fieldset: the part of the form both checkouts ask for the same way.
 */
export function cardFieldsets(input: FormState, siteId: SiteId): SafeHtml {
  const documentTypes = identificationTypesOf(siteId);
  const exampleCard = testCardsOf(siteId)[0]?.number ?? "4509 9535 6623 3704";
  return html`<fieldset>
<legend>Card</legend>
${textField({ field: "card_number", input, hint: `Digits only, e.g. ${exampleCard}`, autocomplete: "cc-number", inputmode: "numeric", maxlength: 23 })}
<div class="row">
${textField({ field: "expiration_month", input, hint: "MM, e.g. 11", autocomplete: "cc-exp-month", inputmode: "numeric", maxlength: 2 })}
${textField({ field: "expiration_year", input, hint: "YYYY, e.g. 2030", autocomplete: "cc-exp-year", inputmode: "numeric", maxlength: 4 })}
</div>
${textField({ field: "security_code", input, hint: "3 digits on the back (4 on the front for Amex)", autocomplete: "cc-csc", inputmode: "numeric", maxlength: 4, secret: true })}
${textField({ field: "cardholder_name", input, hint: "As printed on the card; in the sandbox it picks the outcome (APRO approves)", autocomplete: "cc-name" })}
</fieldset>
${
  documentTypes.length > 0
    ? html`<fieldset>
<legend>Cardholder's identity document</legend>
<div class="row">
${selectField(
  "identification_type",
  input,
  documentTypes.map((t) => ({ value: t.id, label: t.name })),
)}
${textField({ field: "identification_number", input, inputmode: "text", maxlength: 20 })}
</div>
</fieldset>`
    : null
}`;
}

/** The test cards, expiry and cardholder names of the seller's site. */
export function testDataHints(input: Pick<CheckoutPageInput, "seller">): SafeHtml {
  const siteId = input.seller.siteId;
  const document = testDocumentOf(siteId);
  return html`<section class="card" aria-labelledby="test-data-title">
<h2 id="test-data-title">Test data</h2>
<p>Use a test card with expiry <code>${TEST_EXPIRY.month}/${TEST_EXPIRY.year}</code>. The cardholder name decides the outcome.</p>
<div class="table-wrap">
<table>
<caption class="sr-only">Test cards</caption>
<thead><tr><th scope="col">Card</th><th scope="col">Number</th><th scope="col">Security code</th></tr></thead>
<tbody>${testCardsOf(siteId).map(
    (card) =>
      html`<tr><th scope="row">${card.brand}</th><td><code>${card.number}</code></td><td><code>${card.securityCode}</code></td></tr>`,
  )}</tbody>
</table>
</div>
<h3>Cardholder names</h3>
<div class="table-wrap">
<table>
<caption class="sr-only">Cardholder names and the outcome they produce</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Outcome</th></tr></thead>
<tbody>${cardholderHints().map(
    (hint) =>
      html`<tr><th scope="row"><code>${hint.name}</code></th><td>${hint.scenario} <span class="hint">${hint.status}</span></td></tr>`,
  )}</tbody>
</table>
</div>
<p>Also declining for a specific reason: ${MORE_CARDHOLDER_NAMES.map((name, i) => html`${i > 0 ? ", " : ""}<code>${name}</code>`)}.</p>
${
  document
    ? html`<p>Test document: <code>${document.type}</code> <code>${document.number}</code>.</p>`
    : html`<p>No identity document is needed in this country.</p>`
}
</section>`;
}

/** The checkout page: purchase summary, card form (with errors and the buyer's input kept) and test data. */
export function renderCheckoutPage(input: CheckoutPageInput): string {
  const title = `${input.errors.length > 0 ? "Error: " : ""}Pay ${input.seller.nickname} — sandbox checkout`;
  const body = html`<h1>Pay ${input.seller.nickname}</h1>
${summary(input)}
${errorSummary(input.errors)}
<section class="card" aria-labelledby="pay-title">
<h2 id="pay-title">Pay with a card</h2>
<form method="post" action="pay" id="pay-form" novalidate>
<input type="hidden" name="pref_id" value="${input.preference.id}">
<input type="hidden" name="attempt" value="${input.attemptId}">
${cardFieldsets(input, input.seller.siteId)}
${textField({ field: "email", input, type: "email", autocomplete: "email", hint: "Where the receipt goes, e.g. test_user_123@testuser.com" })}
${selectField("installments", input, installmentOptions(input))}
<button type="submit" class="wide">Pay ${money(input.totalMinor, input)}</button>
</form>
</section>
${testDataHints(input)}`;
  return renderPage({ title, body, skipTo: "pay-form" });
}

export interface ResultPageInput {
  preference: Preference;
  seller: Seller;
  payment: Schemas["Payment"];
  currency: CurrencyCode;
  kind: "success" | "pending" | "failure";
  /** The store's back URL with the provider's query parameters, when the store gave one. */
  returnUrl: string | null;
  /** Where the buyer can try again (rejected payments). */
  retryUrl: string | null;
}

const RESULT_TEXT: Record<ResultPageInput["kind"], { heading: string; css: string; lead: string }> = {
  success: { heading: "Payment approved", css: "status-approved", lead: "Your payment went through." },
  pending: {
    heading: "Payment pending",
    css: "status-pending",
    lead: "Your payment is being processed; the store will confirm it.",
  },
  failure: {
    heading: "Payment rejected",
    css: "status-rejected",
    lead: "Your payment was not approved. No money was taken.",
  },
};

/** The page after paying when the store did not ask to be returned to automatically. */
export function renderResultPage(input: ResultPageInput): string {
  const text = RESULT_TEXT[input.kind];
  const { payment } = input;
  const amount = formatMoney(
    toMinorUnits(payment.transaction_amount, input.currency),
    input.currency,
    SITE_LOCALE[input.seller.siteId],
  );
  const body = html`<h1>${text.heading}</h1>
<section class="card ${text.css}" aria-labelledby="result-title">
<h2 id="result-title">${text.lead}</h2>
<dl class="details">
<dt>Store</dt><dd>${input.seller.nickname}</dd>
<dt>Amount</dt><dd>${amount}</dd>
<dt>Payment</dt><dd>${payment.id}</dd>
<dt>Status</dt><dd><code>${payment.status}</code> / <code>${payment.status_detail}</code></dd>
</dl>
<div class="actions">
${input.retryUrl ? html`<a class="button" href="${input.retryUrl}">Try again</a>` : null}
${input.returnUrl ? html`<a class="button${input.retryUrl ? " secondary" : ""}" href="${input.returnUrl}" id="return-link">Return to the store</a>` : null}
</div>
</section>`;
  return renderPage({ title: `${text.heading} — sandbox checkout`, body });
}

/** A page that says why the checkout cannot be shown (unknown or expired link, bad request). */
export function renderMessagePage(input: { title: string; message: string; detail?: string }): string {
  const body = html`<h1>${input.title}</h1>
<section class="card" role="alert">
<p>${input.message}</p>
${input.detail ? html`<p class="hint">${input.detail}</p>` : null}
</section>`;
  return renderPage({ title: `${input.title} — sandbox`, body });
}

/** Answers with the message page (see `renderMessagePage`) and the hosted pages' security headers. */
export function messagePage(
  c: Context,
  status: ContentfulStatusCode,
  input: { title: string; message: string; detail?: string },
): Response {
  return htmlPage(c, renderMessagePage(input), status);
}
