// Money and dates for the shopper's locale. Amounts stay integer minor units
// until this last step (formatMoney in @cobro/provider-client/money does the
// exact formatting; CLP and COP have no decimals).
import { CURRENCY_DEFAULT_LOCALE, isSupportedCurrency } from "@cobro/provider-client/money";
import { formatMinorUnits } from "@cobro/ui";

/**
 * The locale to format `currency` in: the currency's home locale when it speaks the shopper's language (BRL in
 * Portuguese → pt-BR, "R$ 1.234,56"), else the shopper's locale (BRL in English → "R$1,234.56").
 */
export function moneyLocale(currency: string, locale: string): string {
  if (!isSupportedCurrency(currency)) return locale;
  const home = CURRENCY_DEFAULT_LOCALE[currency];
  return home.split("-")[0] === locale.split("-")[0] ? home : locale;
}

/** Formats minor units of `currency` for a shopper whose locale is `locale`. */
export function formatMoneyIn(amountMinor: number, currency: string, locale: string): string {
  return formatMinorUnits(amountMinor, currency, moneyLocale(currency, locale));
}

export type DateStyle = "date" | "dateTime" | "time";

const DATE_OPTIONS: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  date: { dateStyle: "medium" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  time: { timeStyle: "short" },
};

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats an instant (a Date, an ISO string as tRPC sends dates, or epoch ms) with `Intl.DateTimeFormat`.
 * An unparsable value comes back as the empty string rather than "Invalid Date".
 */
export function formatDateIn(
  value: Date | string | number,
  locale: string,
  style: DateStyle = "date",
  timeZone?: string,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const key = `${locale}|${style}|${timeZone ?? ""}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...DATE_OPTIONS[style], ...(timeZone ? { timeZone } : {}) });
    dateFormatters.set(key, formatter);
  }
  return formatter.format(date);
}
