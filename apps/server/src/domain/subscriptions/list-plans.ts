// The provider's active subscription plans. Cached per process for a short
// while (PLANS_TTL_MS): the storefront lists them on every visit and they
// change rarely.

import type { Plan } from "@cobro/contracts";
import type { Plan as ProviderPlan } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { createProviderCache } from "../../provider/provider-cache";
import { toShopperError } from "../../provider/provider-failure";
import { toPlan } from "./plan-view";

export const PLANS_TTL_MS = 30_000;
export const plansCache = createProviderCache<ProviderPlan[]>({ ttlMs: PLANS_TTL_MS });

export async function listPlans(options: { deps: Pick<AppDeps, "provider"> }): Promise<Plan[]> {
  const { provider } = options.deps;
  try {
    const plans = await plansCache.get(provider, async () => {
      const found = await provider.plans.search({ status: "active" });
      return found.results;
    });
    return plans
      .filter((plan) => plan.status === "active")
      .map(toPlan)
      .filter((plan): plan is Plan => plan !== null);
  } catch (error) {
    throw toShopperError(error, { action: "load the plans" });
  }
}
