// The one place a checkout turns into a provider payment (card, Pix or cash
// voucher), as a provider request (domain/provider-requests, kind
// `checkout.payment`, keyed by the checkout's own idempotency key). At most
// one payment per checkout, however often, however concurrently and whatever
// crashes in between, and no database transaction or row lock is held during
// the provider call:
//
// 1. A checkout that has a hosted-checkout preference first makes it unpayable
//    and looks for a payment made there, so the two ways to pay cannot both
//    take money. Then the request is recorded (one short transaction that locks
//    the checkout): a checkout already paid answers with its payment, a call
//    out under another request's lease is waited for, and a call whose answer
//    was never seen is reconciled first.
// 2. The engine claims the call under a lease (from here on a crash cannot
//    erase the fact that money may have moved: the re-read is queued before the
//    call), calls with an overall deadline shorter than what the shopper's
//    browser waits, and records the answer with the checkout.
// 3. The payment is mirrored with applyPaymentSnapshot, the code the webhook runs.
//
// When the answer is never seen (timeout, dropped connection, 5xx after the
// client's retries, our deadline) the outcome is `unknown`, not a failure:
// the shopper is told we are confirming the payment, and reconciliation settles
// it. Paying that checkout again first re-reads it from the provider, then
// repeats the call with the same idempotency key, so the provider can never
// charge it twice. After a refusal (no payment made) the shopper may pay again
// under the same key. Card tokens are never logged or stored.
import {
  type PaymentCreateRequest,
  ProviderConflictError,
  type Payment as ProviderPayment,
} from "@cobro/provider-client";
import type { Checkout, ProviderRequest } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { toShopperError } from "../../provider/provider-failure";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { mirrorCheckoutPayment } from "../payments/apply-payment-snapshot";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { runProviderRequest } from "../provider-requests/run-provider-request";
import { UNSETTLED_PAYMENT_STATUSES } from "./checkout-result-view";
import { expireCheckoutPreference } from "./expire-checkout-preference";
import {
  FIRST_RECONCILE_AFTER_MS,
  PAYMENT_CALL_DEADLINE_MS,
  PAYMENT_LEASE_MS,
  RECONCILE_AFTER_LEASE_MS,
} from "./payment-attempt-policy";
import {
  CHECKOUT_PAYMENT_REQUEST,
  enqueueCheckoutReconciliation,
  findTakingPayment,
  reconcileCheckout,
  scheduleCheckoutReconciliation,
} from "./reconcile-checkout";

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

type Prepared =
  | { kind: "ready"; checkout: Checkout; request: ProviderRequest }
  | { kind: "paid"; providerPaymentId: number }
  | { kind: "busy" }
  | { kind: "reconcile-first" };

/** Whether a request's call may still be out: claimed under a lease that has not run out. */
function leaseLive(request: ProviderRequest | undefined, now: Date): boolean {
  return request?.lease_until != null && request.lease_until.getTime() > now.getTime();
}

