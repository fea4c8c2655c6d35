// Every amount field of the console reads what staff type through this one hook: the digits are parsed the way
// the page itself writes amounts of that currency (parseMoneyInput, with the locale formatMoney uses), and a bad
// amount gets a message that names the field and shows an example written the same way.
import { formatMoneyInput, type MoneyInputProblem, parseMoneyInput } from "@cobro/contracts";
import { currencyDecimals, isSupportedCurrency } from "@cobro/provider-client/money";
import { useCallback, useMemo } from "react";
import { useI18n } from "../i18n/i18n-context";

export type MoneyFieldResult = { ok: true; amountMinor: number } | { ok: false; problem: MoneyInputProblem; message: string };

export interface MoneyInput {
  /** Parses `text` typed in the field labelled `field`; a bad amount comes back with its message. */
  parse(text: string, currency: string, field: string): MoneyFieldResult;
  /** The text a field starts with for `amountMinor` ("5000,50" in Spanish for ARS). */
  initial(amountMinor: number, currency: string): string;
}

/** The console's amount parsing and messages, in the reader's language. */
export function useMoneyInput(): MoneyInput {
  const { t, moneyLocaleFor } = useI18n();
  const parse = useCallback(
    (text: string, currency: string, field: string): MoneyFieldResult => {
      if (!isSupportedCurrency(currency)) {
        return { ok: false, problem: "not_a_number", message: t("admin.money.not_a_number", { field, example: "" }) };
      }
      const locale = moneyLocaleFor(currency);
      const result = parseMoneyInput(text, { currency, locale });
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
  return useMemo(() => ({ parse, initial }), [parse, initial]);
}
