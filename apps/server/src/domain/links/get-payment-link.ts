// One payment link for the console: the preference as the provider has it
// (`GET /checkout/preferences/{id}`), the payments it produced (from the local
// mirror, by the preference id the provider copies into each payment), and its
// merchant orders (`GET /merchant_orders/search?preference_id=`).
import type { LinkDetail } from "@cobro/contracts";
import type { Preference } from "@cobro/provider-client";
import { type CurrencyCode, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { storedCurrency } from "../catalog/product-view";
import { isExpired, isoOrNull } from "./link-dates";
import { linkProviderError } from "./link-request";

export type GetPaymentLinkDeps = Pick<AppDeps, "now"> & AccountProviderDeps;

/** The preference, or a NOT_FOUND the console can show. */
export async function readPreference(deps: Pick<AppDeps, "provider">, preferenceId: string): Promise<Preference> {
  try {
    return await deps.provider.preferences.get(preferenceId);
  } catch (error) {
    throw linkProviderError(error, "read the payment link");
  }
}

function currencyOf(preference: Preference): CurrencyCode {
  const currency = preference.items[0]?.currency_id;
  if (!currency || !isSupportedCurrency(currency)) {
    throw new AppError("BAD_REQUEST", "This link is priced in a currency Cobro does not handle.", {
      reason: "currency_not_supported",
    });
  }
  return currency;
}

/** A link of the store's own account (accountId null) or of a connected one, read with that account's credentials. */
export async function getPaymentLink(options: {
  deps: GetPaymentLinkDeps;
  preferenceId: string;
  /** null or omitted: the store's own account. */
  accountId?: string | null;
}): Promise<LinkDetail> {
  const { deps, preferenceId } = options;
  const accountId = options.accountId ?? null;
  const provider = await providerForAccount(deps, accountId);
  const preference = await readPreference({ provider }, preferenceId);
  const currency = currencyOf(preference);
  const items = preference.items.map((item) => ({
    id: item.id || null,
    title: item.title || item.id || "",
    quantity: item.quantity,
    unitPrice: { amountMinor: toMinorUnits(item.unit_price, currency), currency },
  }));
  const totalMinor = items.reduce((sum, item) => sum + item.unitPrice.amountMinor * item.quantity, 0);

  const [local, payments, merchantOrders] = await Promise.all([
    // The console makes links on the store's own account only.
    accountId !== null
      ? undefined
      : deps.db
          .selectFrom("payment_links")
          .leftJoin("users", "users.id", "payment_links.created_by")
          .select(["payment_links.created_at", "users.email"])
          .where("payment_links.provider_preference_id", "=", preferenceId)
          .executeTakeFirst(),
    deps.db
      .selectFrom("payments")
      .select(["provider_payment_id", "status", "status_detail", "amount_minor", "currency", "payer_email"])
      .select("provider_created_at")
      .where("preference_id", "=", preferenceId)
      // The payments mirrored for this link's account (the mirror keeps the account that read each payment).
      .where("provider_account_id", accountId === null ? "is" : "=", accountId)
      .orderBy("provider_created_at", "desc")
      .limit(100)
      .execute(),
    provider.merchantOrders.search({ preference_id: preferenceId, limit: 20 }).catch((error: unknown) => {
      throw linkProviderError(error, "read the link's merchant orders");
    }),
  ]);

  const now = deps.now();
  const minorOrNull = (value: number | null | undefined) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0
      ? { amountMinor: toMinorUnits(value, currency), currency }
      : null;
  return {
    preferenceId: preference.id,
    initPoint: preference.init_point,
    createdAt: isoOrNull(preference.date_created),
    lastUpdated: isoOrNull(preference.last_updated),
    externalReference: preference.external_reference || null,
    payerEmail: preference.payer?.email || null,
    items,
    total: { amountMinor: totalMinor, currency },
    expiresFrom: preference.expires ? isoOrNull(preference.expiration_date_from) : null,
    expiresTo: preference.expires ? isoOrNull(preference.expiration_date_to) : null,
    expired: isExpired(preference, now),
    backUrls: {
      success: preference.back_urls?.success ?? "",
      pending: preference.back_urls?.pending ?? "",
      failure: preference.back_urls?.failure ?? "",
    },
    autoReturn: preference.auto_return || null,
    excludedPaymentMethods: (preference.payment_methods?.excluded_payment_methods ?? []).map((method) => method.id),
    maxInstallments: preference.payment_methods?.installments ?? null,
    console: local ? { createdByEmail: local.email ?? null, createdAt: local.created_at.toISOString() } : null,
    payments: payments.map((payment) => ({
      providerPaymentId: payment.provider_payment_id,
      status: payment.status,
      statusDetail: payment.status_detail,
      amount: { amountMinor: payment.amount_minor, currency: storedCurrency(payment.currency) },
      payerEmail: payment.payer_email,
      createdAt: payment.provider_created_at.toISOString(),
    })),
    merchantOrders: (merchantOrders.elements ?? []).map((order) => ({
      id: order.id,
      status: order.status ?? "",
      orderStatus: order.order_status ?? null,
      paid: minorOrNull(order.paid_amount),
      total: minorOrNull(order.total_amount),
    })),
  };
}
