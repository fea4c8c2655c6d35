// A provider plan as the shop shows it: amount in minor units, frequency, free trial.

import type { Plan } from "@cobro/contracts";
import type { Plan as ProviderPlan } from "@cobro/provider-client";
import { isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";

/** The plan's view, or null when the shop cannot show it (no fixed amount, a currency it does not handle). */
export function toPlan(plan: ProviderPlan): Plan | null {
  const recurring = plan.auto_recurring;
  if (!recurring || recurring.transaction_amount === undefined || !isSupportedCurrency(recurring.currency_id)) {
    return null;
  }
  let amountMinor: number;
  try {
    amountMinor = toMinorUnits(recurring.transaction_amount, recurring.currency_id);
  } catch {
    return null;
  }
  return {
    id: plan.id,
    reason: plan.reason ?? "",
    amount: { amountMinor, currency: recurring.currency_id },
    frequency: recurring.frequency,
    frequencyType: recurring.frequency_type,
    ...(recurring.free_trial
      ? { freeTrial: { frequency: recurring.free_trial.frequency, frequencyType: recurring.free_trial.frequency_type } }
      : {}),
  };
}
