// Reconciliation: what the provider knows about a checkout whose payment
// outcome Cobro has not seen. A payment call that was sent but not answered
// (timeout, dropped connection, a crash mid-call), or a hosted checkout the
// shopper may have paid on the provider's page while its notification never
// came: each is re-read from the provider by the checkout's external reference
// on a schedule that backs off, and applied with the same code as the webhook.
//
// No transaction is open during the provider call: the search runs first, then
// each snapshot is applied, then the schedule is written.

import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { RECONCILE_CHECKOUT_JOB, reconcileCheckoutJobKey } from "../../jobs/job-names";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { mirrorCheckoutPayment } from "../payments/apply-payment-snapshot";
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
      "payment_attempt_status",
      "payment_attempted_at",
      "payment_lease_until",
      "reconcile_after",
      "reconcile_attempts",
      "provider_account_id",
    ])
    .where("id", "=", checkoutId)
    .executeTakeFirst();
  if (!checkout || (checkout.reconcile_after === null && !options.force)) return "nothing";

  const now = deps.now();
  if (checkout.payment_lease_until !== null && checkout.payment_lease_until.getTime() > now.getTime()) {
    await scheduleCheckoutReconciliation({
      deps,
      checkoutId,
      delayMs: checkout.payment_lease_until.getTime() - now.getTime() + 1000,
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
    .select([
      "checkouts.provider_payment_id",
      "checkouts.payment_attempt_status",
      "checkouts.payment_lease_until",
      "payments.status as payment_status",
    ])
    .where("checkouts.id", "=", checkoutId)
    .executeTakeFirstOrThrow();
  if (after.payment_lease_until !== null && after.payment_lease_until.getTime() > deps.now().getTime()) {
    // A new call started meanwhile (the shopper paid again after the unknown outcome): its own answer decides.
    return "in_flight";
  }

  const attempts = checkout.reconcile_attempts + 1;
  if (after.provider_payment_id !== null) {
    const unsettled = after.payment_status !== null && UNSETTLED_PAYMENT_STATUSES.has(after.payment_status);
    const stillWatching = unsettled && now.getTime() - checkout.created_at.getTime() < HOSTED_WATCH_MS;
    await deps.db
      .updateTable("checkouts")
      .set({
        payment_attempt_status:
          after.payment_attempt_status === "in_flight" || after.payment_attempt_status === "unknown"
            ? "answered"
            : after.payment_attempt_status,
        reconcile_attempts: attempts,
        reconcile_after: null,
      })
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

  const directAttemptOpen = after.payment_attempt_status === "in_flight" || after.payment_attempt_status === "unknown";
  const giveUp = directAttemptOpen
    ? checkout.payment_attempted_at !== null &&
      now.getTime() - checkout.payment_attempted_at.getTime() >= NO_PAYMENT_AFTER_MS
    : now.getTime() - checkout.created_at.getTime() >= HOSTED_WATCH_MS;
  if (giveUp || (!directAttemptOpen && checkout.provider_preference_id === null)) {
    await deps.db
      .updateTable("checkouts")
      .set({
        ...(directAttemptOpen ? { payment_attempt_status: "no_payment" as const, payment_lease_until: null } : {}),
        reconcile_attempts: attempts,
        reconcile_after: null,
      })
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
