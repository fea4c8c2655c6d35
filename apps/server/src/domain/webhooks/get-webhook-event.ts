// One webhook event for the console's detail: its stored payload and every
// processing attempt, oldest first (webhook_event_attempts_event_started_idx).
import type { Kysely } from "kysely";
import type { DB, JsonValue } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { type ListedWebhookEvent, toListedWebhookEvent } from "./list-webhook-events";

export interface WebhookEventAttempt {
  id: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: "processed" | "ignored" | "failed" | null;
  error: string | null;
}

export interface WebhookEventDetail extends ListedWebhookEvent {
  requestId: string | null;
  dedupeKey: string;
  lastDeliveredAt: Date | null;
  payload: JsonValue;
  attemptLog: WebhookEventAttempt[];
}

export async function getWebhookEvent(options: { db: Kysely<DB>; eventId: string }): Promise<WebhookEventDetail> {
  const { db, eventId } = options;
  const row = await db.selectFrom("webhook_events").selectAll().where("id", "=", eventId).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No webhook event has this id.");
  const attempts = await db
    .selectFrom("webhook_event_attempts")
    .select(["id", "started_at", "finished_at", "outcome", "error"])
    .where("webhook_event_id", "=", eventId)
    .orderBy("started_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return {
    ...toListedWebhookEvent(row),
    requestId: row.request_id,
    dedupeKey: row.dedupe_key,
    lastDeliveredAt: row.last_delivered_at,
    payload: row.payload,
    attemptLog: attempts.map((attempt) => ({
      id: attempt.id,
      startedAt: attempt.started_at,
      finishedAt: attempt.finished_at,
      outcome: attempt.outcome,
      error: attempt.error,
    })),
  };
}
