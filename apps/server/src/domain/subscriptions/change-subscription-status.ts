// Pause, resume or cancel one of the shopper's own subscriptions (ownership is
// the mirror's `user_id`; another shopper's id is NOT_FOUND). provider:
// cancelling is irreversible, so a cancelled subscription refuses every change.
// Asking for the status it already has changes nothing.

import type { ShopperSubscription } from "@cobro/contracts";
import { ProviderBadRequestError } from "@cobro/provider-client";
import { isSupportedCurrency } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";
import { recordAudit } from "../audit/record-audit";
import { mirrorSubscription } from "./mirror-subscription";
import { toShopperSubscription } from "./subscription-view";

export type SubscriptionAction = "pause" | "resume" | "cancel";

const TARGET_STATUS: Readonly<Record<SubscriptionAction, "paused" | "authorized" | "cancelled">> = {
  pause: "paused",
  resume: "authorized",
  cancel: "cancelled",
};

const AUDIT_ACTION: Readonly<Record<SubscriptionAction, string>> = {
  pause: "subscription.paused",
  resume: "subscription.resumed",
  cancel: "subscription.cancelled",
};

function cancelledError(): AppError {
  return new AppError("CONFLICT", "This subscription was cancelled and can no longer be changed.", {
    reason: "subscription_cancelled",
  });
}

export async function changeSubscriptionStatus(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  userId: string;
  subscriptionId: string;
  action: SubscriptionAction;
}): Promise<ShopperSubscription> {
  const { deps, userId, subscriptionId, action } = options;
  const row = await deps.db
    .selectFrom("subscriptions")
    .selectAll()
    .where("id", "=", subscriptionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) {
    throw new AppError("NOT_FOUND", "We could not find that subscription.", {
      field: "id",
      reason: "subscription_not_found",
    });
  }
  if (row.status === "cancelled") throw cancelledError();
  const target = TARGET_STATUS[action];
  if (row.status === target) return toShopperSubscription(row);

  const currency = row.currency.trim();
  const fallbackCurrency = isSupportedCurrency(currency) ? currency : "USD";
  let updated: Awaited<ReturnType<typeof deps.provider.subscriptions.update>>;
  try {
    updated = await deps.provider.subscriptions.update(row.provider_subscription_id, { status: target });
  } catch (error) {
    if (error instanceof ProviderBadRequestError) {
      // The provider may know better (cancelled elsewhere): refresh the mirror before answering.
      const current = await deps.provider.subscriptions.get(row.provider_subscription_id).catch(() => null);
      if (current) {
        await mirrorSubscription({ db: deps.db, subscription: current, userId, fallbackCurrency, now: deps.now() });
        if (current.status === "cancelled") throw cancelledError();
      }
      throw new AppError("BAD_REQUEST", `This subscription cannot be ${TARGET_STATUS[action]} now.`, {
        reason: "invalid_subscription_transition",
        cause: toShopperError(error, { action: `${action} the subscription` }),
      });
    }
    throw toShopperError(error, { action: `${action} the subscription` });
  }
  const now = deps.now();
  const mirror = await mirrorSubscription({ db: deps.db, subscription: updated, userId, fallbackCurrency, now });
  await recordAudit({
    db: deps.db,
    actorUserId: userId,
    action: AUDIT_ACTION[action],
    resourceType: "subscription",
    resourceId: mirror.id,
    details: { providerSubscriptionId: updated.id, from: row.status, to: updated.status },
    now,
  });
  return toShopperSubscription(mirror);
}
