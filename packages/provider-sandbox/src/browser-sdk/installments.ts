// Installment options with their cost (`payer_costs`) per site, shaped like the provider's
// `GET /v1/payment_methods/installments`. The rates are sandbox figures (real ones depend on the issuer, the seller's
// plan and the day); the rules are the provider's: `installment_rate` is the total surcharge in percent (0 is
// interest-free, funded by the seller: `installment_rate_collector: ["MERCADOPAGO"]`, else `["THIRD_PARTY"]`); money
// is computed in integer minor units, rounded half up, so n installments may differ from the total by less than n
// minor units, as on the provider's statements; debit cards take one installment; Argentina's options carry the
// legally required `CFT_x,xx%|TEA_y,yy%` labels (TEA: the effective annual rate; CFT adds 21% VAT on the interest).

import { type CurrencyCode, currencyDecimals } from "@cobro/provider-client/money";
import type { SiteId } from "../context";
import { badField } from "../core/errors";
import type { CardMethodDefinition, SiteCurrency, SiteDefinition } from "../data/sites";

/** One option of `payer_costs`. */
export interface PayerCost {
  installments: number;
  installment_rate: number;
  discount_rate: number;
  reimbursement_rate: null;
  labels: string[];
  installment_rate_collector: string[];
  min_allowed_amount: number;
  max_allowed_amount: number;
  recommended_message: string;
  installment_amount: number;
  total_amount: number;
  payment_method_option_id: string;
}

/** The same option with its money in integer minor units (what payments use). */
export interface PayerCostMinor {
  installments: number;
  /** Surcharge on the amount in basis points (1250 = 12.5%). */
  rateBasisPoints: number;
  amountMinor: number;
  installmentMinor: number;
  totalMinor: number;
}

/**
 * Credit-card schedule per site: installments → surcharge in basis points.
 * Sandbox figures, chosen to look like each market (Argentina's "cuotas sin
 * interés" on 3, Brazil's "parcelado sem juros" up to 3, Mexico's "meses sin
 * intereses" on 3 and 6, Colombia up to 36). Options above a method's
 * `maxInstallments` are not offered.
 */
export const INSTALLMENT_SCHEDULES: Readonly<Record<SiteId, Readonly<Record<number, number>>>> = {
  MLA: { 1: 0, 3: 0, 6: 2468, 9: 3837, 12: 5310 },
  MLB: { 1: 0, 2: 0, 3: 0, 4: 915, 5: 1119, 6: 1326, 7: 1536, 8: 1748, 9: 1963, 10: 2180, 11: 2400, 12: 2622 },
  MLM: { 1: 0, 3: 0, 6: 0, 9: 1350, 12: 1800 },
  MLC: { 1: 0, 2: 0, 3: 0, 6: 890, 10: 1560, 12: 1890 },
  MCO: { 1: 0, 2: 0, 3: 0, 6: 950, 12: 1890, 24: 3710, 36: 5480 },
  MPE: { 1: 0, 3: 0, 6: 1110, 12: 2280 },
  MLU: { 1: 0, 3: 0, 6: 1050, 12: 2150 },
};

/**
 * Smallest installment the sandbox offers, in minor units (a sandbox figure):
 * 1 unit of the currency (100 cents), or 100 pesos in the integer currencies.
 */
function minInstallmentMinor(_currency: SiteCurrency): number {
  return 100;
}

/** `value × numerator / denominator` rounded half up, in exact integer arithmetic (BigInt: no float drift). */
export function mulDivRoundHalfUp(value: number, numerator: number, denominator: number): number {
  const product = BigInt(value) * BigInt(numerator);
  const d = BigInt(denominator);
  return Number((product * 2n + d) / (2n * d));
}

