// Staff replay of a stored notification: the event goes back to `received`
// and its processing job is queued again. Idempotent: only a failed, ignored or
// stuck event changes (and is audited); a stuck one is `processing` long after
// its last attempt started (a process that died mid-run): that attempt is
// closed as abandoned. A replay of an event already waiting only
// re-sends its job (one per event: the queue's singleton key), and a processed
// one is left alone. Ten replays therefore have the effect of the first.

import { isWebhookEventReplayable } from "@cobro/contracts";
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
    const now = deps.now();
    const lastAttempt = await trx
      .selectFrom("webhook_event_attempts")
      .select(["id", "started_at", "finished_at"])
      .where("webhook_event_id", "=", eventId)
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    const stuck =
      previous.status === "processing" && isWebhookEventReplayable("processing", lastAttempt?.started_at ?? null, now);
    if (previous.status !== "failed" && previous.status !== "ignored" && !stuck)
      return { changed: false, status: previous.status };
    if (stuck && lastAttempt && lastAttempt.finished_at === null) {
      await trx
        .updateTable("webhook_event_attempts")
        .set({ finished_at: now, outcome: "failed", error: "Abandoned: the process stopped during this attempt." })
        .where("id", "=", lastAttempt.id)
        .execute();
    }
    await trx.updateTable("webhook_events").set({ status: "received" }).where("id", "=", eventId).execute();
    await recordAudit({
      db: trx,
      actorUserId,
      action: "webhook_event.replayed",
      resourceType: "webhook_event",
      resourceId: eventId,
      details: { previousStatus: previous.status },
      now,
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
