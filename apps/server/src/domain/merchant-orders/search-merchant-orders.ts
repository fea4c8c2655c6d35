// Searches the provider's merchant orders (`GET /merchant_orders/search`) with the console's filters and offset
// pagination, and mirrors every order in the answer. A connected account's orders are searched with its credentials
// and not mirrored: the mirror has no account column, and the webhook and sync paths that keep it read with the
// store's own credentials.
import type { MerchantOrderSearchFilters, MerchantOrderSearchOutput } from "@cobro/contracts";
import type { MerchantOrderSearchQuery } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { getStoreAccount } from "../../provider/get-store-account";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { applyMerchantOrderSnapshot } from "./apply-merchant-order-snapshot";
import { toMerchantOrderError } from "./merchant-order-provider-error";
import { toMerchantOrderSummary } from "./merchant-order-view";

export interface SearchMerchantOrdersOptions {
  deps: Pick<AppDeps, "now"> & AccountProviderDeps;
  /** null or omitted: the store's own account. */
  accountId?: string | null;
  filters: MerchantOrderSearchFilters;
}

export async function searchMerchantOrders(options: SearchMerchantOrdersOptions): Promise<MerchantOrderSearchOutput> {
  const { deps, filters } = options;
  const accountId = options.accountId ?? null;
  const provider = await providerForAccount(deps, accountId);
  const { currency } = await getStoreAccount({ deps });
  const query: MerchantOrderSearchQuery = {
    offset: filters.offset,
    limit: filters.limit,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.preferenceId ? { preference_id: filters.preferenceId } : {}),
    ...(filters.externalReference ? { external_reference: filters.externalReference } : {}),
    ...(filters.createdFrom ? { date_created_from: filters.createdFrom } : {}),
    ...(filters.createdTo ? { date_created_to: filters.createdTo } : {}),
  };
  let result: Awaited<ReturnType<typeof provider.merchantOrders.search>>;
  try {
    result = await provider.merchantOrders.search(query);
  } catch (error) {
    throw toMerchantOrderError(error, { action: "search the merchant orders" });
  }
  const elements = result.elements ?? [];
  const now = deps.now();
  for (const order of accountId === null ? elements : []) {
    await applyMerchantOrderSnapshot({ db: deps.db, order, storeCurrency: currency, now });
  }
  const nextOffset = filters.offset + elements.length;
  return {
    items: elements.map((order) => toMerchantOrderSummary(order, currency)),
    total: result.total,
    offset: filters.offset,
    limit: filters.limit,
    nextOffset: elements.length > 0 && nextOffset < result.total ? nextOffset : null,
  };
}
