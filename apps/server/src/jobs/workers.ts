// Every background job, its retry policy and its handler, in one place. A job
// handler is a thin call into domain code; throwing makes pg-boss retry it
// after an exponentially growing delay, up to `retryLimit` times.
import { deleteExpiredSessions } from "../auth/sessions";
import type { AppDeps } from "../deps";
import { reconcileCheckout, reconcileDueCheckouts } from "../domain/checkout/reconcile-checkout";
import { refreshDueConnections } from "../domain/connected-accounts/refresh-connection";
import { deleteExpiredOAuthStates } from "../domain/connected-accounts/start-connection";
import { deleteExpiredEmailTokens } from "../domain/email/email-tokens";
import { dispatchPendingEmails, redactSentEmails, SENT_EMAIL_PAYLOAD_RETENTION_DAYS } from "../domain/email/outbox";
import { MAX_SEND_ATTEMPTS, sendOutboundEmail } from "../domain/email/send-outbound-email";
import { settleProcessingRefunds } from "../domain/payments/settle-processing-refunds";
import { syncPaymentsFromProvider } from "../domain/payments/sync-payments-from-provider";
import { reconcileProviderRequests } from "../domain/provider-requests/reconcile-provider-requests";
import { reconcileSubscriptionRequests } from "../domain/subscriptions/reconcile-subscription-requests";
import { PROVIDER_CALL_RETENTION_DAYS, pruneProviderCalls } from "../provider/provider-call-log";
import { pruneRateLimits } from "../rate-limits/limiter";
import {
  DISPATCH_PENDING_EMAILS_JOB,
  PROCESS_WEBHOOK_EVENT_JOB,
  PRUNE_EXPIRED_JOB,
  PRUNE_PROVIDER_CALLS_JOB,
  RECONCILE_CHECKOUT_JOB,
  RECONCILE_DUE_CHECKOUTS_JOB,
  RECONCILE_PROVIDER_REQUESTS_JOB,
  REFRESH_SELLER_TOKENS_JOB,
  SEND_EMAIL_JOB,
  SYNC_PAYMENTS_JOB,
} from "./job-names";
import { processWebhookEvent } from "./process-webhook-event";
import { PROVIDER_REQUEST_KINDS } from "./provider-request-kinds";

export interface JobContext {
  deps: AppDeps;
  data: Record<string, unknown>;
  jobId: string;
}

export interface JobDefinition {
  name: string;
  /**
   * pg-boss queue policy. `stately`: at most one queued, one retrying and one
   * running job per singleton key, so ten deliveries of one event queue one job.
   */
  policy: "standard" | "short" | "singleton" | "stately";
  retryLimit: number;
  /** First retry delay; with `retryBackoff` each later one roughly doubles (with jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A running job older than this counts as failed (and is retried). */
  expireInSeconds: number;
  /** Cron expression (UTC) for recurring jobs; pg-boss makes sure one instance runs each tick. */
  cron?: string;
  handle(context: JobContext): Promise<unknown>;
}

export {
  PROCESS_WEBHOOK_EVENT_JOB,
  PRUNE_EXPIRED_JOB,
  RECONCILE_CHECKOUT_JOB,
  RECONCILE_DUE_CHECKOUTS_JOB,
  webhookEventJobKey,
} from "./job-names";

/** Rate-limit rows are kept an hour past their expiry (a look into recent abuse), then deleted. */
const RATE_LIMIT_HISTORY_MS = 60 * 60 * 1000;

function readCheckoutId(data: Record<string, unknown>): string {
  const checkoutId = data.checkoutId;
  if (typeof checkoutId !== "string" || checkoutId === "")
    throw new Error("reconcile-checkout job without a checkoutId");
  return checkoutId;
}

function readEmailId(data: Record<string, unknown>): string {
  const emailId = data.emailId;
  if (typeof emailId !== "string" || emailId === "") throw new Error("send-email job without an emailId");
  return emailId;
}

function readEventId(data: Record<string, unknown>): string {
  const eventId = data.eventId;
  if ((typeof eventId !== "string" || eventId === "") && typeof eventId !== "number") {
    throw new Error("process-webhook-event job without an eventId");
  }
  return String(eventId);
}

