import { formatMoney, isSupportedCurrency, toDecimalString } from "@cobro/provider-client/money";
import { cx } from "./class-names";

/**
 * Formats integer minor units for display. Supported currencies go through `formatMoney` (so CLP and COP show no
 * decimals); any other ISO code falls back to `Intl.NumberFormat` with two decimals rather than failing the page.
 *
 * @example formatMinorUnits(123456, "BRL", "pt-BR"); // "R$ 1.234,56"
 */
export function formatMinorUnits(amountMinor: number, currency: string, locale?: string): string {
  if (isSupportedCurrency(currency)) return formatMoney(amountMinor, currency, locale);
  const sign = amountMinor < 0 ? "-" : "";
  const digits = Math.abs(amountMinor).toString().padStart(3, "0");
  const decimal = `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(decimal as Intl.StringNumericLiteral);
  } catch {
    // An unknown currency code: still show the amount rather than break the page.
    return `${decimal} ${currency}`;
  }
}

export interface MoneyProps {
  /** Integer minor units (cents; whole pesos for CLP/COP). */
  amountMinor: number;
  currency: string;
  /** BCP 47 locale; defaults to the currency's home market. */
  locale?: string;
  className?: string;
}

/** An amount of money, formatted for `locale`; the machine value sits in `<data value>`. */
export function Money({ amountMinor, currency, locale, className }: MoneyProps) {
  const machineValue = isSupportedCurrency(currency) ? toDecimalString(amountMinor, currency) : String(amountMinor);
  return (
    <data className={cx("ui-money", className)} value={`${machineValue} ${currency}`}>
      {formatMinorUnits(amountMinor, currency, locale)}
    </data>
  );
}
