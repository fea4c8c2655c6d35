// The console's subscriptions (`/preapproval`): search, one subscription with
// its plan, payer, next charge date and every charge (`/authorized_payments`),
// and pause / resume / cancel by staff. A status change is idempotent by
// nature (asking for the status it has changes nothing), each one is audited
// (requested before the call, then its outcome), and the result goes into the
// shop's subscriptions mirror so the shopper's account shows it. Searches, reads and status changes are made with
// the credentials of the account asked for (the shared account filter); a repeat goes where the dialog says.
import type {
  AccountFilter,
  AdminCharge,
  AdminSubscription,
  AdminSubscriptionDetail,
  SubscriptionAction,
} from "@cobro/contracts";
import type { AuthorizedPayment, Subscription as ProviderSubscription } from "@cobro/provider-client";
import { isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { accountIdOfScope, providerForConsoleRead } from "../../provider/account-scope";
import { PROVIDER_RETRY_AFTER_SECONDS, toShopperError } from "../../provider/provider-failure";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { isUnanswered } from "../customers/customer-errors";
import { toAdminPlan } from "./admin-plans";
import { mirrorSubscription } from "./mirror-subscription";
import { pendingSubscriptionChanges, settleUnknownChanges } from "./subscription-requests";

type Deps = Pick<AppDeps, "db" | "provider" | "now"> & AccountProviderDeps;

const TARGET_STATUS: Readonly<Record<SubscriptionAction, "paused" | "authorized" | "cancelled">> = {
  pause: "paused",
  resume: "authorized",
  cancel: "cancelled",
};

function toSubscriptionError(error: unknown, action: string): unknown {
  if (isUnanswered(error)) {
    return new AppError(
      "PROVIDER_UNAVAILABLE",
      `Mercado Pago did not answer, so we do not know yet whether we could ${action}. Check again in a moment; repeating is safe.`,
      { reason: "provider_unavailable", retryAfterSeconds: PROVIDER_RETRY_AFTER_SECONDS },
    );
  }
  return toShopperError(error, { action, notFoundMessage: "Mercado Pago has no such subscription." });
}

function moneyOf(amount: number | null | undefined, currency: string | null | undefined) {
  if (amount === null || amount === undefined || !currency || !isSupportedCurrency(currency)) return null;
  try {
    return { amountMinor: toMinorUnits(amount, currency), currency };
  } catch {
    return null;
  }
}

function toAdminSubscription(subscription: ProviderSubscription, shopperEmail: string | null): AdminSubscription {
  const recurring = subscription.auto_recurring;
  return {
    id: subscription.id,
    status: subscription.status,
    reason: subscription.reason ?? "",
    payerEmail: subscription.payer_email ?? null,
    payerId: subscription.payer_id ?? null,
    planId: subscription.preapproval_plan_id ?? null,
    externalReference: subscription.external_reference ?? null,
    amount: moneyOf(recurring?.transaction_amount, recurring?.currency_id),
    nextPaymentDate: subscription.next_payment_date ?? null,
    createdAt: subscription.date_created ?? null,
    shopperEmail,
  };
}

export function toAdminCharge(charge: AuthorizedPayment): AdminCharge {
  return {
    id: charge.id,
    status: charge.status,
    amount: moneyOf(charge.transaction_amount, charge.currency_id),
    debitDate: charge.debit_date ?? null,
    retryAttempt: charge.retry_attempt ?? 0,
    nextRetryDate: charge.next_retry_date ?? null,
    payment: charge.payment?.id
      ? {
          id: charge.payment.id,
          status: charge.payment.status ?? null,
          statusDetail: charge.payment.status_detail ?? null,
        }
      : null,
  };
}

/** The Cobro shoppers the mirror knows for these provider subscriptions. */
async function shopperEmails(deps: Pick<AppDeps, "db">, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom("subscriptions")
    .innerJoin("users", "users.id", "subscriptions.user_id")
    .select(["subscriptions.provider_subscription_id", "users.email"])
    .where("subscriptions.provider_subscription_id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.provider_subscription_id, row.email]));
}

export async function searchAdminSubscriptions(options: {
  deps: AccountProviderDeps;
  /** Whose subscriptions are searched; absent: the store's own account. */
  account?: AccountFilter | undefined;
  status?: "pending" | "authorized" | "paused" | "cancelled";
  payerEmail?: string;
  planId?: string;
  q?: string;
  offset: number;
  limit: number;
}) {
  const { deps, offset, limit } = options;
  const provider = await providerForConsoleRead(deps, options.account);
  let found: Awaited<ReturnType<typeof provider.subscriptions.search>>;
  try {
    found = await provider.subscriptions.search({
      ...(options.status ? { status: options.status } : {}),
      ...(options.payerEmail ? { payer_email: options.payerEmail } : {}),
      ...(options.planId ? { preapproval_plan_id: options.planId } : {}),
      ...(options.q ? { q: options.q } : {}),
      offset,
      limit,
    });
  } catch (error) {
    throw toSubscriptionError(error, "search the subscriptions");
  }
  const shoppers = await shopperEmails(
    deps,
    found.results.map((subscription) => subscription.id),
  );
  return {
    items: found.results.map((subscription) =>
      toAdminSubscription(subscription, shoppers.get(subscription.id) ?? null),
    ),
    total: found.paging?.total ?? found.results.length,
    offset,
    limit,
  };
}

export async function getAdminSubscription(options: {
  deps: AccountProviderDeps & Pick<AppDeps, "now">;
  subscriptionId: string;
  /** A connected account the subscription belongs to (its detail page's `?account=`); absent: the store's own. */
  account?: string | undefined;
}): Promise<AdminSubscriptionDetail> {
  const { deps, subscriptionId } = options;
  const provider = await providerForConsoleRead(deps, options.account);
  let subscription: ProviderSubscription;
  let charges: AuthorizedPayment[];
  try {
    [subscription, charges] = await Promise.all([
      provider.subscriptions.get(subscriptionId),
      provider.authorizedPayments.search({ preapproval_id: subscriptionId, limit: 100 }).then((found) => found.results),
    ]);
  } catch (error) {
    throw toSubscriptionError(error, "load the subscription");
  }
  const plan = subscription.preapproval_plan_id
    ? await provider.plans.get(subscription.preapproval_plan_id).then(toAdminPlan, () => null)
    : null;
  const shoppers = await shopperEmails(deps, [subscription.id]);
  await settleUnknownChanges({ deps, subscription });
  const pendingChanges = await pendingSubscriptionChanges({ deps, subscriptionId: subscription.id });
  const summarized = subscription.summarized;
  return {
    ...toAdminSubscription(subscription, shoppers.get(subscription.id) ?? null),
    plan,
    pendingChanges,
    charges: charges
      .map(toAdminCharge)
      .sort((a, b) => (b.debitDate ?? "").localeCompare(a.debitDate ?? "") || b.id - a.id),
    summary: summarized
      ? {
          chargedQuantity: summarized.charged_quantity ?? 0,
          chargedAmount: moneyOf(summarized.charged_amount, subscription.auto_recurring?.currency_id),
        }
      : null,
  };
}

export async function changeAdminSubscriptionStatus(options: {
  deps: Deps;
  actorUserId: string;
  subscriptionId: string;
  action: SubscriptionAction;
  /** A connected seller's subscription is changed on that seller's account. */
  account?: string | undefined;
}): Promise<AdminSubscriptionDetail> {
  const { deps, actorUserId, subscriptionId, action, account } = options;
  const accountId = accountIdOfScope(account);
  const provider = await providerForAccount(deps, accountId);
  const target = TARGET_STATUS[action];
  let current: ProviderSubscription;
  try {
    current = await provider.subscriptions.get(subscriptionId);
  } catch (error) {
    throw toSubscriptionError(error, "load the subscription");
  }
  if (current.status === "cancelled") {
    throw new AppError("CONFLICT", "This subscription was cancelled and can no longer be changed.", {
      reason: "subscription_cancelled",
    });
  }
  if (current.status !== target) {
    if (action === "resume" && current.status !== "paused") {
      throw new AppError("BAD_REQUEST", "Only a paused subscription can be resumed.", {
        reason: "invalid_subscription_transition",
      });
    }
    if (action === "pause" && current.status !== "authorized") {
      throw new AppError("BAD_REQUEST", "Only an active subscription can be paused.", {
        reason: "invalid_subscription_transition",
      });
    }
    await recordAudit({
      db: deps.db,
      actorUserId,
      action: `subscription.${action}_requested`,
      resourceType: "provider_subscription",
      resourceId: subscriptionId,
      details: { from: current.status, providerAccountId: accountId },
      now: deps.now(),
    });
    let updated: ProviderSubscription;
    try {
      updated = await provider.subscriptions.update(subscriptionId, { status: target });
    } catch (error) {
      throw toSubscriptionError(error, `${action} the subscription`);
    }
    const currency = updated.auto_recurring?.currency_id;
    // The shop mirrors its own account's subscriptions only.
    if (accountId === null && currency && isSupportedCurrency(currency)) {
      await mirrorSubscription({
        db: deps.db,
        subscription: updated,
        userId: null,
        fallbackCurrency: currency,
        now: deps.now(),
      });
    }
    await recordAudit({
      db: deps.db,
      actorUserId,
      action: `subscription.${TARGET_STATUS[action] === "authorized" ? "resumed" : target}`,
      resourceType: "provider_subscription",
      resourceId: subscriptionId,
      details: { from: current.status, to: updated.status, providerAccountId: accountId },
      now: deps.now(),
    });
  }
  return getAdminSubscription({ deps, subscriptionId, account });
}

/** The subscription charges (`/authorized_payments/search`), newest first, by subscription or payment. */
export async function searchAdminCharges(options: {
  deps: AccountProviderDeps;
  /** Whose charges are searched; absent: the store's own account. */
  account?: AccountFilter | undefined;
  subscriptionId?: string;
  paymentId?: number;
  offset: number;
  limit: number;
}) {
  const { deps, offset, limit } = options;
  const provider = await providerForConsoleRead(deps, options.account);
  let found: Awaited<ReturnType<typeof provider.authorizedPayments.search>>;
  try {
    found = await provider.authorizedPayments.search({
      ...(options.subscriptionId ? { preapproval_id: options.subscriptionId } : {}),
      ...(options.paymentId ? { payment_id: options.paymentId } : {}),
      offset,
      limit,
    });
  } catch (error) {
    throw toSubscriptionError(error, "search the charges");
  }
  return {
    items: found.results.map((charge) => ({
      ...toAdminCharge(charge),
      subscriptionId: charge.preapproval_id,
      reason: charge.reason ?? "",
    })),
    total: found.paging?.total ?? found.results.length,
    offset,
    limit,
  };
}
