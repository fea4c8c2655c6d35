// One customer for the console: the provider's record with its saved cards and
// the Cobro user it belongs to.
import type { AdminCustomerDetail } from "@cobro/contracts";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { throwCustomerError } from "./customer-errors";
import { linkedUsersOf, toAdminCustomerDetail } from "./customer-view";

export async function getCustomer(options: {
  deps: AccountProviderDeps;
  customerId: string;
  /** null or omitted: the store's own account (whose customers are Cobro's users). */
  accountId?: string | null;
}): Promise<AdminCustomerDetail> {
  const { deps, customerId } = options;
  const accountId = options.accountId ?? null;
  const provider = await providerForAccount(deps, accountId);
  const customer = await provider.customers
    .get(customerId)
    .catch((error: unknown) =>
      throwCustomerError(error, { action: "read the customer", notFoundMessage: "Mercado Pago has no such customer." }),
    );
  const linked = accountId === null ? await linkedUsersOf(deps.db, [customer.id]) : new Map();
  return toAdminCustomerDetail(customer, linked.get(customer.id) ?? null);
}
