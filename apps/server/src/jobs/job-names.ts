// Job names, importable by domain code that schedules work without pulling in
// the handlers (workers.ts imports the domain, not the other way round).

export const PROCESS_WEBHOOK_EVENT_JOB = "process-webhook-event";
export const PRUNE_EXPIRED_JOB = "prune-expired";
/** Daily: deletes provider call log rows older than 30 days. */
export const PRUNE_PROVIDER_CALLS_JOB = "prune-provider-calls";
/** Re-reads one checkout whose payment outcome is not known yet (data: `{ checkoutId }`). */
export const RECONCILE_CHECKOUT_JOB = "reconcile-checkout";
/** Every minute: re-reads every checkout whose reconciliation is due (the fallback if a delayed job was lost). */
export const RECONCILE_DUE_CHECKOUTS_JOB = "reconcile-due-checkouts";

/**
 * Every minute: the one reconcile loop, settling provider requests whose answer was never seen from what the
 * provider holds. Named "reconcile-money-actions" before the engine; the name stays so an upgraded database keeps
 * one schedule.
 */
export const RECONCILE_PROVIDER_REQUESTS_JOB = "reconcile-money-actions";

/** Every few minutes and on demand ("Sync now"): the payment mirror catches up with the provider. */
export const SYNC_PAYMENTS_JOB = "sync-payments";

/** The singleton key of a checkout's reconciliation job: one queued re-read per checkout. */
export function reconcileCheckoutJobKey(checkoutId: string): string {
  return `reconcile-checkout:${checkoutId}`;
}

/** The singleton key of an event's processing job: one job per stored event, however often it is delivered. */
export function webhookEventJobKey(eventId: string | number): string {
  return `webhook-event:${eventId}`;
}

/** Sends one outbox e-mail (data: `{ emailId }`). */
export const SEND_EMAIL_JOB = "send-email";
/** Every minute: re-enqueues outbox e-mails whose send job was lost. */
export const DISPATCH_PENDING_EMAILS_JOB = "dispatch-pending-emails";

/** The singleton key of an e-mail's send job: one queued send per outbox row. */
export function sendEmailJobKey(emailId: string): string {
  return `send-email:${emailId}`;
}

/** Hourly: refreshes connected sellers' OAuth tokens before they expire. */
export const REFRESH_SELLER_TOKENS_JOB = "refresh-seller-tokens";