/** The schedule of a card method in a site: `[{installments, rateBasisPoints}]`, 1 first. */
export function scheduleOf(
  siteId: SiteId,
  method: CardMethodDefinition,
): { installments: number; rateBasisPoints: number }[] {
  if (method.paymentTypeId === "debit_card") return [{ installments: 1, rateBasisPoints: 0 }];
  return Object.entries(INSTALLMENT_SCHEDULES[siteId])
    .map(([n, bp]) => ({ installments: Number(n), rateBasisPoints: bp }))
    .filter((option) => option.installments <= method.maxInstallments)
    .sort((a, b) => a.installments - b.installments);
}

/** Cost of one option for an amount, in minor units. */
export function costInMinorUnits(amountMinor: number, installments: number, rateBasisPoints: number): PayerCostMinor {
  const totalMinor = mulDivRoundHalfUp(amountMinor, 10_000 + rateBasisPoints, 10_000);
  const installmentMinor = mulDivRoundHalfUp(totalMinor, 1, installments);
  return { installments, rateBasisPoints, amountMinor, installmentMinor, totalMinor };
}

/**
 * The options offered for an amount: the schedule, without options whose
 * installment would fall under the site's smallest installment. Option 1 is
 * always offered.
 */
export function offeredCosts(
  site: SiteDefinition,
  method: CardMethodDefinition,
  amountMinor: number,
): PayerCostMinor[] {
  const min = minInstallmentMinor(site.currencyId);
  return scheduleOf(site.id, method)
    .filter((o) => o.installments === 1 || amountMinor >= o.installments * min)
    .map((o) => costInMinorUnits(amountMinor, o.installments, o.rateBasisPoints));
}

/** The offered option with `installments`, or undefined when the method does not offer it for this amount. */
export function findPayerCost(
  site: SiteDefinition,
  method: CardMethodDefinition,
  amountMinor: number,
  installments: number,
): PayerCostMinor | undefined {
  return offeredCosts(site, method, amountMinor).find((o) => o.installments === installments);
}

// ---- rates for the labels (display only: rounded to two decimals) ----------

