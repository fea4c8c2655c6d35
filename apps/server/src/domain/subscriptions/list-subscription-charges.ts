// The charges of one of the shopper's own subscriptions (`/authorized_payments/search?preapproval_id=`), newest
// first, each with the payment it produced (a failed one with the provider's reason). Ownership is the mirror's
// `user_id`: another shopper's subscription id is NOT_FOUND naming the field, and nothing is asked of the provider.
import type { SubscriptionCharge } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";
import { toAdminCharge } from "./admin-subscriptions";

/** A subscription charges once a period: a hundred covers years; the provider pages beyond. */
const MAX_LISTED_CHARGES = 100;

export async function listSubscriptionCharges(options: {
  deps: Pick<AppDeps, "db" | "provider">;
  userId: string;
  subscriptionId: string;
}): Promise<SubscriptionCharge[]> {
  const { deps, userId, subscriptionId } = options;
  const row = await deps.db
    .selectFrom("subscriptions")
    .select("provider_subscription_id")
    .where("id", "=", subscriptionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) {
    throw new AppError("NOT_FOUND", "We could not find that subscription.", {
      field: "id",
      reason: "subscription_not_found",
    });
  }
  let found: Awaited<ReturnType<typeof deps.provider.authorizedPayments.search>>;
  try {
    found = await deps.provider.authorizedPayments.search({
      preapproval_id: row.provider_subscription_id,
      limit: MAX_LISTED_CHARGES,
    });
  } catch (error) {
    throw toShopperError(error, { action: "load the charges" });
  }
  return found.results
    .filter((charge) => charge.preapproval_id === row.provider_subscription_id)
    .map((charge) => {
      const view = toAdminCharge(charge);
      return {
        id: view.id,
        status: view.status,
        date: view.debitDate,
        amount: view.amount,
        retryAttempt: view.retryAttempt,
        payment: view.payment,
      };
    })
    .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? "") || b.id - a.id);
}
