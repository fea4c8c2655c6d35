// The console's plans (`/preapproval_plan`): search, read, create, edit, and
// activate / deactivate. Plans live at the provider only (no local mirror): the
// console reads them there. Creating one sends the dialog's idempotency key,
// written to the audit log (committed) before the call, so a double submit or
// a retry after a lost answer makes one plan; an answer not seen is reported
// as "not known yet, repeating is safe", never as a failure. Every change is
// audited, and the shop's short plan cache is dropped so it offers the change
// at once. A connected seller's plan (`account`) is edited with that seller's
// credentials: an edit sends whole values, so a repeat goes where the dialog
// says and changes nothing more.
import type {
  AccountFilter,
  AdminPlan,
  PlanCreateInput,
  PlanFields,
  PlanSearchOutput,
  PlanStatus,
  PlanUpdateInput,
} from "@cobro/contracts";
import type { PlanRequest, Plan as ProviderPlan } from "@cobro/provider-client";
import { fromMinorUnits, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { accountIdOfScope, providerForConsoleRead } from "../../provider/account-scope";
import {
  PROVIDER_RETRY_AFTER_SECONDS,
  type ProviderFieldMapping,
  toShopperError,
} from "../../provider/provider-failure";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { isUnanswered } from "../customers/customer-errors";
import { plansCache } from "./list-plans";

/** Actions may act for a connected seller (`account`): the runtime deps carry what its client needs. */
type Deps = Pick<AppDeps, "db" | "provider" | "now"> & AccountProviderDeps;

const PLAN_NOT_FOUND = "Mercado Pago has no such plan.";

/** Provider request fields (as named in `cause[].data`) → the console form's fields. */
const PLAN_FIELD_MAPPINGS: Readonly<Record<string, ProviderFieldMapping>> = {
  reason: { field: "plan.reason", reason: "provider_rejected_request" },
  back_url: { field: "plan.backUrl", reason: "provider_rejected_request" },
  external_reference: { field: "plan.externalReference", reason: "provider_rejected_request" },
  "auto_recurring.transaction_amount": { field: "plan.amountMinor", reason: "provider_rejected_request" },
  "auto_recurring.currency_id": { field: "plan.currency", reason: "provider_rejected_request" },
  "auto_recurring.frequency": { field: "plan.frequency", reason: "provider_rejected_request" },
  "auto_recurring.frequency_type": { field: "plan.frequencyType", reason: "provider_rejected_request" },
  "auto_recurring.billing_day": { field: "plan.billingDay", reason: "provider_rejected_request" },
  "auto_recurring.repetitions": { field: "plan.repetitions", reason: "provider_rejected_request" },
};

function toPlanError(error: unknown, action: string): unknown {
  if (isUnanswered(error)) {
    return new AppError(
      "PROVIDER_UNAVAILABLE",
      `Mercado Pago did not answer, so we do not know yet whether we could ${action}. Check again in a moment; repeating is safe.`,
      { reason: "provider_unavailable", retryAfterSeconds: PROVIDER_RETRY_AFTER_SECONDS },
    );
  }
  return toShopperError(error, { action, fields: PLAN_FIELD_MAPPINGS, notFoundMessage: PLAN_NOT_FOUND });
}

/** A provider plan as the console shows it. */
export function toAdminPlan(plan: ProviderPlan): AdminPlan {
  const recurring = plan.auto_recurring;
  let amount: AdminPlan["amount"] = null;
  if (recurring?.transaction_amount !== undefined && isSupportedCurrency(recurring.currency_id)) {
    try {
      amount = {
        amountMinor: toMinorUnits(recurring.transaction_amount, recurring.currency_id),
        currency: recurring.currency_id,
      };
    } catch {
      amount = null;
    }
  }
  return {
    id: plan.id,
    status: plan.status,
    reason: plan.reason ?? "",
    amount,
    frequency: recurring?.frequency ?? null,
    frequencyType: recurring?.frequency_type ?? null,
    freeTrial: recurring?.free_trial
      ? { frequency: recurring.free_trial.frequency, frequencyType: recurring.free_trial.frequency_type }
      : null,
    billingDay: recurring?.billing_day ?? null,
    billingDayProportional: recurring?.billing_day_proportional ?? false,
    repetitions: recurring?.repetitions ?? null,
    backUrl: plan.back_url ?? null,
    externalReference: plan.external_reference ?? null,
    initPoint: plan.init_point ?? null,
    createdAt: plan.date_created ?? null,
    updatedAt: plan.last_modified ?? null,
  };
}

/** The provider's body for a plan's fields (amount in major units, as the provider wants). */
export function toPlanBody(fields: PlanFields): PlanRequest {
  return {
    reason: fields.reason,
    back_url: fields.backUrl,
    ...(fields.externalReference ? { external_reference: fields.externalReference } : {}),
    auto_recurring: {
      frequency: fields.frequency,
      frequency_type: fields.frequencyType,
      transaction_amount: fromMinorUnits(fields.amountMinor, fields.currency),
      currency_id: fields.currency,
      repetitions: fields.repetitions,
      ...(fields.billingDay !== null
        ? { billing_day: fields.billingDay, billing_day_proportional: fields.billingDayProportional }
        : {}),
      ...(fields.freeTrial
        ? { free_trial: { frequency: fields.freeTrial.frequency, frequency_type: fields.freeTrial.frequencyType } }
        : {}),
    },
  };
}

export async function searchAdminPlans(options: {
  deps: AccountProviderDeps;
  /** Whose plans are searched (the shared account filter); absent: the store's own account. */
  account?: AccountFilter | undefined;
  status?: PlanStatus;
  q?: string;
  offset: number;
  limit: number;
}): Promise<PlanSearchOutput> {
  const { deps, offset, limit } = options;
  const provider = await providerForConsoleRead(deps, options.account);
  try {
    const found = await provider.plans.search({
      ...(options.status ? { status: options.status } : {}),
      ...(options.q ? { q: options.q } : {}),
      sort: "date_created",
      criteria: "desc",
      offset,
      limit,
    });
    return {
      items: found.results.map(toAdminPlan),
      total: found.paging?.total ?? found.results.length,
      offset,
      limit,
    };
  } catch (error) {
    throw toPlanError(error, "search the plans");
  }
}

export async function getAdminPlan(options: {
  deps: AccountProviderDeps;
  planId: string;
  /** A connected account the plan belongs to (its detail page's `?account=`); absent: the store's own. */
  account?: string | undefined;
}): Promise<AdminPlan> {
  const provider = await providerForConsoleRead(options.deps, options.account);
  try {
    return toAdminPlan(await provider.plans.get(options.planId));
  } catch (error) {
    throw toPlanError(error, "load the plan");
  }
}

export async function createAdminPlan(options: {
  deps: Deps;
  actorUserId: string;
  input: PlanCreateInput;
}): Promise<AdminPlan> {
  const { deps, actorUserId, input } = options;
  const { idempotencyKey } = input;
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "plan.create_requested",
    resourceType: "provider_plan",
    resourceId: null,
    idempotencyKey,
    details: { reason: input.plan.reason, amountMinor: input.plan.amountMinor, currency: input.plan.currency },
    now: deps.now(),
  });
  let plan: ProviderPlan;
  try {
    plan = await deps.provider.plans.create(toPlanBody(input.plan), { idempotencyKey });
  } catch (error) {
    throw toPlanError(error, "create the plan");
  }
  plansCache.clear(deps.provider);
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "plan.created",
    resourceType: "provider_plan",
    resourceId: plan.id,
    idempotencyKey,
    now: deps.now(),
  });
  return toAdminPlan(plan);
}

