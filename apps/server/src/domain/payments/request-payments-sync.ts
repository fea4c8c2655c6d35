// "Sync now" in the console: queues the mirror sync job. The singleton key makes a second click while one is
// queued a no-op, and the job's own singleton policy keeps it to one run at a time.
import type { AppDeps } from "../../deps";
import { SYNC_PAYMENTS_JOB } from "../../jobs/job-names";

export const SYNC_PAYMENTS_NOW_KEY = "sync-payments:now";

export async function requestPaymentsSync(options: { deps: Pick<AppDeps, "jobs"> }): Promise<{ queued: boolean }> {
  const jobId = await options.deps.jobs.enqueue(SYNC_PAYMENTS_JOB, {}, { singletonKey: SYNC_PAYMENTS_NOW_KEY });
  return { queued: jobId !== null };
}
