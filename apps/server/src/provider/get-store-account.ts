// The store's own provider account (`/users/me`): its site decides the currency
// every payment is charged in. Cached per process for 10 minutes.

import { SITE_CURRENCIES } from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import type { AppDeps } from "../deps";
import { AppError } from "../errors/app-error";
import { createProviderCache } from "./provider-cache";
import { toShopperError } from "./provider-failure";

export interface StoreAccount {
  userId: number;
  siteId: string;
  currency: CurrencyCode;
}

export const STORE_ACCOUNT_TTL_MS = 10 * 60 * 1000;
const storeAccounts = createProviderCache<StoreAccount>({ ttlMs: STORE_ACCOUNT_TTL_MS });

/** The store account's id, site and currency (cached). */
export async function getStoreAccount(options: { deps: Pick<AppDeps, "provider"> }): Promise<StoreAccount> {
  const { provider } = options.deps;
  try {
    return await storeAccounts.get(provider, async () => {
      const me = await provider.account.me();
      const currency = SITE_CURRENCIES[me.site_id];
      if (!currency || !isSupportedCurrency(currency)) {
        throw new AppError("INTERNAL", "The shop's Mercado Pago account is in a country this shop does not support.");
      }
      return { userId: me.id, siteId: me.site_id, currency };
    });
  } catch (error) {
    throw toShopperError(error, { action: "load the shop's settings" });
  }
}

/**
 * Refuses a payment in a currency other than the store account's: the provider
 * charges in the site's currency whatever the price list says (payments carry
 * no currency), so a mismatch would charge the wrong amount.
 */
export async function assertStoreCurrency(options: {
  deps: Pick<AppDeps, "provider">;
  currency: string;
}): Promise<void> {
  const account = await getStoreAccount(options);
  if (account.currency !== options.currency) {
    throw new AppError(
      "BAD_REQUEST",
      `This shop takes payments in ${account.currency}, but these items are priced in ${options.currency}.`,
      { field: "items", reason: "currency_not_supported" },
    );
  }
}