/** Step 1: the checkout's request, recorded (or found) with the checkout locked, before any provider call. */
async function prepareCheckoutPayment(
  options: CreateCheckoutPaymentOptions,
  prepareOptions: { retryUnknown: boolean },
): Promise<Prepared> {
  const { deps, checkoutId, kind } = options;
  return deps.db.transaction().execute(async (trx): Promise<Prepared> => {
    const checkout = await trx
      .selectFrom("checkouts")
      .selectAll()
      .where("id", "=", checkoutId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (checkout.provider_payment_id !== null) return { kind: "paid", providerPaymentId: checkout.provider_payment_id };
    const now = deps.now();
    const { request } = await recordProviderRequest(trx, {
      kind: CHECKOUT_PAYMENT_REQUEST.kind,
      idempotencyKey: checkout.idempotency_key,
      providerAccountId: checkout.provider_account_id,
      // The intent (this checkout's amount); the card token differs between tries and is never stored.
      body: { amountMinor: checkout.amount_minor, currency: checkout.currency },
      resource: { type: "checkout", id: checkout.id },
      now,
      // A checkout may be paid again whenever its last try is settled: no deadline.
      deadline: null,
    });
    if (leaseLive(request, now)) return { kind: "busy" };
    const outcomeUnseen = request.status === "pending" || request.status === "unknown";
    if (outcomeUnseen && request.attempts > 0 && !prepareOptions.retryUnknown) return { kind: "reconcile-first" };
    const linked = await trx
      .updateTable("checkouts")
      .set({ provider_request_id: request.id, payment_method: kind, updated_at: now })
      .where("id", "=", checkout.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: "ready", checkout: linked, request };
  });
}

/** A second request waits (without a connection or a lock) until the lease holder has an answer or gives up. */
async function waitForLeaseHolder(deps: CheckoutPaymentDeps, checkoutId: string): Promise<number | null> {
  const deadline = Date.now() + PAYMENT_CALL_DEADLINE_MS + 2 * BUSY_POLL_MS;
  for (;;) {
    const row = await deps.db
      .selectFrom("checkouts")
      .leftJoin("provider_requests", "provider_requests.id", "checkouts.provider_request_id")
      .select(["checkouts.provider_payment_id", "provider_requests.lease_until"])
      .where("checkouts.id", "=", checkoutId)
      .executeTakeFirstOrThrow();
    const leaseHeld = row.lease_until !== null && row.lease_until.getTime() > deps.now().getTime();
    if (row.provider_payment_id !== null || !leaseHeld || Date.now() > deadline) return row.provider_payment_id;
    await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
  }
}

/**
 * A checkout opened on the hosted page before: the page is closed first, then a payment made there is looked for.
 * Returns the checkout's payment id when one was found (mirrored), or null when a direct payment may go ahead.
 */
async function settleHostedFirst(
  deps: CheckoutPaymentDeps,
  checkout: Pick<Checkout, "id" | "external_reference" | "provider_account_id">,
): Promise<number | null> {
  const signal = AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS);
  let hosted: ProviderPayment[];
  try {
    await expireCheckoutPreference({ deps, checkoutId: checkout.id, signal });
    hosted = await findTakingPayment(deps, checkout.external_reference, signal);
  } catch (error) {
    throw toShopperError(error, { action: "make the payment" });
  }
  if (hosted.length === 0) return null;
  for (const payment of hosted) await mirrorCheckoutPayment(deps, checkout, payment);
  const row = await deps.db
    .selectFrom("checkouts")
    .select("provider_payment_id")
    .where("id", "=", checkout.id)
    .executeTakeFirstOrThrow();
  return row.provider_payment_id;
}

/**
 * Makes the checkout's one payment (see the file comment). Resolves with `created: true` when this call made it,
 * `created: false` with the existing payment's id when there already was one, and `providerPaymentId: null` while
 * the outcome is being confirmed. Throws the shopper's AppError only when the provider certainly made no payment.
 */
