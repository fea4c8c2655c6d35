// Deletes a customer. provider: the delete is allowed while the customer still
// has saved cards, and the cards go with it (the provider's OpenAPI: "Saved
// cards associated with the customer will also be removed"; the sandbox does
// the same); the console's dialog says so. The Cobro user linked to the customer is unlinked,
// so their next saved card makes a new customer. When no answer is seen, the
// customer is read again: a 404 means the delete went through. A connected seller's customer is deleted with that
// seller's credentials (only the store's own customers are linked to Cobro users).
import { type ProviderClient, ProviderNotFoundError } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { accountIdOfScope } from "../../provider/account-scope";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { isUnanswered, throwCustomerError } from "./customer-errors";

const ACTION = "delete the customer";
const NOT_FOUND = "Mercado Pago has no such customer (it may have been deleted already).";

async function isGone(provider: ProviderClient, customerId: string): Promise<boolean> {
  try {
    await provider.customers.get(customerId);
    return false;
  } catch (error) {
    return error instanceof ProviderNotFoundError;
  }
}

export async function deleteCustomer(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now"> & AccountProviderDeps;
  actorUserId: string;
  customerId: string;
  /** The connected seller the customer belongs to; absent: the store's own account. */
  account?: string | undefined;
}): Promise<{ customerId: string; cardsDeleted: number; unlinkedUserId: string | null }> {
  const { deps, actorUserId, customerId } = options;
  const accountId = accountIdOfScope(options.account);
  const provider = await providerForAccount(deps, accountId);
  let cardsDeleted = 0;
  try {
    const deleted = await provider.customers.remove(customerId);
    cardsDeleted = deleted.cards?.length ?? 0;
  } catch (error) {
    if (!(isUnanswered(error) && (await isGone(provider, customerId))))
      throwCustomerError(error, { action: ACTION, notFoundMessage: NOT_FOUND });
  }
  const unlinked =
    accountId === null
      ? await deps.db
          .updateTable("users")
          .set({ provider_customer_id: null, updated_at: deps.now() })
          .where("provider_customer_id", "=", customerId)
          .returning("id")
          .executeTakeFirst()
      : undefined;
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "customer.deleted",
    resourceType: "provider_customer",
    resourceId: customerId,
    details: { cardsDeleted, unlinkedUserId: unlinked?.id ?? null, providerAccountId: accountId },
    now: deps.now(),
  });
  return { customerId, cardsDeleted, unlinkedUserId: unlinked?.id ?? null };
}
