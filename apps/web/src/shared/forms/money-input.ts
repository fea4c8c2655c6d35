// Every amount field of the console reads what staff type through this one hook: the digits are parsed the way
// the page itself writes amounts of that currency (parseMoneyInput, with the locale formatMoney uses), and a bad
// amount gets a message that names the field and shows an example written the same way.
import { formatMoneyInput, type MoneyInputProblem, parseMoneyInput } from "@cobro/contracts";
import { currencyDecimals, isSupportedCurrency } from "@cobro/provider-client/money";
import { useCallback, useMemo } from "react";
import { useI18n } from "../../i18n/i18n-context";

export type MoneyFieldResult =
  | { ok: true; amountMinor: number }
  | { ok: false; problem: MoneyInputProblem | "zero"; message: string };

export interface MoneyInput {
  /**
   * Parses `text` typed in the field labelled `field`; a bad amount (or zero, unless `allowZero`) comes back with a
   * message naming the field.
   */
  parse(text: string, currency: string, field: string, options?: { allowZero?: boolean }): MoneyFieldResult;
  /** The same check as a react-hook-form `validate`: true, or the message. */
  validate(currency: string, field: string): (text: string) => true | string;
  /** Minor units of a good positive amount, else null (for live totals and installment look-ups). */
  minorOrNull(text: string, currency: string): number | null;
  /** The text a field starts with for `amountMinor` ("5000,50" in Spanish for ARS). */
  initial(amountMinor: number, currency: string): string;
}

/** The console's amount parsing and messages, in the reader's language. */
export function useMoneyInput(): MoneyInput {
  const { t, moneyLocaleFor } = useI18n();
  const parse = useCallback(
    (text: string, currency: string, field: string, options?: { allowZero?: boolean }): MoneyFieldResult => {
      if (!isSupportedCurrency(currency)) {
        return { ok: false, problem: "not_a_number", message: t("admin.money.not_a_number", { field, example: "" }) };
      }
      const locale = moneyLocaleFor(currency);
      const result = parseMoneyInput(text, { currency, locale });
      if (result.ok && result.amountMinor === 0 && !options?.allowZero) {
        return { ok: false, problem: "zero", message: t("admin.money.zero", { field }) };
      }
      if (result.ok) return result;
      const decimals = currencyDecimals(currency);
      const example = new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }).format(decimals === 0 ? 5000 : 5000.5);
      const key =
        result.problem === "too_many_decimals" && decimals === 0
          ? "admin.money.whole_only"
          : (`admin.money.${result.problem}` as const);
      return { ok: false, problem: result.problem, message: t(key, { field, example, currency, decimals }) };
    },
    [t, moneyLocaleFor],
  );
  const initial = useCallback(
    (amountMinor: number, currency: string) =>
      isSupportedCurrency(currency) ? formatMoneyInput(amountMinor, currency, moneyLocaleFor(currency)) : "",
    [moneyLocaleFor],
  );
  return useMemo(
    () => ({
      parse,
      initial,
      validate: (currency: string, field: string) => (text: string) => {
        const result = parse(text, currency, field);
        return result.ok || result.message;
      },
      minorOrNull: (text: string, currency: string) => {
        const result = parse(text, currency, "");
        return result.ok ? result.amountMinor : null;
      },
    }),
    [parse, initial],
  );
}
