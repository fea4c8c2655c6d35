// The console's customer search: a page of the provider's customers
// (`GET /v1/customers/search`, offset/limit; provider: the docs, the SDK and
// the provider's OpenAPI know one filter, the exact `email`), each with the
// Cobro user it belongs to. A connected account's customers are searched with
// its credentials; Cobro's users are customers of the store's own account only.
import type { AdminCustomer } from "@cobro/contracts";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { throwCustomerError } from "./customer-errors";
import { linkedUsersOf, toAdminCustomer } from "./customer-view";

export async function searchCustomers(options: {
  deps: AccountProviderDeps;
  /** null or omitted: the store's own account. */
  accountId?: string | null;
  email?: string | undefined;
  offset: number;
  limit: number;
}): Promise<{ items: AdminCustomer[]; total: number; offset: number; limit: number }> {
  const { deps, offset, limit } = options;
  const accountId = options.accountId ?? null;
  const provider = await providerForAccount(deps, accountId);
  const found = await provider.customers
    .search({ ...(options.email ? { email: options.email } : {}), offset, limit })
    .catch((error: unknown) => throwCustomerError(error, { action: "search the customers" }));
  const linked =
    accountId === null
      ? await linkedUsersOf(
          deps.db,
          found.results.map((customer) => customer.id),
        )
      : new Map();
  return {
    items: found.results.map((customer) => toAdminCustomer(customer, linked.get(customer.id) ?? null)),
    total: found.paging?.total ?? found.results.length,
    offset: found.paging?.offset ?? offset,
    limit: found.paging?.limit ?? limit,
  };
}
