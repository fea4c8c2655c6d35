// Edits a customer's name, phone, document, description or default card
// (`PUT /v1/customers/{id}`; repeating it is harmless).
import type { AdminCustomerDetail, CustomerUpdateInput } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { refuseConnectedAccountAction } from "../../provider/account-scope";
import { recordAudit } from "../audit/record-audit";
import { changedFields, toCustomerUpdateBody } from "./customer-body";
import { throwCustomerError } from "./customer-errors";
import { linkedUsersOf, toAdminCustomerDetail } from "./customer-view";

export async function updateCustomer(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  actorUserId: string;
  input: CustomerUpdateInput;
}): Promise<AdminCustomerDetail> {
  const { deps, actorUserId } = options;
  const { customerId, account, ...changes } = options.input;
  refuseConnectedAccountAction(account);
  const fields = changedFields(changes);
  if (fields.length === 0) throw new AppError("BAD_REQUEST", "Change at least one field.");
  const customer = await deps.provider.customers
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
    details: { fields },
    now: deps.now(),
  });
  const users = await linkedUsersOf(deps.db, [customer.id]);
  return toAdminCustomerDetail(customer, users.get(customer.id) ?? null);
}
