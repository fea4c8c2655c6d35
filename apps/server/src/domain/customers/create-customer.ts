// Creates a customer from the console. The dialog's idempotency key is written
// to the audit log (committed) before the provider call and sent with it, so a
// double submit or a retry makes one customer. When no answer is seen the
// customer is looked for by its e-mail (unique per seller) before anything is
// said. A Cobro user with the same e-mail and no customer yet is linked to it:
// the shop would have picked this customer for their saved cards anyway.
import type { AdminCustomerDetail, CustomerCreateInput } from "@cobro/contracts";
import type { Customer } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { recordAudit } from "../audit/record-audit";
import { toCustomerCreateBody } from "./customer-body";
import { isUnanswered, throwCustomerError } from "./customer-errors";
import { linkedUsersOf, toAdminCustomerDetail } from "./customer-view";

const ACTION = "create the customer";

async function findByEmail(deps: Pick<AppDeps, "provider">, email: string): Promise<Customer | null> {
  const found = await deps.provider.customers.search({ email });
  return found.results.find((customer) => customer.email.toLowerCase() === email) ?? null;
}

export async function createCustomer(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  actorUserId: string;
  input: CustomerCreateInput;
}): Promise<AdminCustomerDetail> {
  const { deps, actorUserId, input } = options;
  const { idempotencyKey } = input;
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "customer.create_requested",
    resourceType: "provider_customer",
    resourceId: null,
    idempotencyKey,
    now: deps.now(),
  });

  let customer: Customer;
  try {
    customer = await deps.provider.customers.create(toCustomerCreateBody(input), { idempotencyKey });
  } catch (error) {
    if (!isUnanswered(error)) throwCustomerError(error, { action: ACTION });
    // The outcome was not seen: the customer exists if the call went through.
    const found = await findByEmail(deps, input.email).catch(() => null);
    if (!found) throwCustomerError(error, { action: ACTION });
    customer = found;
  }

  const linked = await deps.db
    .updateTable("users")
    .set({ provider_customer_id: customer.id, updated_at: deps.now() })
    .where("email", "=", customer.email.trim().toLowerCase())
    .where("provider_customer_id", "is", null)
    .returning("id")
    .executeTakeFirst();
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "customer.created",
    resourceType: "provider_customer",
    resourceId: customer.id,
    idempotencyKey,
    details: { linkedUserId: linked?.id ?? null },
    now: deps.now(),
  });
  const users = await linkedUsersOf(deps.db, [customer.id]);
  return toAdminCustomerDetail(customer, users.get(customer.id) ?? null);
}
