// The one place a checkout turns into a provider payment (card, Pix or cash
// voucher). At most one payment per checkout, however often, however
// concurrently and whatever crashes in between — in three steps, none of which
// holds a database transaction or a row lock during the provider call:
//
// 1. Claim (one short transaction): record that a call is about to go out, with
//    the checkout's own idempotency key and a lease that expires, and commit.
//    From here on a crash cannot erase the fact that money may have moved: the
//    reconciliation job (reconcile-checkout.ts) looks at the checkout later.
//    A second request for the same checkout finds the lease and waits for the
//    first one's outcome instead of calling the provider.
// 2. Call the provider, outside any transaction, with an overall deadline
//    shorter than what the shopper's browser waits. A checkout that has a
//    hosted-checkout preference first makes it unpayable and looks for a
//    payment made there, so the two ways to pay cannot both take money.
// 3. Record the answer (a second short transaction) and mirror the payment
//    with applyPaymentSnapshot, the same code the webhook runs.
//
// When the answer is never seen (timeout, dropped connection, 5xx after the
// client's retries, our deadline) the outcome is `unknown`, not a failure:
// the shopper is told we are confirming the payment, and reconciliation settles
// it. Paying that checkout again first re-reads it from the provider, then
// repeats the call with the same idempotency key, so the provider can never
// charge it twice. Card tokens are never logged or stored.
import {
  type PaymentCreateRequest,
  ProviderConflictError,
  ProviderError,
  type Payment as ProviderPayment,
} from "@cobro/provider-client";
import type { Checkout } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { toShopperError } from "../../provider/provider-failure";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { CHECKOUT_STATUS_BY_PAYMENT_STATUS, mirrorCheckoutPayment } from "../payments/apply-payment-snapshot";
import { UNSETTLED_PAYMENT_STATUSES } from "./checkout-result-view";
import { expireCheckoutPreference } from "./expire-checkout-preference";
import {
  FIRST_RECONCILE_AFTER_MS,
  isRefusedWithoutPayment,
  PAYMENT_CALL_DEADLINE_MS,
  PAYMENT_LEASE_MS,
  RECONCILE_AFTER_LEASE_MS,
} from "./payment-attempt-policy";
import { enqueueCheckoutReconciliation, reconcileCheckout, scheduleCheckoutReconciliation } from "./reconcile-checkout";

export type CheckoutPaymentKind = "card" | "pix" | "ticket";

export type CheckoutPaymentDeps = ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;

export interface CreateCheckoutPaymentOptions {
  deps: CheckoutPaymentDeps;
  checkoutId: string;
  /** Who asked (null for a guest). */
  actorUserId: string | null;
  kind: CheckoutPaymentKind;
  /** Builds the provider request from the claimed checkout row. */
  buildRequest: (checkout: Checkout) => PaymentCreateRequest;
}

export interface CheckoutPaymentOutcome {
  /** True when this call created the payment; false when the checkout already had one, or the outcome is unknown. */
  created: boolean;
  /** The checkout's payment, or null while its outcome is being confirmed. */
  providerPaymentId: number | null;
}

/** How often a second request looks whether the first one's call has finished. */
const BUSY_POLL_MS = 250;

type Claim =
  | { kind: "claimed"; checkout: Checkout }
  | { kind: "paid"; providerPaymentId: number }
  | { kind: "busy" }
  | { kind: "reconcile-first" };

/** Step 1: the claim, committed before any provider call. */
async function claimCheckoutPayment(
  options: CreateCheckoutPaymentOptions,
  claimOptions: { retryUnknown: boolean },
): Promise<Claim> {
  const { deps, checkoutId, kind, actorUserId } = options;
  return deps.db.transaction().execute(async (trx): Promise<Claim> => {
    const checkout = await trx
      .selectFrom("checkouts")
      .selectAll()
      .where("id", "=", checkoutId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (checkout.provider_payment_id !== null) return { kind: "paid", providerPaymentId: checkout.provider_payment_id };
    const now = deps.now();
    if (checkout.payment_lease_until !== null && checkout.payment_lease_until.getTime() > now.getTime()) {
      return { kind: "busy" };
    }
    const outcomeUnseen =
      checkout.payment_attempt_status === "in_flight" || checkout.payment_attempt_status === "unknown";
    if (outcomeUnseen && !claimOptions.retryUnknown) return { kind: "reconcile-first" };

    const leaseUntil = new Date(now.getTime() + PAYMENT_LEASE_MS);
    const claimed = await trx
      .updateTable("checkouts")
      .set({
        payment_attempt_status: "in_flight",
        payment_attempted_at: now,
        payment_lease_until: leaseUntil,
        payment_method: kind,
        // Looked at after the lease, should this process never record the answer.
        reconcile_after: new Date(leaseUntil.getTime() + RECONCILE_AFTER_LEASE_MS),
        updated_at: now,
      })
      .where("id", "=", checkout.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId,
      action: "payment.attempted",
      resourceType: "checkout",
      resourceId: checkout.id,
      idempotencyKey: checkout.idempotency_key,
      details: { kind, amountMinor: checkout.amount_minor, currency: checkout.currency, retry: outcomeUnseen },
      now,
    });
    return { kind: "claimed", checkout: claimed };
  });
}

