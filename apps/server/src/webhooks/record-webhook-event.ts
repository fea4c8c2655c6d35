// Storing a verified notification before anything else happens to it. The
// provider redelivers until it gets a 2xx (docs/provider-facts.md §9.1), and may
// deliver the same notification twice at once, so the row is keyed by what
// identifies one notification and inserted with ON CONFLICT … deliveries + 1.
import { type Kysely, sql } from "kysely";
import type { DB, JsonValue, WebhookEventStatus } from "../db/schema";
import { toJsonb } from "../db/schema";

export interface IncomingWebhookEvent {
  topic: string;
  action: string | null;
  dataId: string | null;
  requestId: string | null;
  payload: JsonValue;
}

export interface RecordedWebhookEvent {
  id: string;
  status: WebhookEventStatus;
  /** False when this delivery was already stored (a duplicate). */
  inserted: boolean;
}

/** `${topic}:${data.id}:${x-request-id}`: one notification, however often it is delivered. */
export function webhookDedupeKey(event: Pick<IncomingWebhookEvent, "topic" | "dataId" | "requestId">): string {
  return `${event.topic}:${event.dataId ?? ""}:${event.requestId ?? ""}`;
}

/**
 * Inserts the event unless its dedupe key is already stored (then counts the
 * delivery), and returns the stored row's id and status either way (so a redelivery of an event whose
 * processing never got queued can queue it again).
 */
export async function recordWebhookEvent(db: Kysely<DB>, event: IncomingWebhookEvent): Promise<RecordedWebhookEvent> {
  const dedupeKey = webhookDedupeKey(event);
  // One statement either way: a redelivery bumps `deliveries` on the stored row (the admin inbox folds them),
  // and `xmax = 0` tells a fresh insert from a conflict's update.
  const row = await db
    .insertInto("webhook_events")
    .values({
      dedupe_key: dedupeKey,
      topic: event.topic,
      action: event.action,
      data_id: event.dataId,
      request_id: event.requestId,
      // Only verified notifications are ever stored; a bad signature only counts (see counters).
      signature_valid: true,
      payload: toJsonb(event.payload),
      last_delivered_at: sql`now()`,
    })
    .onConflict((conflict) =>
      conflict.column("dedupe_key").doUpdateSet({
        deliveries: sql`webhook_events.deliveries + 1`,
        last_delivered_at: sql`now()`,
      }),
    )
    .returning(["id", "status", sql<boolean>`xmax = 0`.as("inserted")])
    .executeTakeFirstOrThrow();
  return { id: row.id, status: row.status, inserted: row.inserted };
}

/** Adds one to a named counter (created at 1 on first use). */
export async function incrementCounter(db: Kysely<DB>, name: string, by = 1): Promise<void> {
  await db
    .insertInto("counters")
    .values({ name, value: by })
    .onConflict((conflict) => conflict.column("name").doUpdateSet({ value: sql`counters.value + ${by}` }))
    .execute();
}
