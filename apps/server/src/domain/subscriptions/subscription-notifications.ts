// The subscription notification topics. Each re-reads the resource from the
// provider (a notification only says "something changed") and is safe to run
// twice: the subscriptions mirror keeps the newest snapshot by the provider's
// `version`, the payments mirror by its own rules, and the plan topic only
// drops the shop's short plan cache (plans are read from the provider, not
// mirrored).
import { isSupportedCurrency } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { syncPaymentFromProvider } from "../payments/sync-payment-from-provider";
import { plansCache } from "./list-plans";
import { mirrorSubscription } from "./mirror-subscription";

type Deps = Pick<AppDeps, "db" | "provider" | "now" | "jobs">;

/** provider: subscription and plan ids are letters, digits and dashes (32 hex characters in its examples). */
export function parseSubscriptionId(dataId: string | null): string {
  if (dataId === null || !/^[A-Za-z0-9-]{1,64}$/.test(dataId)) {
    throw new AppError("BAD_REQUEST", `"${dataId ?? ""}" is not a subscription id.`, { field: "data.id" });
  }
  return dataId;
}

/** provider: authorized payment (subscription charge) ids are integers. */
export function parseAuthorizedPaymentId(dataId: string | null): number {
  const id = dataId !== null && /^\d{1,15}$/.test(dataId) ? Number(dataId) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new AppError("BAD_REQUEST", `"${dataId ?? ""}" is not a subscription charge id.`, { field: "data.id" });
  }
  return id;
}

/** `subscription_preapproval`: re-reads the subscription into the mirror (its owner, if known, is kept). */
export async function syncSubscriptionFromProvider(options: { deps: Deps; subscriptionId: string }): Promise<void> {
  const { deps, subscriptionId } = options;
  const subscription = await deps.provider.subscriptions.get(subscriptionId);
  const existing = await deps.db
    .selectFrom("subscriptions")
    .select("currency")
    .where("provider_subscription_id", "=", subscription.id)
    .executeTakeFirst();
  const recurringCurrency = subscription.auto_recurring?.currency_id;
  const fallbackCurrency =
    existing && isSupportedCurrency(existing.currency)
      ? existing.currency
      : recurringCurrency && isSupportedCurrency(recurringCurrency)
        ? recurringCurrency
        : null;
  // Without any currency the amount cannot be recorded truthfully: leave the mirror as it is.
  if (fallbackCurrency === null) return;
  await mirrorSubscription({ db: deps.db, subscription, userId: null, fallbackCurrency, now: deps.now() });
}

/** `subscription_preapproval_plan`: a plan changed; the shop must not offer a stale copy. */
export async function handlePlanNotification(options: { deps: Pick<AppDeps, "provider">; planId: string }) {
  // Re-read so a notification for a plan that does not exist fails (and is visible) instead of passing silently.
  await options.deps.provider.plans.get(options.planId);
  plansCache.clear(options.deps.provider);
}

/**
 * `subscription_authorized_payment`: a charge was made, retried or settled. The payment it produced goes into the
 * payments mirror (so the console's payments list has it), and its subscription is re-read (the next charge date and
 * the charged totals moved).
 */
export async function syncAuthorizedPaymentFromProvider(options: { deps: Deps; authorizedPaymentId: number }) {
  const { deps } = options;
  const charge = await deps.provider.authorizedPayments.get(options.authorizedPaymentId);
  if (charge.payment?.id) {
    await syncPaymentFromProvider({ deps, providerPaymentId: charge.payment.id });
  }
  await syncSubscriptionFromProvider({ deps, subscriptionId: charge.preapproval_id });
}