/** A second request waits (without a connection or a lock) until the lease holder has an answer or gives up. */
async function waitForLeaseHolder(deps: CheckoutPaymentDeps, checkoutId: string): Promise<number | null> {
  const deadline = Date.now() + PAYMENT_CALL_DEADLINE_MS + 2 * BUSY_POLL_MS;
  for (;;) {
    const row = await deps.db
      .selectFrom("checkouts")
      .select(["provider_payment_id", "payment_lease_until"])
      .where("id", "=", checkoutId)
      .executeTakeFirstOrThrow();
    const leaseHeld = row.payment_lease_until !== null && row.payment_lease_until.getTime() > deps.now().getTime();
    if (row.provider_payment_id !== null || !leaseHeld || Date.now() > deadline) return row.provider_payment_id;
    await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
  }
}

/** The checkout's payments at the provider, oldest first; only a payment that may take or has taken money counts. */
export async function findTakingPayment(
  deps: CheckoutPaymentDeps,
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

/** Gives the claim back without a call having gone out (nothing was charged by this request). */
async function releaseClaim(deps: CheckoutPaymentDeps, checkoutId: string): Promise<void> {
  await deps.db
    .updateTable("checkouts")
    .set({ payment_attempt_status: "no_payment", payment_lease_until: null, reconcile_after: null })
    .where("id", "=", checkoutId)
    .execute();
}

function auditDetailsOfFailure(error: unknown): { [key: string]: string | number | null } {
  if (error instanceof ProviderError) {
    return { error: error.name, status: error.status, code: error.code ?? null, requestId: error.requestId ?? null };
  }
  return { error: error instanceof Error ? error.name : "unknown" };
}

/** Step 3 for an answer with a payment. */
async function recordPayment(
  options: CreateCheckoutPaymentOptions,
  checkout: Checkout,
  payment: ProviderPayment,
): Promise<void> {
  const { deps, actorUserId, kind } = options;
  const now = deps.now();
  const unsettled = UNSETTLED_PAYMENT_STATUSES.has(payment.status);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("checkouts")
      .set({
        provider_payment_id: payment.id,
        payment_method: kind,
        status: CHECKOUT_STATUS_BY_PAYMENT_STATUS[payment.status] ?? payment.status,
        payment_attempt_status: "answered",
        payment_lease_until: null,
        reconcile_after: null,
        updated_at: now,
      })
      .where("id", "=", checkout.id)
      .execute();
    await recordAudit({
      db: trx,
      actorUserId,
      action: "payment.created",
      resourceType: "checkout",
      resourceId: checkout.id,
      idempotencyKey: checkout.idempotency_key,
      details: {
        kind,
        providerPaymentId: payment.id,
        status: payment.status,
        statusDetail: payment.status_detail ?? null,
        paymentMethodId: payment.payment_method_id ?? null,
        amountMinor: checkout.amount_minor,
        currency: checkout.currency,
      },
      now,
    });
  });
  await mirrorCheckoutPayment(deps, checkout, payment);
  // A pending payment (Pix, a voucher, a card under review) is watched until it settles, webhook or not.
  if (unsettled) {
    await scheduleCheckoutReconciliation({ deps, checkoutId: checkout.id, delayMs: FIRST_RECONCILE_AFTER_MS });
  }
}

/**
 * Step 3 without a payment: `unknown` when the answer was never seen (money may have moved; reconciliation
 * decides), `no_payment` when the provider refused the request itself.
 */
