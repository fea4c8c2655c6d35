// Reads a provider merchant order (amounts in major units, JSON numbers) into the console's shapes (minor units
// with their currency). Pure: the mirror, the search and the detail share it.
import type { MerchantOrderSummary } from "@cobro/contracts";
import type { MerchantOrder } from "@cobro/provider-client";
import { type CurrencyCode, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import { AppError } from "../../errors/app-error";

/** The order's currency: its items' (all one currency at the provider), else its payments', else the store's. */
export function merchantOrderCurrency(order: MerchantOrder, storeCurrency: CurrencyCode): CurrencyCode {
  const code = order.items?.find((item) => item.currency_id)?.currency_id ?? order.payments?.[0]?.currency_id;
  if (code === undefined || code === null) return storeCurrency;
  if (!isSupportedCurrency(code)) {
    throw new AppError("INTERNAL", `Merchant order ${order.id} is in ${code}, a currency this shop does not handle.`);
  }
  return code;
}

/** A provider amount (major units) in minor units; a missing amount is zero. */
export function minorOf(amount: number | null | undefined, currency: CurrencyCode): number {
  return amount === null || amount === undefined ? 0 : toMinorUnits(amount, currency);
}

/** An ISO date-time, or null when the provider sent none (or something that is not a date). */
export function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function toMerchantOrderSummary(order: MerchantOrder, storeCurrency: CurrencyCode): MerchantOrderSummary {
  const currency = merchantOrderCurrency(order, storeCurrency);
  return {
    id: order.id,
    status: order.status,
    orderStatus: order.order_status ?? null,
    preferenceId: order.preference_id || null,
    externalReference: order.external_reference || null,
    total: { amountMinor: minorOf(order.total_amount, currency), currency },
    paid: { amountMinor: minorOf(order.paid_amount, currency), currency },
    paymentsCount: order.payments?.length ?? 0,
    createdAt: isoOrNull(order.date_created),
    lastUpdated: isoOrNull(order.last_updated),
  };
}
