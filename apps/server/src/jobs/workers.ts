// Every background job, its retry policy and its handler, in one place. A job
// handler is a thin call into domain code; throwing makes pg-boss retry it
// after an exponentially growing delay, up to `retryLimit` times.
import { deleteExpiredSessions } from "../auth/sessions";
import type { AppDeps } from "../deps";
import { pruneRateLimits } from "../rate-limits/limiter";
import { processWebhookEvent } from "./process-webhook-event";

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

export const PROCESS_WEBHOOK_EVENT_JOB = "process-webhook-event";
export const PRUNE_EXPIRED_JOB = "prune-expired";

/** Rate-limit rows are kept an hour past their expiry (a look into recent abuse), then deleted. */
const RATE_LIMIT_HISTORY_MS = 60 * 60 * 1000;

/** The singleton key of an event's processing job: one job per stored event, however often it is delivered. */
export function webhookEventJobKey(eventId: string | number): string {
  return `webhook-event:${eventId}`;
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
      // rate-limiter-flexible stamps expiries with the real clock (Date.now), not deps.now.
      await pruneRateLimits({ db: deps.db, olderThan: new Date(Date.now() - RATE_LIMIT_HISTORY_MS) });
    },
  },
];