export async function createCheckoutPayment(options: CreateCheckoutPaymentOptions): Promise<CheckoutPaymentOutcome> {
  const { checkoutId, actorUserId, kind } = options;
  // The checkout's account, fixed when it was created: the key below only ever goes to that account, whatever the
  // charging setting says now. Resolved before anything is recorded, so an ended connection records nothing.
  const found = await options.deps.db
    .selectFrom("checkouts")
    .select(["id", "provider_account_id", "provider_payment_id", "provider_preference_id", "external_reference"])
    .where("id", "=", checkoutId)
    .executeTakeFirstOrThrow();
  const accountId = found.provider_account_id;
  let provider: Awaited<ReturnType<typeof providerForAccount>>;
  try {
    provider = await providerForAccount(options.deps, accountId);
  } catch (error) {
    throw toShopperError(error, { action: "make the payment" });
  }
  const deps: CheckoutPaymentDeps = { ...options.deps, provider };
  if (found.provider_payment_id !== null) return { created: false, providerPaymentId: found.provider_payment_id };
  if (found.provider_preference_id !== null) {
    // Before anything is recorded: a failure here leaves no request behind that would read as "confirming".
    const hostedPaymentId = await settleHostedFirst(deps, found);
    if (hostedPaymentId !== null) return { created: false, providerPaymentId: hostedPaymentId };
  }

  let prepared = await prepareCheckoutPayment(options, { retryUnknown: false });
  const retry = prepared.kind === "reconcile-first";
  if (prepared.kind === "reconcile-first") {
    // An earlier call's answer was never seen: ask the provider before anything else.
    await reconcileCheckout({ deps, checkoutId, force: true });
    prepared = await prepareCheckoutPayment(options, { retryUnknown: true });
  }
  if (prepared.kind === "paid") return { created: false, providerPaymentId: prepared.providerPaymentId };
  if (prepared.kind === "busy" || prepared.kind === "reconcile-first") {
    return { created: false, providerPaymentId: await waitForLeaseHolder(deps, checkoutId) };
  }

  const { checkout } = prepared;

  const { outcome, called, cause } = await runProviderRequest({
    deps,
    kind: CHECKOUT_PAYMENT_REQUEST,
    request: prepared.request,
    refusedMessage: "Mercado Pago refused the payment.",
    retryRefused: true,
    onClaimed: async (request) => {
      const now = deps.now();
      const leaseUntil = request.lease_until ?? new Date(now.getTime() + PAYMENT_LEASE_MS);
      // Looked at after the lease, should this process never record the answer: the re-read is queued in
      // PostgreSQL before the call goes out.
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("checkouts")
          .set({ reconcile_after: new Date(leaseUntil.getTime() + RECONCILE_AFTER_LEASE_MS) })
          .where("id", "=", checkoutId)
          .execute();
        await recordAudit({
          db: trx,
          actorUserId,
          action: "payment.attempted",
          resourceType: "checkout",
          resourceId: checkoutId,
          idempotencyKey: request.idempotency_key,
          details: { kind, amountMinor: checkout.amount_minor, currency: checkout.currency, retry },
          now,
        });
      });
      await enqueueCheckoutReconciliation({ deps, checkoutId, delayMs: PAYMENT_LEASE_MS + RECONCILE_AFTER_LEASE_MS });
    },
    call: async ({ provider, idempotencyKey, signal }) => {
      try {
        return await provider.payments.create(options.buildRequest(checkout), { idempotencyKey, signal });
      } catch (error) {
        if (!(error instanceof ProviderConflictError)) throw error;
        // The key was used before with another body (a retry with a fresh card token after an unseen answer): the
        // payment that first request made, if any, is found by the checkout's reference.
        const earlier = await findTakingPayment(deps, checkout.external_reference, AbortSignal.timeout(5000))
          .then((found) => found[0])
          .catch(() => undefined);
        if (earlier) return earlier;
        throw error;
      }
    },
  });

  if (outcome.status === "succeeded") {
    if (!called) {
      const row = await deps.db
        .selectFrom("checkouts")
        .select("provider_payment_id")
        .where("id", "=", checkoutId)
        .executeTakeFirstOrThrow();
      return { created: false, providerPaymentId: row.provider_payment_id ?? outcome.answer.id };
    }
    await mirrorCheckoutPayment(deps, checkout, outcome.answer);
    // A pending payment (Pix, a voucher, a card under review) is watched until it settles, webhook or not.
    if (UNSETTLED_PAYMENT_STATUSES.has(outcome.answer.status)) {
      await scheduleCheckoutReconciliation({ deps, checkoutId, delayMs: FIRST_RECONCILE_AFTER_MS });
    }
    return { created: true, providerPaymentId: outcome.answer.id };
  }
  if (outcome.status === "failed" && called) {
    throw toShopperError(cause, { action: "make the payment" });
  }
  if (outcome.status === "unknown" && called) {
    await scheduleCheckoutReconciliation({ deps, checkoutId, delayMs: FIRST_RECONCILE_AFTER_MS });
    deps.logger.warn(
      { checkoutId, idempotencyKey: checkout.idempotency_key, err: cause },
      "payment outcome unknown; reconciliation will settle it",
    );
    return { created: false, providerPaymentId: null };
  }
  // Another request's call holds the lease (or settled meanwhile): its answer is this one's.
  return { created: false, providerPaymentId: await waitForLeaseHolder(deps, checkoutId) };
}