async function recordCallWithoutPayment(
  options: CreateCheckoutPaymentOptions,
  checkout: Checkout,
  error: unknown,
  outcome: "unknown" | "no_payment",
): Promise<void> {
  const { deps, actorUserId, kind } = options;
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("checkouts")
      .set({
        payment_attempt_status: outcome,
        payment_lease_until: null,
        ...(outcome === "no_payment" ? { reconcile_after: null } : {}),
        updated_at: now,
      })
      .where("id", "=", checkout.id)
      .execute();
    await recordAudit({
      db: trx,
      actorUserId,
      action: outcome === "unknown" ? "payment.outcome_unknown" : "payment.create_failed",
      resourceType: "checkout",
      resourceId: checkout.id,
      idempotencyKey: checkout.idempotency_key,
      details: { kind, ...auditDetailsOfFailure(error) },
      now,
    });
  });
  if (outcome === "no_payment") return;
  await scheduleCheckoutReconciliation({ deps, checkoutId: checkout.id, delayMs: FIRST_RECONCILE_AFTER_MS });
  deps.logger.warn(
    { checkoutId: checkout.id, idempotencyKey: checkout.idempotency_key, err: error },
    "payment outcome unknown; reconciliation will settle it",
  );
}

/**
 * Makes the checkout's one payment (see the file comment). Resolves with `created: true` when this call made it,
 * `created: false` with the existing payment's id when there already was one, and `providerPaymentId: null` while
 * the outcome is being confirmed. Throws the shopper's AppError only when the provider certainly made no payment.
 */
export async function createCheckoutPayment(options: CreateCheckoutPaymentOptions): Promise<CheckoutPaymentOutcome> {
  const { checkoutId } = options;
  // The checkout's account, fixed when it was created: the key below only ever goes to that account, whatever the
  // charging setting says now. Resolved before the claim, so an ended connection claims nothing.
  const { provider_account_id: accountId } = await options.deps.db
    .selectFrom("checkouts")
    .select("provider_account_id")
    .where("id", "=", checkoutId)
    .executeTakeFirstOrThrow();
  let provider: Awaited<ReturnType<typeof providerForAccount>>;
  try {
    provider = await providerForAccount(options.deps, accountId);
  } catch (error) {
    throw toShopperError(error, { action: "make the payment" });
  }
  const deps: CheckoutPaymentDeps = { ...options.deps, provider };

  let claim = await claimCheckoutPayment(options, { retryUnknown: false });
  if (claim.kind === "reconcile-first") {
    // An earlier call's answer was never seen: ask the provider before anything else.
    await reconcileCheckout({ deps, checkoutId, force: true });
    claim = await claimCheckoutPayment(options, { retryUnknown: true });
  }
  if (claim.kind === "paid") return { created: false, providerPaymentId: claim.providerPaymentId };
  if (claim.kind === "busy" || claim.kind === "reconcile-first") {
    return { created: false, providerPaymentId: await waitForLeaseHolder(deps, checkoutId) };
  }

  const { checkout } = claim;
  // Committed before the call: even if this process dies now, the re-read is queued in PostgreSQL.
  await enqueueCheckoutReconciliation({ deps, checkoutId, delayMs: PAYMENT_LEASE_MS + RECONCILE_AFTER_LEASE_MS });
  const signal = AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS);

  if (checkout.provider_preference_id !== null) {
    // The shopper opened the hosted page before: close it first, then look for a payment made there.
    let hosted: ProviderPayment[];
    try {
      await expireCheckoutPreference({ deps, checkoutId, signal });
      hosted = await findTakingPayment(deps, checkout.external_reference, signal);
    } catch (error) {
      await releaseClaim(deps, checkoutId);
      throw toShopperError(error, { action: "make the payment" });
    }
    if (hosted.length > 0) {
      for (const payment of hosted) await mirrorCheckoutPayment(deps, checkout, payment);
      await releaseClaim(deps, checkoutId);
      const row = await deps.db
        .selectFrom("checkouts")
        .select("provider_payment_id")
        .where("id", "=", checkoutId)
        .executeTakeFirstOrThrow();
      return { created: false, providerPaymentId: row.provider_payment_id };
    }
  }

  let payment: ProviderPayment;
  try {
    payment = await deps.provider.payments.create(options.buildRequest(checkout), {
      idempotencyKey: checkout.idempotency_key,
      signal,
    });
  } catch (error) {
    let earlier: ProviderPayment | undefined;
    if (error instanceof ProviderConflictError) {
      // The key was used before with another body (a retry with a fresh card token after an unseen answer): the
      // payment that first request made, if any, is found by the checkout's reference.
      earlier = await findTakingPayment(deps, checkout.external_reference, AbortSignal.timeout(5000))
        .then((found) => found[0])
        .catch(() => undefined);
    }
    if (earlier) {
      payment = earlier;
    } else if (isRefusedWithoutPayment(error)) {
      await recordCallWithoutPayment(options, checkout, error, "no_payment");
      throw toShopperError(error, { action: "make the payment" });
    } else {
      await recordCallWithoutPayment(options, checkout, error, "unknown");
      return { created: false, providerPaymentId: null };
    }
  }
  await recordPayment(options, checkout, payment);
  return { created: true, providerPaymentId: payment.id };
}
