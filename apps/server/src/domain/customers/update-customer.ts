// Edits a customer's name, phone, document, description or default card
// (`PUT /v1/customers/{id}`; repeating it is harmless), on the account it belongs to (a connected seller's with
// that seller's credentials).
import type { AdminCustomerDetail, CustomerUpdateInput } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { accountIdOfScope } from "../../provider/account-scope";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { changedFields, toCustomerUpdateBody } from "./customer-body";
import { throwCustomerError } from "./customer-errors";
import { linkedUsersOf, toAdminCustomerDetail } from "./customer-view";

export async function updateCustomer(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now"> & AccountProviderDeps;
  actorUserId: string;
  input: CustomerUpdateInput;
}): Promise<AdminCustomerDetail> {
  const { deps, actorUserId } = options;
  const { customerId, account, ...changes } = options.input;
  const fields = changedFields(changes);
  if (fields.length === 0) throw new AppError("BAD_REQUEST", "Change at least one field.");
  const accountId = accountIdOfScope(account);
  const provider = await providerForAccount(deps, accountId);
  const customer = await provider.customers
    .update(customerId, toCustomerUpdateBody(changes))
    .catch((error: unknown) =>
      throwCustomerError(error, { action: "save the customer", notFoundMessage: "Mercado Pago has no such customer." }),
    );
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "customer.updated",
    resourceType: "provider_customer",
    resourceId: customerId,
    details: { fields, providerAccountId: accountId },
    now: deps.now(),
  });
  const users = await linkedUsersOf(deps.db, [customer.id]);
  return toAdminCustomerDetail(customer, users.get(customer.id) ?? null);
}
