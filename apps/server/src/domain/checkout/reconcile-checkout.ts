// Reconciliation: what the provider knows about a checkout whose payment
// outcome Cobro has not seen. A payment call that was sent but not answered
// (timeout, dropped connection, a crash mid-call), or a hosted checkout the
// shopper may have paid on the provider's page while its notification never
// came: each is re-read from the provider by the checkout's external reference
// on a schedule that backs off, and applied with the same code as the webhook.
//
// A direct payment's answer is the checkout's provider request (`checkout.payment`): this is also its kind's
// reconciler for the one reconcile loop, and what settles the request here goes through the engine's
// recordOutcome, so the ledger and the checkout never disagree.
//
// No transaction is open during the provider call: the search runs first, then
// each snapshot is applied, then the schedule is written.

import type { Payment as ProviderPayment } from "@cobro/provider-client";
import type { Kysely } from "kysely";
import type { DB, ProviderRequest } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { RECONCILE_CHECKOUT_JOB, reconcileCheckoutJobKey } from "../../jobs/job-names";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { CHECKOUT_STATUS_BY_PAYMENT_STATUS, mirrorCheckoutPayment } from "../payments/apply-payment-snapshot";
import type { ProviderRequestKind } from "../provider-requests/provider-request-kind";
import { recordOutcome, storedOutcome } from "../provider-requests/run-provider-request";
import { UNSETTLED_PAYMENT_STATUSES } from "./checkout-result-view";
import { expireCheckoutPreference } from "./expire-checkout-preference";
import { HOSTED_WATCH_MS, NO_PAYMENT_AFTER_MS, reconcileDelayMs } from "./payment-attempt-policy";

export type ReconcileDeps = ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;

export type ReconcileOutcome =
  /** A call is still out under its lease: looked at again when the lease ends. */
  | "in_flight"
  /** The provider has a payment for the checkout; it is mirrored. */
  | "found"
  /** Nothing yet; looked at again later. */
  | "not_yet"
  /** Known that no payment was made (the unanswered call left none), or a hosted checkout stopped being watched. */
  | "no_payment"
  /** Nothing to reconcile (unknown checkout, or nothing pending). */
  | "nothing";

/** Schedules the checkout's next re-read `delayMs` from now (also as a delayed job, so it runs even if idle). */
export async function scheduleCheckoutReconciliation(options: {
  deps: Pick<AppDeps, "db" | "jobs" | "now">;
  db?: Kysely<DB>;
  checkoutId: string;
  delayMs: number;
}): Promise<void> {
  const { deps, checkoutId, delayMs } = options;
  const at = new Date(deps.now().getTime() + delayMs);
  await (options.db ?? deps.db)
    .updateTable("checkouts")
    .set({ reconcile_after: at })
    .where("id", "=", checkoutId)
    .execute();
  await enqueueCheckoutReconciliation({ deps, checkoutId, delayMs });
}

/**
 * Queues the checkout's re-read as a delayed job (kept in PostgreSQL, so it survives a crash of this process).
 * The checkout's `reconcile_after` must already say when; the minute sweep is the fallback if this never runs.
 */
export async function enqueueCheckoutReconciliation(options: {
  deps: Pick<AppDeps, "jobs">;
  checkoutId: string;
  delayMs: number;
}): Promise<void> {
  const { deps, checkoutId, delayMs } = options;
  await deps.jobs.enqueue(
    RECONCILE_CHECKOUT_JOB,
    { checkoutId },
    { singletonKey: reconcileCheckoutJobKey(checkoutId), startAfterSeconds: Math.max(1, Math.ceil(delayMs / 1000)) },
  );
}

/** The checkout's payments at the provider, oldest first; only a payment that may take or has taken money counts. */
export async function findTakingPayment(
  deps: Pick<AppDeps, "provider">,
  externalReference: string,
  signal: AbortSignal,
): Promise<ProviderPayment[]> {
  const found = await deps.provider.payments.search(
    { external_reference: externalReference, sort: "date_created", criteria: "asc" },
    { signal },
  );
  return (found.results ?? []).filter(
    (payment) => payment.status === "approved" || UNSETTLED_PAYMENT_STATUSES.has(payment.status),
  );
}

function isOpen(request: Pick<ProviderRequest, "status"> | undefined): request is ProviderRequest {
  return request?.status === "pending" || request?.status === "unknown";
}

function leaseLive(request: ProviderRequest | undefined, now: Date): boolean {
  return request?.lease_until != null && request.lease_until.getTime() > now.getTime();
}

