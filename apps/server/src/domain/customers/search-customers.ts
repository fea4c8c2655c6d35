// The console's customer search: a page of the provider's customers
// (`GET /v1/customers/search`, offset/limit; provider: the docs, the SDK and
// the provider's OpenAPI know one filter, the exact `email`), each with the
// Cobro user it belongs to.
import type { AdminCustomer } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { throwCustomerError } from "./customer-errors";
import { linkedUsersOf, toAdminCustomer } from "./customer-view";

export async function searchCustomers(options: {
  deps: Pick<AppDeps, "db" | "provider">;
  email?: string | undefined;
  offset: number;
  limit: number;
}): Promise<{ items: AdminCustomer[]; total: number; offset: number; limit: number }> {
  const { deps, offset, limit } = options;
  const found = await deps.provider.customers
    .search({ ...(options.email ? { email: options.email } : {}), offset, limit })
    .catch((error: unknown) => throwCustomerError(error, { action: "search the customers" }));
  const linked = await linkedUsersOf(
    deps.db,
    found.results.map((customer) => customer.id),
  );
  return {
    items: found.results.map((customer) => toAdminCustomer(customer, linked.get(customer.id) ?? null)),
    total: found.paging?.total ?? found.results.length,
    offset: found.paging?.offset ?? offset,
    limit: found.paging?.limit ?? limit,
  };
}
