// How long a checkout's payment call may take, how long its claim lasts, and
// when reconciliation looks again: small pure rules, kept apart so tests and
// the job read the same numbers.
import {
  ProviderAuthenticationError,
  ProviderBadRequestError,
  ProviderPaymentRequiredError,
  ProviderPermissionError,
  ProviderRateLimitError,
} from "@cobro/provider-client";

/**
 * The overall deadline of one payment call (the client's retries included). Shorter than what a browser or a
 * proxy waits for our answer, so the shopper hears from us ("we are confirming your payment") instead of a hang-up.
 */
export const PAYMENT_CALL_DEADLINE_MS = 15_000;

/**
 * A claim outlives the call made under it (the deadline), with room to record the answer. Should a second request
 * ever claim while the first is still recording, it re-reads the provider first and repeats the call with the same
 * idempotency key: the provider's replay, not the lease, is what finally rules out a second charge.
 */
export const PAYMENT_LEASE_MS = 20_000;

/** A claim whose answer was never recorded is re-read this long after its lease ended (25 s after the claim). */
export const RECONCILE_AFTER_LEASE_MS = 5_000;

/** A request still `pending` this long after it was recorded was left by a process that never recorded the answer. */
export const ORPHANED_ACTION_AFTER_MS = PAYMENT_LEASE_MS + RECONCILE_AFTER_LEASE_MS;

/** When the first re-read of a checkout with an unseen outcome happens (within a minute, as promised). */
export const FIRST_RECONCILE_AFTER_MS = 30_000;

/** Re-reads back off (30 s, 1 min, 2 min, … ) up to this gap. */
export const MAX_RECONCILE_GAP_MS = 60 * 60 * 1000;

/**
 * A direct payment call whose answer was never seen counts as "no payment" once the provider shows none this long
 * after the attempt (the provider answers a payment call within seconds; its search is current within a minute).
 */
export const NO_PAYMENT_AFTER_MS = 10 * 60 * 1000;

/** A hosted checkout (the shopper pays on the provider's page) is watched this long for a payment. */
export const HOSTED_WATCH_MS = 48 * 60 * 60 * 1000;

/** Delay before re-read number `attempt` (0-based): 30 s, 60 s, 120 s, … capped at MAX_RECONCILE_GAP_MS. */
export function reconcileDelayMs(attempt: number): number {
  return Math.min(FIRST_RECONCILE_AFTER_MS * 2 ** Math.max(0, attempt), MAX_RECONCILE_GAP_MS);
}

/**
 * Whether a failed payment call certainly made no payment: the provider refused the request itself (4xx other than
 * an idempotency conflict). Anything else — a 5xx after the retries, a timeout, a dropped connection, our deadline,
 * a 409/423 on the idempotency key — leaves the outcome unknown until reconciled.
 */
export function isRefusedWithoutPayment(error: unknown): boolean {
  return (
    error instanceof ProviderBadRequestError ||
    error instanceof ProviderAuthenticationError ||
    error instanceof ProviderPermissionError ||
    error instanceof ProviderRateLimitError ||
    error instanceof ProviderPaymentRequiredError
  );
}
