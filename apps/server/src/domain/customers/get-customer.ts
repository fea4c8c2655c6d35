// One customer for the console: the provider's record with its saved cards and
// the Cobro user it belongs to.
import type { AdminCustomerDetail } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { throwCustomerError } from "./customer-errors";
import { linkedUsersOf, toAdminCustomerDetail } from "./customer-view";

export async function getCustomer(options: {
  deps: Pick<AppDeps, "db" | "provider">;
  customerId: string;
}): Promise<AdminCustomerDetail> {
  const { deps, customerId } = options;
  const customer = await deps.provider.customers
    .get(customerId)
    .catch((error: unknown) =>
      throwCustomerError(error, { action: "read the customer", notFoundMessage: "Mercado Pago has no such customer." }),
    );
  const linked = await linkedUsersOf(deps.db, [customer.id]);
  return toAdminCustomerDetail(customer, linked.get(customer.id) ?? null);
}
