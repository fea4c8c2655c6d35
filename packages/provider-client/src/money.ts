/**
 * Money helpers: integer minor units in, provider formats out.
 *
 * Keep amounts as integer minor units (cents; whole pesos for CLP/COP) and convert at the edge:
 * - Payments, Preferences, Subscriptions want JSON numbers with decimals (`fromMinorUnits` → 19.99);
 * - the Orders API wants decimal strings (`toDecimalString` → "19.99");
 * - legacy Point payment intents want integer cents (`toPointCents` → 1999).
 *
 * Parsing goes through the decimal text, never `amount * 100`, so there is no float drift; amounts that cannot be
 * represented exactly are refused with a clear error instead of being rounded.
 */

/**
 * Decimals per supported currency.
 * provider: CLP is integer-only; COP is treated as integer-only too (the API has rejected COP prices with decimals,
 * although its OpenAPI file says 2).
 */
export const CURRENCY_DECIMALS = {
  ARS: 2,
  BRL: 2,
  MXN: 2,
  PEN: 2,
  UYU: 2,
  USD: 2,
  CLP: 0,
  COP: 0,
} as const;

/** A currency these helpers support. */
export type CurrencyCode = keyof typeof CURRENCY_DECIMALS;

/** Locale used by `formatMoney` when none is given: the currency's home market. */
export const CURRENCY_DEFAULT_LOCALE: Readonly<Record<CurrencyCode, string>> = {
  ARS: "es-AR",
  BRL: "pt-BR",
  MXN: "es-MX",
  PEN: "es-PE",
  UYU: "es-UY",
  USD: "en-US",
  CLP: "es-CL",
  COP: "es-CO",
};

/** provider: legacy Point payment intents take integers with two implied decimals (1500 = 15.00). */
const POINT_DECIMALS = 2;

const DECIMAL_PATTERN = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** True when `code` is a supported currency; narrows provider strings such as `currency_id`. */
export function isSupportedCurrency(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCY_DECIMALS, code);
}

/** Number of decimals of `currency` (2, or 0 for CLP and COP). Throws `RangeError` for an unsupported code. */
export function currencyDecimals(currency: CurrencyCode): number {
  if (!isSupportedCurrency(currency)) throw new RangeError(`Unsupported currency: ${String(currency)}`);
  return CURRENCY_DECIMALS[currency];
}

function assertMinorUnits(minor: number, label = "minor units"): void {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${label} must be a safe integer, got ${minor}`);
}

function toSafeNumber(value: bigint, source: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount ${source} is too large to handle exactly`);
  }
  return Number(value);
}

function amountText(amount: number | string): string {
  if (typeof amount === "string") return amount.trim();
  if (!Number.isFinite(amount)) throw new RangeError(`Amount must be a finite number, got ${amount}`);
  // String(number) is the shortest text that round-trips, so 19.99 stays "19.99" and 0.1 + 0.2 shows its drift.
  const text = String(amount);
  if (/e/i.test(text)) {
    throw new RangeError(
      /e-/i.test(text)
        ? `Amount ${text} has more decimals than any currency allows`
        : `Amount ${text} is too large to handle exactly`,
    );
  }
  return text;
}

/**
 * Converts a decimal amount to integer minor units, exactly. Accepts a number or a decimal string ("19.99",
 * "-5", "1500.00"). Extra decimals are accepted only when they are zeros ("1500.00" CLP → 1500); otherwise a
 * `RangeError` names the currency's limit — including float drift such as `0.1 + 0.2` (0.30000000000000004),
 * which is refused rather than silently rounded.
 *
 * @example
 * toMinorUnits("19.99", "BRL"); // 1999
 * toMinorUnits(100.5, "ARS");   // 10050
 * toMinorUnits(1500, "CLP");    // 1500
 */
export function toMinorUnits(amount: number | string, currency: CurrencyCode): number {
  const decimals = currencyDecimals(currency);
  const text = amountText(amount);
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) throw new RangeError(`Amount ${JSON.stringify(text)} is not a decimal number`);
  const [, sign = "", whole = "0", fraction = ""] = match;
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > decimals) {
    throw new RangeError(
      `Amount ${text} has more decimals than ${currency} allows (${decimals === 0 ? "whole units only" : `at most ${decimals}`})`,
    );
  }
  const minor = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(significant.padEnd(decimals, "0") || "0");
  return toSafeNumber(sign === "-" ? -minor : minor, text);
}

/**
 * Converts minor units to the JSON number the Payments, Preferences and Subscriptions APIs expect
 * (`transaction_amount`, `unit_price`). The division is correctly rounded, so 1999 → 19.99 is the same number as
 * the literal `19.99`.
 */
export function fromMinorUnits(minor: number, currency: CurrencyCode): number {
  assertMinorUnits(minor);
  return minor / 10 ** currencyDecimals(currency);
}

/**
 * Converts minor units to the decimal string the Orders API expects (`total_amount`, `amount`).
 *
 * @example
 * toDecimalString(10000, "ARS"); // "100.00"
 * toDecimalString(1500, "CLP");  // "1500"
 */
export function toDecimalString(minor: number, currency: CurrencyCode): string {
  assertMinorUnits(minor);
  const decimals = currencyDecimals(currency);
  const digits = Math.abs(minor)
    .toString()
    .padStart(decimals + 1, "0");
  const sign = minor < 0 ? "-" : "";
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * Converts minor units to the integer-cents amount of legacy Point payment intents (two implied decimals whatever
 * the currency: 15.00 → 1500).
 */
export function toPointCents(minor: number, currency: CurrencyCode): number {
  assertMinorUnits(minor);
  const cents = BigInt(minor) * 10n ** BigInt(POINT_DECIMALS - currencyDecimals(currency));
  return toSafeNumber(cents, String(minor));
}

/** Inverse of `toPointCents`; refuses cents that are not whole units of a 0-decimal currency. */
export function fromPointCents(cents: number, currency: CurrencyCode): number {
  assertMinorUnits(cents, "Point cents");
  const factor = 10 ** (POINT_DECIMALS - currencyDecimals(currency));
  if (cents % factor !== 0) throw new RangeError(`Point amount ${cents} is not a whole amount of ${currency}`);
  return cents / factor;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats minor units for display with `Intl.NumberFormat`, always with the currency's decimals (so COP shows no
 * cents). `locale` defaults to the currency's home market (`es-AR` for ARS, `pt-BR` for BRL, …).
 *
 * @example
 * formatMoney(123456, "BRL");          // "R$ 1.234,56"
 * formatMoney(123456, "ARS", "en-US"); // "ARS 1,234.56"
 */
export function formatMoney(minor: number, currency: CurrencyCode, locale?: string): string {
  const decimals = currencyDecimals(currency);
  const resolvedLocale = locale ?? CURRENCY_DEFAULT_LOCALE[currency];
  const cacheKey = `${resolvedLocale}|${currency}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.NumberFormat(resolvedLocale, {
      style: "currency",
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(cacheKey, formatter);
  }
  // The decimal string keeps the value exact; Intl.NumberFormat formats numeric strings without converting to float.
  return formatter.format(toDecimalString(minor, currency) as Intl.StringNumericLiteral);
}

/** Adds minor-unit amounts, refusing non-integers and any total beyond `Number.MAX_SAFE_INTEGER`. */
export function sumMinorUnits(amounts: readonly number[]): number {
  let total = 0n;
  for (const amount of amounts) {
    assertMinorUnits(amount);
    total += BigInt(amount);
  }
  return toSafeNumber(total, "sum");
}
