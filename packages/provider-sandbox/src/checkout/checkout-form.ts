// The hosted checkout's card form: field names, reading a posted form and
// checking it. Errors name the field in words the buyer sees on the page.
// The security code is never kept for re-display.

import type { SiteId } from "../context";
import { identificationTypesOf } from "../data/site-data";

/** The form's field names (the `name` attributes). */
export const CHECKOUT_FIELDS = [
  "card_number",
  "expiration_month",
  "expiration_year",
  "security_code",
  "cardholder_name",
  "identification_type",
  "identification_number",
  "email",
  "installments",
] as const;

export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/** What the buyer typed, as text (for re-display); `security_code` is dropped before rendering. */
export type CheckoutFormValues = Record<CheckoutField, string>;

export interface CheckoutFieldError {
  /** The field at fault, or null for a problem with the payment as a whole. */
  field: CheckoutField | null;
  message: string;
}

/** The labels shown on the page; messages start with them so the buyer knows which field is wrong. */
export const FIELD_LABELS: Readonly<Record<CheckoutField, string>> = {
  card_number: "Card number",
  expiration_month: "Expiration month",
  expiration_year: "Expiration year",
  security_code: "Security code",
  cardholder_name: "Cardholder name",
  identification_type: "Document type",
  identification_number: "Document number",
  email: "Email",
  installments: "Installments",
};

/** The `attempt` hidden field: a UUID that makes posting the same form twice act once. */
export const ATTEMPT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The checked form, ready for tokenization and payment. */
export interface CheckoutCard {
  cardNumber: string;
  expirationMonth: number;
  expirationYear: number;
  securityCode: string;
  cardholderName: string;
  identification: { type: string; number: string } | null;
  email: string;
  installments: number;
}

export type CheckoutFormResult =
  | { ok: true; values: CheckoutFormValues; card: CheckoutCard }
  | { ok: false; values: CheckoutFormValues; errors: CheckoutFieldError[] };

/** Empty values, for the first render. */
export function emptyFormValues(defaults: Partial<CheckoutFormValues> = {}): CheckoutFormValues {
  const values = Object.fromEntries(CHECKOUT_FIELDS.map((f) => [f, ""])) as CheckoutFormValues;
  return { ...values, ...defaults };
}

/** Reads the form's fields out of a parsed body (missing or non-text fields become ""). */
export function readFormValues(body: unknown): CheckoutFormValues {
  const source = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const values = emptyFormValues();
  for (const field of CHECKOUT_FIELDS) {
    const value = source[field];
    if (typeof value === "string") values[field] = value.trim().slice(0, 200);
  }
  return values;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks the posted card form for a site: card number, expiry (not before
 * the sandbox's current month), security code, name, the site's document,
 * email and installments (1 to `maxInstallments`).
 */
export function checkCheckoutForm(
  body: unknown,
  options: { siteId: SiteId; maxInstallments: number; now: Date },
): CheckoutFormResult {
  const values = readFormValues(body);
  const errors: CheckoutFieldError[] = [];
  const fail = (field: CheckoutField, problem: string) =>
    errors.push({ field, message: `${FIELD_LABELS[field]}: ${problem}` });

  const cardNumber = values.card_number.replace(/[\s-]/g, "");
  if (cardNumber === "") fail("card_number", "enter the card number.");
  else if (!/^\d{12,19}$/.test(cardNumber)) fail("card_number", "enter the 12 to 19 digits printed on the card.");

  const month = Number(values.expiration_month);
  const monthOk = /^\d{1,2}$/.test(values.expiration_month) && month >= 1 && month <= 12;
  if (!monthOk) fail("expiration_month", "enter a month from 1 to 12.");

  let year = Number(values.expiration_year);
  const yearOk = /^(\d{2}|\d{4})$/.test(values.expiration_year);
  if (!yearOk) fail("expiration_year", "enter the year with 2 or 4 digits.");
  else if (values.expiration_year.length === 2) year += 2000;
  if (monthOk && yearOk) {
    const nowYear = options.now.getUTCFullYear();
    const nowMonth = options.now.getUTCMonth() + 1;
    if (year < nowYear || (year === nowYear && month < nowMonth)) fail("expiration_year", "the card has expired.");
  }

  if (!/^\d{3,4}$/.test(values.security_code)) fail("security_code", "enter the 3 or 4 digits of the security code.");

  if (values.cardholder_name === "") fail("cardholder_name", "enter the name as printed on the card.");

  const documentTypes = identificationTypesOf(options.siteId).map((t) => t.id);
  let identification: CheckoutCard["identification"] = null;
  if (documentTypes.length > 0) {
    const typeOk = documentTypes.includes(values.identification_type);
    if (!typeOk) fail("identification_type", `choose one of ${documentTypes.join(", ")}.`);
    const number = values.identification_number.replace(/[\s.-]/g, "");
    if (!/^[0-9A-Za-z]{5,20}$/.test(number)) fail("identification_number", "enter 5 to 20 letters or digits.");
    else if (typeOk) identification = { type: values.identification_type, number };
  }

  if (!EMAIL_PATTERN.test(values.email)) fail("email", "enter an email address like name@example.com.");

  const installments = Number(values.installments || "1");
  if (!Number.isInteger(installments) || installments < 1 || installments > options.maxInstallments) {
    fail("installments", `choose from 1 to ${options.maxInstallments}.`);
  }

  if (errors.length > 0) return { ok: false, values, errors };
  return {
    ok: true,
    values,
    card: {
      cardNumber,
      expirationMonth: month,
      expirationYear: year,
      securityCode: values.security_code,
      cardholderName: values.cardholder_name,
      identification,
      email: values.email,
      installments,
    },
  };
}