export async function updateAdminPlan(options: {
  deps: Deps;
  actorUserId: string;
  input: PlanUpdateInput;
}): Promise<AdminPlan> {
  const { deps, actorUserId, input } = options;
  const accountId = accountIdOfScope(input.account);
  const provider = await providerForAccount(deps, accountId);
  const body = toPlanBody(input.plan);
  let plan: ProviderPlan;
  try {
    plan = await provider.plans.update(input.planId, {
      ...body,
      // An empty reference clears it (the provider keeps a field that is left out).
      external_reference: input.plan.externalReference ?? "",
    });
  } catch (error) {
    throw toPlanError(error, "change the plan");
  }
  plansCache.clear(deps.provider);
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "plan.updated",
    resourceType: "provider_plan",
    resourceId: plan.id,
    details: {
      reason: input.plan.reason,
      amountMinor: input.plan.amountMinor,
      currency: input.plan.currency,
      providerAccountId: accountId,
    },
    now: deps.now(),
  });
  return toAdminPlan(plan);
}

export async function setAdminPlanStatus(options: {
  deps: Deps;
  actorUserId: string;
  planId: string;
  status: PlanStatus;
  /** A connected seller's plan is changed on that seller's account. */
  account?: string | undefined;
}): Promise<AdminPlan> {
  const { deps, actorUserId, planId, status } = options;
  const accountId = accountIdOfScope(options.account);
  const provider = await providerForAccount(deps, accountId);
  let plan: ProviderPlan;
  try {
    plan = await provider.plans.update(planId, { status });
  } catch (error) {
    throw toPlanError(error, status === "active" ? "activate the plan" : "deactivate the plan");
  }
  plansCache.clear(deps.provider);
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: status === "active" ? "plan.activated" : "plan.deactivated",
    resourceType: "provider_plan",
    resourceId: plan.id,
    details: { providerAccountId: accountId },
    now: deps.now(),
  });
  return toAdminPlan(plan);
}