async function requestOf(db: Kysely<DB>, requestId: string | null): Promise<ProviderRequest | undefined> {
  if (requestId === null) return undefined;
  return db.selectFrom("provider_requests").selectAll().where("id", "=", requestId).executeTakeFirst();
}

/**
 * A checkout's direct payment as a provider request. Its outcome completes the checkout (the payment it points to,
 * or where its schedule stands) with the audit line; an unseen answer is settled by reconcileCheckout below.
 */
export const CHECKOUT_PAYMENT_REQUEST: ProviderRequestKind<ProviderPayment> = {
  kind: "checkout.payment",
  async onOutcome(trx, request, outcome, { now, by }) {
    const checkout = await trx
      .selectFrom("checkouts")
      .select(["id", "payment_method", "amount_minor", "currency"])
      .where("id", "=", request.resource_id)
      .executeTakeFirstOrThrow();
    if (outcome.status === "succeeded") {
      const payment = outcome.answer;
      await trx
        .updateTable("checkouts")
        .set({
          provider_payment_id: payment.id,
          status: CHECKOUT_STATUS_BY_PAYMENT_STATUS[payment.status] ?? payment.status,
          reconcile_after: null,
          updated_at: now,
        })
        .where("id", "=", checkout.id)
        .execute();
    } else if (outcome.status === "failed") {
      await trx
        .updateTable("checkouts")
        .set({ reconcile_after: null, updated_at: now })
        .where("id", "=", checkout.id)
        .execute();
    }
    // Reconciliation logs what it found; the audit log records what a shopper's request did.
    if (by !== "call") return;
    await recordAudit({
      db: trx,
      actorUserId: null,
      action: {
        succeeded: "payment.created",
        failed: "payment.create_failed",
        unknown: "payment.outcome_unknown",
      }[outcome.status],
      resourceType: "checkout",
      resourceId: checkout.id,
      idempotencyKey: request.idempotency_key,
      details:
        outcome.status === "succeeded"
          ? {
              kind: checkout.payment_method,
              providerPaymentId: outcome.answer.id,
              status: outcome.answer.status,
              statusDetail: outcome.answer.status_detail ?? null,
              paymentMethodId: outcome.answer.payment_method_id ?? null,
              amountMinor: checkout.amount_minor,
              currency: checkout.currency,
            }
          : {
              kind: checkout.payment_method,
              status: outcome.error?.httpStatus ?? null,
              code: outcome.error?.code ?? null,
            },
      now,
    });
  },
  async reconcile(deps, request) {
    const checkout = await deps.db
      .selectFrom("checkouts")
      .select("reconcile_after")
      .where("id", "=", request.resource_id)
      .executeTakeFirstOrThrow();
    // The checkout's own schedule (backing off) looks at it when due; the loop steps in only when none is set.
    if (checkout.reconcile_after !== null && checkout.reconcile_after.getTime() > deps.now().getTime()) return null;
    await reconcileCheckout({ deps, checkoutId: request.resource_id, force: true });
    const after = await requestOf(deps.db, request.id);
    if (!after || isOpen(after)) return null;
    const outcome = storedOutcome<ProviderPayment>(after, deps.now());
    return outcome.status === "unknown" ? null : outcome;
  },
};

