// Card fields as the shopper types them, and the checks the browser can make
// before sending anything to the provider (saving a round trip for typos).

/** The card form's fields that can carry an error. */
export type CardField = "cardNumber" | "expiry" | "securityCode" | "cardholderName" | "identification";

/** What is wrong with a field; the dictionaries have `card.error.<field>.<problem>`. */
export type CardFieldProblem = "required" | "invalid" | "expired";

export type CardFieldErrors = Partial<Record<CardField, CardFieldProblem>>;

export interface CardInput {
  /** Digits, spaces and dashes allowed ("4509 9535 6623 3704"). */
  cardNumber: string;
  /** 1–12. */
  expirationMonth: string | number;
  /** Two or four digits ("30" means 2030). */
  expirationYear: string | number;
  securityCode: string;
  /** As printed on the card; in the sandbox the name picks the outcome (APRO, FUND, …). */
  cardholderName: string;
  /** The cardholder's document, where the site asks for it (not in Mexico). */
  identification?: { type: string; number: string } | null;
}

/** The card number without spaces or dashes. */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, "");
}

/** True when the digits pass the Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index--) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

function toWholeNumber(value: string | number): number | null {
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** Month 1–12 and a four-digit year, or null when either is malformed. Two-digit years mean 20xx. */
export function normalizeExpiry(month: string | number, year: string | number): { month: number; year: number } | null {
  const m = toWholeNumber(month);
  let y = toWholeNumber(year);
  if (m === null || m < 1 || m > 12 || y === null) return null;
  if (String(year).trim().length <= 2) y += 2000;
  if (y < 2000 || y > 2099) return null;
  return { month: m, year: y };
}

/**
 * Checks card input before tokenizing it: number present and passing Luhn (12–19 digits), expiry valid and not
 * past (a card works through the last day of its month), security code of 3–4 digits (or exactly
 * `securityCodeLength` when the brand is known), holder name present, document number present when a type is.
 */
export function validateCardInput(
  input: CardInput,
  options: { now?: Date; securityCodeLength?: number } = {},
): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const now = options.now ?? new Date();

  const digits = cardDigits(input.cardNumber);
  if (digits === "") errors.cardNumber = "required";
  else if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) errors.cardNumber = "invalid";

  if (String(input.expirationMonth).trim() === "" || String(input.expirationYear).trim() === "") {
    errors.expiry = "required";
  } else {
    const expiry = normalizeExpiry(input.expirationMonth, input.expirationYear);
    if (!expiry) errors.expiry = "invalid";
    else if (expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = "expired";
  }

  const code = input.securityCode.trim();
  if (code === "") errors.securityCode = "required";
  else if (
    !/^\d+$/.test(code) ||
    (options.securityCodeLength ? code.length !== options.securityCodeLength : code.length < 3 || code.length > 4)
  ) {
    errors.securityCode = "invalid";
  }

  if (input.cardholderName.trim() === "") errors.cardholderName = "required";

  const identification = input.identification;
  if (identification && identification.type.trim() !== "" && identification.number.trim() === "") {
    errors.identification = "required";
  }
  return errors;
}

/** The dictionary key of a card field error ("expired" only exists for the expiry). */
export function cardErrorKey(
  field: CardField,
  problem: CardFieldProblem,
): `card.error.${CardField}.${"required" | "invalid"}` | "card.error.expiry.expired" {
  if (problem === "expired") return field === "expiry" ? "card.error.expiry.expired" : `card.error.${field}.invalid`;
  return `card.error.${field}.${problem}`;
}