export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  {
    name: PROCESS_WEBHOOK_EVENT_JOB,
    policy: "stately",
    // Waits of about 2-4 s, 4-8 s, 8-16 s … (doubling, with jitter): roughly 35-70 minutes in all.
    retryLimit: 10,
    retryDelaySeconds: 2,
    retryBackoff: true,
    expireInSeconds: 120,
    handle: ({ deps, data }) => processWebhookEvent({ deps, eventId: readEventId(data) }),
  },
  {
    // One checkout whose payment outcome is not known yet; it schedules its own next run (backing off).
    name: RECONCILE_CHECKOUT_JOB,
    policy: "stately",
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    handle: ({ deps, data }) => reconcileCheckout({ deps, checkoutId: readCheckoutId(data) }),
  },
  {
    // The fallback sweep: anything due whose delayed job was lost (e.g. enqueued just before a crash).
    name: RECONCILE_DUE_CHECKOUTS_JOB,
    policy: "singleton",
    retryLimit: 0,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 300,
    cron: "* * * * *",
    handle: ({ deps }) => reconcileDueCheckouts({ deps }),
  },
  {
    // The one reconcile loop: provider requests of every registered kind left unknown (or pending by a process that
    // died mid-call) are settled from what the provider holds; then refunds still in process are followed. Console
    // subscription requests until they move onto the engine. Singleton: one run at a time across every instance.
    name: RECONCILE_PROVIDER_REQUESTS_JOB,
    policy: "singleton",
    retryLimit: 0,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 300,
    cron: "* * * * *",
    handle: async ({ deps }) => {
      await reconcileProviderRequests({ deps, kinds: PROVIDER_REQUEST_KINDS });
      await settleProcessingRefunds({ deps });
      await reconcileSubscriptionRequests({ deps });
    },
  },
  {
    // The payment mirror catches up with the provider (lost notifications, payments made outside Cobro). The
    // singleton policy keeps it to one run at a time across every server instance.
    name: SYNC_PAYMENTS_JOB,
    policy: "singleton",
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    cron: "*/5 * * * *",
    handle: ({ deps }) => syncPaymentsFromProvider({ deps }),
  },
  {
    // One outbox e-mail. Stately: one queued send per message however often it is dispatched; the row's lease
    // makes sure two instances never both send it. Waits of about 10-20 s, 20-40 s … (doubling) between tries.
    name: SEND_EMAIL_JOB,
    policy: "stately",
    retryLimit: MAX_SEND_ATTEMPTS - 1,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 180,
    handle: ({ deps, data }) => sendOutboundEmail({ deps, emailId: readEmailId(data) }),
  },
  {
    // The outbox's fallback: pending e-mails whose send job was lost (a crash between commit and enqueue).
    name: DISPATCH_PENDING_EMAILS_JOB,
    policy: "singleton",
    retryLimit: 0,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 120,
    cron: "* * * * *",
    handle: ({ deps }) => dispatchPendingEmails({ db: deps.db, jobs: deps.jobs, now: deps.now() }),
  },
  {
    // Connected sellers' tokens, refreshed well before they expire (180 days). Singleton: one run at a time; each
    // account also carries a lease, since the provider rotates refresh tokens.
    name: REFRESH_SELLER_TOKENS_JOB,
    policy: "singleton",
    retryLimit: 0,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 600,
    cron: "23 * * * *",
    handle: ({ deps }) => refreshDueConnections({ deps }),
  },
  {
    name: PRUNE_EXPIRED_JOB,
    policy: "singleton",
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 300,
    cron: "17 * * * *",
    handle: async ({ deps }) => {
      const now = deps.now();
      await deleteExpiredSessions({ db: deps.db, now });
      await deleteExpiredEmailTokens({ db: deps.db, now });
      await deleteExpiredOAuthStates({ db: deps.db, now });
      await redactSentEmails({
        db: deps.db,
        olderThan: new Date(now.getTime() - SENT_EMAIL_PAYLOAD_RETENTION_DAYS * 24 * 60 * 60 * 1000),
      });
      // rate-limiter-flexible stamps expiries with the real clock (Date.now), not deps.now.
      await pruneRateLimits({ db: deps.db, olderThan: new Date(Date.now() - RATE_LIMIT_HISTORY_MS) });
    },
  },
  {
    // The provider call log keeps PROVIDER_CALL_RETENTION_DAYS days.
    name: PRUNE_PROVIDER_CALLS_JOB,
    policy: "singleton",
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 300,
    cron: "41 3 * * *",
    handle: async ({ deps }) => {
      await pruneProviderCalls({
        db: deps.db,
        olderThan: new Date(deps.now().getTime() - PROVIDER_CALL_RETENTION_DAYS * 24 * 60 * 60 * 1000),
      });
    },
  },
];