/** The monthly rate i at which `installments` equal payments of (1 + surcharge)/n repay 1 (bisection). */
function impliedMonthlyRate(installments: number, surcharge: number): number {
  if (surcharge <= 0 || installments <= 1) return 0;
  const payment = (1 + surcharge) / installments;
  const presentValue = (i: number) => (payment * (1 - (1 + i) ** -installments)) / i;
  let low = 1e-9;
  let high = 1;
  for (let k = 0; k < 200; k++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > 1) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

function percentLabel(value: number): string {
  return `${(Math.round(value * 10_000) / 100).toFixed(2).replace(".", ",")}%`;
}

/** provider: Argentina's labels "CFT_x,xx%|TEA_y,yy%" (Resolution E 51/2017). VAT on interest is 21%. */
export function argentineLabel(installments: number, rateBasisPoints: number): string {
  const monthly = impliedMonthlyRate(installments, rateBasisPoints / 10_000);
  const tea = (1 + monthly) ** 12 - 1;
  const cft = (1 + monthly * 1.21) ** 12 - 1;
  return `CFT_${percentLabel(cft)}|TEA_${percentLabel(tea)}`;
}

// ---- money text for recommended_message --------------------------------------

const MONEY_FORMAT: Record<SiteCurrency, { symbol: string; group: string; decimal: string }> = {
  ARS: { symbol: "$", group: ".", decimal: "," },
  BRL: { symbol: "R$", group: ".", decimal: "," },
  MXN: { symbol: "$", group: ",", decimal: "." },
  CLP: { symbol: "$", group: ".", decimal: "," },
  COP: { symbol: "$", group: ".", decimal: "," },
  PEN: { symbol: "S/", group: ",", decimal: "." },
  UYU: { symbol: "$", group: ".", decimal: "," },
};

/** "$ 1.234,50" from minor units, without floats. */
export function formatMinor(minor: number, currency: SiteCurrency): string {
  const decimals = currencyDecimals(currency as CurrencyCode);
  const { symbol, group, decimal } = MONEY_FORMAT[currency];
  const text = String(minor).padStart(decimals + 1, "0");
  const whole = decimals > 0 ? text.slice(0, -decimals) : text;
  const fraction = decimals > 0 ? text.slice(-decimals) : "";
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${symbol} ${grouped}${fraction ? decimal + fraction : ""}`;
}

function languageFor(site: SiteDefinition, locale: string | null): "es" | "pt" | "en" {
  const lang = (locale ?? "").slice(0, 2).toLowerCase();
  if (lang === "es" || lang === "pt" || lang === "en") return lang;
  return site.id === "MLB" ? "pt" : "es";
}

function recommendedMessage(site: SiteDefinition, cost: PayerCostMinor, locale: string | null): string {
  const each = formatMinor(cost.installmentMinor, site.currencyId);
  const total = formatMinor(cost.totalMinor, site.currencyId);
  const n = cost.installments;
  const free = cost.rateBasisPoints === 0 && n > 1;
  switch (languageFor(site, locale)) {
    case "pt":
      return `${n} ${n === 1 ? "parcela" : "parcelas"}${free ? " sem juros" : ""} de ${each} (${total})`;
    case "en":
      return `${n} ${free ? "interest-free " : ""}${n === 1 ? "installment" : "installments"} of ${each} (${total})`;
    default:
      return `${n} ${n === 1 ? "cuota" : "cuotas"}${free ? " sin interés" : ""} de ${each} (${total})`;
  }
}

function toMajor(minor: number, currency: SiteCurrency): number {
  const decimals = currencyDecimals(currency as CurrencyCode);
  return Number(
    decimals === 0
      ? String(minor)
      : `${Math.trunc(minor / 10 ** decimals)}.${String(minor % 10 ** decimals).padStart(decimals, "0")}`,
  );
}

/**
 * The `payer_costs` of a card method for an amount (minor units), as the
 * provider's installments endpoint answers them.
 */
export function installmentOptions(
  site: SiteDefinition,
  method: CardMethodDefinition,
  amountMinor: number,
  locale: string | null,
): PayerCost[] {
  const minMinor = minInstallmentMinor(site.currencyId);
  return offeredCosts(site, method, amountMinor).map((cost) => ({
    installments: cost.installments,
    installment_rate: cost.rateBasisPoints / 100,
    discount_rate: 0,
    reimbursement_rate: null,
    labels: site.id === "MLA" ? [argentineLabel(cost.installments, cost.rateBasisPoints)] : [],
    installment_rate_collector: cost.rateBasisPoints === 0 ? ["MERCADOPAGO"] : ["THIRD_PARTY"],
    min_allowed_amount: toMajor(cost.installments * minMinor, site.currencyId),
    max_allowed_amount: site.maxAllowedAmount,
    recommended_message: recommendedMessage(site, cost, locale),
    installment_amount: toMajor(cost.installmentMinor, site.currencyId),
    total_amount: toMajor(cost.totalMinor, site.currencyId),
    payment_method_option_id: `${method.id}-${cost.installments}`,
  }));
}

/**
 * The `amount` query parameter (decimal text, e.g. "1000" or "10.10") in minor
 * units, parsed as text so no float is involved; a 400 naming `amount` when it
 * is not a positive amount with at most the currency's decimals.
 */
export function parseAmountParameter(text: string, currency: SiteCurrency): number {
  const decimals = currencyDecimals(currency as CurrencyCode);
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(text.trim());
  const fraction = match?.[2] ?? "";
  if (!match || fraction.replace(/0+$/, "").length > decimals) {
    throw badField(
      "amount",
      `invalid amount: "${text}" must be a positive number with at most ${decimals} decimals for ${currency}`,
    );
  }
  const minor = Number(match[1]) * 10 ** decimals + Number((fraction + "0".repeat(decimals)).slice(0, decimals) || "0");
  if (minor <= 0) throw badField("amount", "invalid amount: must be greater than 0");
  return minor;
}
