// Staff replay of a stored notification: the event goes back to `received`
// and its processing job is queued again. Idempotent: only a failed or ignored
// event changes (and is audited); a replay of an event already waiting only
// re-sends its job (one per event: the queue's singleton key), and a processed
// one is left alone. Ten replays therefore have the effect of the first.

import type { WebhookEventStatus } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { PROCESS_WEBHOOK_EVENT_JOB, webhookEventJobKey } from "../../jobs/job-names";
import { recordAudit } from "../audit/record-audit";

export interface ReplayWebhookEventResult {
  /** True when the event's processing was (re)queued. */
  queued: boolean;
  /** The event's status after the replay. */
  status: WebhookEventStatus;
}

export async function replayWebhookEvent(options: {
  deps: Pick<AppDeps, "db" | "jobs" | "now" | "logger">;
  eventId: string;
  actorUserId: string;
}): Promise<ReplayWebhookEventResult> {
  const { deps, eventId, actorUserId } = options;
  const moved = await deps.db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom("webhook_events")
      .select(["status"])
      .where("id", "=", eventId)
      .forUpdate()
      .executeTakeFirst();
    if (!previous) throw new AppError("NOT_FOUND", "No webhook event has this id.");
    if (previous.status !== "failed" && previous.status !== "ignored")
      return { changed: false, status: previous.status };
    await trx.updateTable("webhook_events").set({ status: "received" }).where("id", "=", eventId).execute();
    await recordAudit({
      db: trx,
      actorUserId,
      action: "webhook_event.replayed",
      resourceType: "webhook_event",
      resourceId: eventId,
      details: { previousStatus: previous.status },
      now: deps.now(),
    });
    return { changed: true, status: "received" as const };
  });
  if (moved.status !== "received") return { queued: false, status: moved.status };
  // Queued after the commit: the job must see `received`. If queuing fails the event stays `received`,
  // and replaying it again queues it.
  try {
    await deps.jobs.enqueue(PROCESS_WEBHOOK_EVENT_JOB, { eventId }, { singletonKey: webhookEventJobKey(eventId) });
  } catch (error) {
    // The queue is down: the replay is recorded and the event waits as `received`; staff are told to try again.
    deps.logger.error(
      { err: error, webhookEventId: eventId },
      "webhook replay recorded but its job could not be queued",
    );
    return { queued: false, status: "received" };
  }
  return { queued: true, status: "received" };
}
