// Deletes a customer. provider: the delete is allowed while the customer still
// has saved cards, and the cards go with it (the provider's OpenAPI: "Saved
// cards associated with the customer will also be removed"; the sandbox does
// the same); the console's dialog says so. The Cobro user linked to the customer is unlinked,
// so their next saved card makes a new customer. When no answer is seen, the
// customer is read again: a 404 means the delete went through.
import { ProviderNotFoundError } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { refuseConnectedAccountAction } from "../../provider/account-scope";
import { recordAudit } from "../audit/record-audit";
import { isUnanswered, throwCustomerError } from "./customer-errors";

const ACTION = "delete the customer";
const NOT_FOUND = "Mercado Pago has no such customer (it may have been deleted already).";

async function isGone(deps: Pick<AppDeps, "provider">, customerId: string): Promise<boolean> {
  try {
    await deps.provider.customers.get(customerId);
    return false;
  } catch (error) {
    return error instanceof ProviderNotFoundError;
  }
}

export async function deleteCustomer(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  actorUserId: string;
  customerId: string;
  /** Only the store's own account (a connected one is refused). */
  account?: string | undefined;
}): Promise<{ customerId: string; cardsDeleted: number; unlinkedUserId: string | null }> {
  const { deps, actorUserId, customerId } = options;
  refuseConnectedAccountAction(options.account);
  let cardsDeleted = 0;
  try {
    const deleted = await deps.provider.customers.remove(customerId);
    cardsDeleted = deleted.cards?.length ?? 0;
  } catch (error) {
    if (!(isUnanswered(error) && (await isGone(deps, customerId))))
      throwCustomerError(error, { action: ACTION, notFoundMessage: NOT_FOUND });
  }
  const unlinked = await deps.db
    .updateTable("users")
    .set({ provider_customer_id: null, updated_at: deps.now() })
    .where("provider_customer_id", "=", customerId)
    .returning("id")
    .executeTakeFirst();
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "customer.deleted",
    resourceType: "provider_customer",
    resourceId: customerId,
    details: { cardsDeleted, unlinkedUserId: unlinked?.id ?? null },
    now: deps.now(),
  });
  return { customerId, cardsDeleted, unlinkedUserId: unlinked?.id ?? null };
}
