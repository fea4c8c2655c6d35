// The installment choices of a card payment as the provider prices them: the
// SDK's `payer_costs` (getInstallments) turned into what the shopper is shown
// — the amount of each installment, the total to pay, the interest rate and,
// where the provider gives them (Argentina), the CFT and TEA. Amounts become
// integer minor units here; formatting is the caller's (Intl, per language).
import { isSupportedCurrency, toDecimalString, toMinorUnits } from "@cobro/provider-client/money";
import type { Translate } from "../../i18n/dictionary";
import type { SdkPayerCost } from "./sdk/mercadopago-types";

export interface InstallmentChoice {
  count: number;
  installmentAmountMinor: number;
  totalMinor: number;
  /** The interest rate in percent, as the provider states it (0 when interest-free). */
  ratePercent: number;
  interestFree: boolean;
  /** Costo Financiero Total, in percent (Argentina), or null. */
  cftPercent: number | null;
  /** Tasa Efectiva Anual, in percent (Argentina), or null. */
  teaPercent: number | null;
}

/** "45,32" or "45.32" → 45.32; null for anything that is no number. */
function parsePercent(text: string): number | null {
  const normalized = text.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  return Number(normalized);
}

/**
 * The CFT and TEA in a payer cost's labels. provider: Argentina's payer costs carry a label like
 * "CFT_45,32%|TEA_37,21%" (comma decimals); other sites carry neither.
 *
 * @example parseCostLabels(["recommended_installment", "CFT_45,32%|TEA_37,21%"]) // { cftPercent: 45.32, teaPercent: 37.21 }
 */
export function parseCostLabels(labels: readonly string[] | null | undefined): {
  cftPercent: number | null;
  teaPercent: number | null;
} {
  let cftPercent: number | null = null;
  let teaPercent: number | null = null;
  for (const label of labels ?? []) {
    for (const part of label.split("|")) {
      const match = /^(CFT|TEA)_([\d.,]+)%$/.exec(part.trim());
      if (!match?.[2]) continue;
      const value = parsePercent(match[2]);
      if (match[1] === "CFT" && cftPercent === null) cftPercent = value;
      if (match[1] === "TEA" && teaPercent === null) teaPercent = value;
    }
  }
  return { cftPercent, teaPercent };
}

/** A payer cost as a choice in minor units of `currency` (throws on a currency the shop does not handle). */
export function toInstallmentChoice(cost: SdkPayerCost, currency: string): InstallmentChoice {
  if (!isSupportedCurrency(currency)) throw new RangeError(`Unsupported currency ${currency}`);
  const rate = Number.isFinite(cost.installment_rate) ? cost.installment_rate : 0;
  return {
    count: cost.installments,
    installmentAmountMinor: toMinorUnits(cost.installment_amount, currency),
    totalMinor: toMinorUnits(cost.total_amount, currency),
    ratePercent: rate,
    interestFree: rate === 0,
    ...parseCostLabels(cost.labels),
  };
}

/** The choices of the first installments answer, by count, dropping counts above `maxCount` (the server's limit). */
export function installmentChoices(
  costs: readonly SdkPayerCost[],
  currency: string,
  maxCount = 48,
): InstallmentChoice[] {
  return costs
    .filter((cost) => Number.isInteger(cost.installments) && cost.installments >= 1 && cost.installments <= maxCount)
    .map((cost) => toInstallmentChoice(cost, currency))
    .sort((a, b) => a.count - b.count);
}

/** The amount the SDK's getInstallments takes: major units as a decimal string ("251.00"). */
export function sdkAmount(amountMinor: number, currency: string): string {
  if (!isSupportedCurrency(currency)) throw new RangeError(`Unsupported currency ${currency}`);
  return toDecimalString(amountMinor, currency);
}

export interface DescribeChoiceOptions {
  t: Translate;
  formatMoney: (amountMinor: number, currency: string) => string;
  /** The shopper's locale for percentages ("en", "es", "pt-BR"). */
  locale: string;
  currency: string;
}

/** A percentage the way the shopper's language writes it ("45.32%", "45,32 %"). */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
    percent / 100,
  );
}

/**
 * The words of one choice: "3 × $ 8.366,67 · Total $ 25.100,00 · Interest-free", or with interest
 * "6 × … · Total … · Interest 14,74% · CFT 45,32% · TEA 37,21%".
 */
export function describeInstallmentChoice(choice: InstallmentChoice, options: DescribeChoiceOptions): string {
  const { t, formatMoney, locale, currency } = options;
  const parts = [
    choice.count === 1
      ? t("installments.single", { amount: formatMoney(choice.installmentAmountMinor, currency) })
      : t("installments.multiple", {
          count: choice.count,
          amount: formatMoney(choice.installmentAmountMinor, currency),
        }),
    t("installments.total", { amount: formatMoney(choice.totalMinor, currency) }),
    choice.interestFree
      ? t("installments.interestFree")
      : t("installments.interest", { rate: formatPercent(choice.ratePercent, locale) }),
  ];
  if (choice.cftPercent !== null) parts.push(t("installments.cft", { rate: formatPercent(choice.cftPercent, locale) }));
  if (choice.teaPercent !== null) parts.push(t("installments.tea", { rate: formatPercent(choice.teaPercent, locale) }));
  return parts.join(" · ");
}
