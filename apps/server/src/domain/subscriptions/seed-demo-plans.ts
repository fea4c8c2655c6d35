// Demo plans for a fresh install on the embedded sandbox: two active monthly
// plans, so a newcomer can subscribe in the shop at once. Idempotent: nothing
// is created when the provider already has any plan (the sandbox keeps its
// data under DATA_DIR across restarts), and each demo plan carries a fixed
// external reference with a fixed idempotency key per plan.
import type { PlanRequest, ProviderClient } from "@cobro/provider-client";
import { fromMinorUnits } from "@cobro/provider-client/money";

export const DEMO_PLAN_REFERENCES = ["cobro-demo-plan-basic", "cobro-demo-plan-plus"] as const;

function demoPlans(backUrl: string): PlanRequest[] {
  return [
    {
      reason: "Coffee club — one bag a month",
      external_reference: DEMO_PLAN_REFERENCES[0],
      back_url: backUrl,
      auto_recurring: {
        frequency: 1,
        frequency_type: "months",
        transaction_amount: fromMinorUnits(4_500_00, "ARS"),
        currency_id: "ARS",
        repetitions: null,
      },
    },
    {
      reason: "Coffee club plus — two bags a month, first week free",
      external_reference: DEMO_PLAN_REFERENCES[1],
      back_url: backUrl,
      auto_recurring: {
        frequency: 1,
        frequency_type: "months",
        transaction_amount: fromMinorUnits(8_000_00, "ARS"),
        currency_id: "ARS",
        repetitions: null,
        free_trial: { frequency: 7, frequency_type: "days" },
      },
    },
  ];
}

/** Creates the demo plans when the provider has none; returns how many were created. */
export async function seedDemoPlans(options: { provider: ProviderClient; publicUrl: string }): Promise<number> {
  const { provider } = options;
  const existing = await provider.plans.search({ limit: 1 });
  if ((existing.paging?.total ?? existing.results.length) > 0) return 0;
  let created = 0;
  for (const plan of demoPlans(`${options.publicUrl}/account`)) {
    await provider.plans.create(plan, { idempotencyKey: `cobro-demo-plan:${plan.external_reference}` });
    created += 1;
  }
  return created;
}
