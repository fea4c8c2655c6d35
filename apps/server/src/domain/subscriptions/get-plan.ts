// One active plan, read from the provider (not the list cache, so a plan
// deactivated a moment ago is not offered for a new subscription).

import type { Plan } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";
import { toPlan } from "./plan-view";

const PLAN_NOT_FOUND = "We could not find that plan.";

export async function getPlan(options: { deps: Pick<AppDeps, "provider">; planId: string }): Promise<Plan> {
  let plan: Awaited<ReturnType<typeof options.deps.provider.plans.get>>;
  try {
    plan = await options.deps.provider.plans.get(options.planId);
  } catch (error) {
    throw toShopperError(error, { action: "load the plan", notFoundMessage: PLAN_NOT_FOUND });
  }
  const view = plan.status === "active" ? toPlan(plan) : null;
  if (!view) throw new AppError("NOT_FOUND", PLAN_NOT_FOUND, { field: "id", reason: "plan_not_found" });
  return view;
}
