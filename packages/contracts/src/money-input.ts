// Amounts as people type them: "5.000,50" in Buenos Aires or São Paulo, "5,000.50" in English. One parser for
// every amount field of the console, so each form accepts what the page itself shows (the separators come from
// Intl for the same locale the amounts are formatted in) and the result is exact integer minor units: the digits
// are rearranged as text and handed to toMinorUnits, never multiplied as floating point.
import { type CurrencyCode, currencyDecimals, toMinorUnits } from "@cobro/provider-client/money";

/** Why a typed amount is not one. */
export type MoneyInputProblem = "empty" | "not_a_number" | "too_many_decimals" | "negative" | "too_large";

export type MoneyInputResult = { ok: true; amountMinor: number } | { ok: false; problem: MoneyInputProblem };

/** The group and decimal separators of a locale's numbers ("es-AR" → "." and ","). */
export function numberSeparators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(11_111.5);
  const group = parts.find((part) => part.type === "group")?.value ?? ",";
  const decimal = parts.find((part) => part.type === "decimal")?.value ?? ".";
  return { group, decimal };
}

// Spaces people or Intl put between groups: space, no-break space, narrow no-break space.
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Parses an amount typed in `locale` into minor units of `currency`, exactly.
 *
 * The locale's own grouping and decimal separators are read ("5.000,50" in es-AR and pt-BR, "5,000.50" in en-US);
 * grouping is optional but, when present, must be in threes. The other separator is taken as the decimal point
 * only when it cannot be a group ("12.50" in es-AR is 12,50 — a group always has three digits — while "1.500"
 * is one thousand five hundred). More decimals than the currency has is refused, not rounded.
 *
 * @example
 * parseMoneyInput("5.000,50", { currency: "ARS", locale: "es-AR" }); // { ok: true, amountMinor: 500050 }
 * parseMoneyInput("5,000.50", { currency: "ARS", locale: "en-US" }); // { ok: true, amountMinor: 500050 }
 * parseMoneyInput("12,345", { currency: "ARS", locale: "es-AR" });  // { ok: false, problem: "too_many_decimals" }
 */
export function parseMoneyInput(text: string, options: { currency: CurrencyCode; locale: string }): MoneyInputResult {
  const { group, decimal } = numberSeparators(options.locale);
  let value = text.trim();
  if (value === "") return { ok: false, problem: "empty" };
  if (value.startsWith("-")) return { ok: false, problem: "negative" };
  value = value.replace(SPACES, "");
  // A locale that groups with spaces (pt-PT): the spaces are gone already.
  const groupChar = group.replace(SPACES, "");
  const other = decimal === "." ? "," : ".";

  let whole: string;
  let fraction = "";
  const decimalAt = value.indexOf(decimal);
  if (decimalAt >= 0) {
    whole = value.slice(0, decimalAt);
    fraction = value.slice(decimalAt + decimal.length);
  } else if (isLoneOtherDecimal(value, other)) {
    // "12.50" where the decimal is ",": a dot before one, two or four-plus digits is no group of three.
    const at = value.indexOf(other);
    whole = value.slice(0, at);
    fraction = value.slice(at + 1);
  } else {
    whole = value;
  }
  if (!/^\d*$/.test(fraction)) return { ok: false, problem: "not_a_number" };
  if (groupChar !== "" && whole.includes(groupChar)) {
    const groups = whole.split(groupChar);
    const [first, ...rest] = groups;
    if (!first || !/^\d{1,3}$/.test(first) || rest.some((part) => !/^\d{3}$/.test(part))) {
      return { ok: false, problem: "not_a_number" };
    }
    whole = groups.join("");
  }
  if (!/^\d+$/.test(whole) && !(whole === "" && fraction !== "")) return { ok: false, problem: "not_a_number" };
  const decimals = currencyDecimals(options.currency);
  if (fraction.replace(/0+$/, "").length > decimals) return { ok: false, problem: "too_many_decimals" };
  try {
    return {
      ok: true,
      amountMinor: toMinorUnits(`${whole || "0"}${fraction ? `.${fraction}` : ""}`, options.currency),
    };
  } catch {
    return { ok: false, problem: "too_large" };
  }
}

/** True when `value` has exactly one `separator`, not followed by exactly three digits (so it is no group). */
function isLoneOtherDecimal(value: string, separator: string): boolean {
  const at = value.indexOf(separator);
  if (at < 0 || value.indexOf(separator, at + 1) >= 0) return false;
  return !/^\d{3}$/.test(value.slice(at + 1));
}

/**
 * Minor units as the text an amount field starts with in `locale`: the locale's decimal separator, no grouping
 * (5000,50 in es-AR; 5000.50 in en-US), so it parses back to the same amount.
 */
export function formatMoneyInput(amountMinor: number, currency: CurrencyCode, locale: string): string {
  const decimals = currencyDecimals(currency);
  const negative = amountMinor < 0;
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const text = decimals === 0 ? whole : `${whole}${numberSeparators(locale).decimal}${fraction}`;
  return negative ? `-${text}` : text;
}