/** Re-reads one checkout from the provider and settles what it can; see the file comment. */
export async function reconcileCheckout(options: {
  deps: ReconcileDeps;
  checkoutId: string;
  /** Re-read even when nothing is scheduled (before the shopper may pay a checkout again). */
  force?: boolean;
}): Promise<ReconcileOutcome> {
  const { deps, checkoutId } = options;
  const checkout = await deps.db
    .selectFrom("checkouts")
    .select([
      "id",
      "external_reference",
      "created_at",
      "provider_preference_id",
      "provider_request_id",
      "reconcile_after",
      "reconcile_attempts",
      "provider_account_id",
    ])
    .where("id", "=", checkoutId)
    .executeTakeFirst();
  if (!checkout || (checkout.reconcile_after === null && !options.force)) return "nothing";

  const now = deps.now();
  const request = await requestOf(deps.db, checkout.provider_request_id);
  if (request?.lease_until != null && leaseLive(request, now)) {
    await scheduleCheckoutReconciliation({
      deps,
      checkoutId,
      delayMs: request.lease_until.getTime() - now.getTime() + 1000,
    });
    return "in_flight";
  }

  // The checkout's own account holds its payments (the provider shows a payment only to its seller).
  const provider = await providerForAccount(deps, checkout.provider_account_id);
  const found = await provider.payments.search({
    external_reference: checkout.external_reference,
    sort: "date_created",
    criteria: "asc",
  });
  for (const payment of found.results ?? []) {
    await mirrorCheckoutPayment(deps, checkout, payment);
  }

  const after = await deps.db
    .selectFrom("checkouts")
    .leftJoin("payments", "payments.provider_payment_id", "checkouts.provider_payment_id")
    .select(["checkouts.provider_payment_id", "payments.status as payment_status", "payments.snapshot"])
    .where("checkouts.id", "=", checkoutId)
    .executeTakeFirstOrThrow();
  const afterRequest = await requestOf(deps.db, checkout.provider_request_id);
  if (leaseLive(afterRequest, deps.now())) {
    // A new call started meanwhile (the shopper paid again after the unknown outcome): its own answer decides.
    return "in_flight";
  }
  const directAttemptOpen = isOpen(afterRequest);

  const attempts = checkout.reconcile_attempts + 1;
  if (after.provider_payment_id !== null) {
    const unsettled = after.payment_status !== null && UNSETTLED_PAYMENT_STATUSES.has(after.payment_status);
    const stillWatching = unsettled && now.getTime() - checkout.created_at.getTime() < HOSTED_WATCH_MS;
    if (isOpen(afterRequest)) {
      // The unseen answer was this payment: the provider's own word (found now, or mirrored by a notification).
      const answer =
        (found.results ?? []).find((payment) => payment.id === after.provider_payment_id) ??
        (after.snapshot as unknown as ProviderPayment);
      await recordOutcome(deps, CHECKOUT_PAYMENT_REQUEST, afterRequest, { status: "succeeded", answer }, "reconcile");
    }
    await deps.db
      .updateTable("checkouts")
      .set({ reconcile_attempts: attempts, reconcile_after: null })
      .where("id", "=", checkoutId)
      .execute();
    if (stillWatching) await scheduleCheckoutReconciliation({ deps, checkoutId, delayMs: reconcileDelayMs(attempts) });
    if (checkout.provider_preference_id !== null) {
      try {
        await expireCheckoutPreference({ deps, checkoutId });
      } catch (error) {
        deps.logger.warn({ err: error, checkoutId }, "could not expire the preference of a paid checkout");
      }
    }
    deps.logger.info({ checkoutId, providerPaymentId: after.provider_payment_id }, "reconciled: payment found");
    return "found";
  }

  const giveUp = isOpen(afterRequest)
    ? now.getTime() - (afterRequest.attempted_at ?? afterRequest.created_at).getTime() >= NO_PAYMENT_AFTER_MS
    : now.getTime() - checkout.created_at.getTime() >= HOSTED_WATCH_MS;
  if (giveUp || (!directAttemptOpen && checkout.provider_preference_id === null)) {
    if (isOpen(afterRequest)) {
      await recordOutcome(
        deps,
        CHECKOUT_PAYMENT_REQUEST,
        afterRequest,
        {
          status: "failed",
          error: { type: "not_found", httpStatus: null, code: null, message: "Mercado Pago shows no such payment." },
        },
        "reconcile",
      );
    }
    await deps.db
      .updateTable("checkouts")
      .set({ reconcile_attempts: attempts, reconcile_after: null })
      .where("id", "=", checkoutId)
      .execute();
    deps.logger.info({ checkoutId, directAttemptOpen }, "reconciled: no payment");
    return "no_payment";
  }
  await deps.db.updateTable("checkouts").set({ reconcile_attempts: attempts }).where("id", "=", checkoutId).execute();
  await scheduleCheckoutReconciliation({ deps, checkoutId, delayMs: reconcileDelayMs(attempts) });
  return "not_yet";
}

/** The minute sweep: every checkout whose re-read is due (oldest first, at most `limit`). */
export async function reconcileDueCheckouts(options: { deps: ReconcileDeps; limit?: number }): Promise<number> {
  const { deps } = options;
  const due = await deps.db
    .selectFrom("checkouts")
    .select("id")
    .where("reconcile_after", "<=", deps.now())
    .orderBy("reconcile_after")
    .limit(options.limit ?? 100)
    .execute();
  let settled = 0;
  for (const { id } of due) {
    try {
      const outcome = await reconcileCheckout({ deps, checkoutId: id });
      if (outcome === "found" || outcome === "no_payment") settled++;
    } catch (error) {
      // One checkout the provider cannot answer for must not stop the sweep; its schedule stays due.
      deps.logger.warn({ err: error, checkoutId: id }, "reconciling a checkout failed; retried on the next sweep");
    }
  }
  return settled;
}
