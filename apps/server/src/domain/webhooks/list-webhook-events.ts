// The console's webhook inbox: every stored notification, newest first, by
// topic, status and age; keyset-paginated on (received_at, id) so a page costs
// the same wherever it starts (indexes: webhook_events_received_at_idx,
// webhook_events_status_received_at_idx, webhook_events_topic_received_idx).
import { ACCOUNT_FILTER_OWN, type AccountFilter } from "@cobro/contracts";
import { type Kysely, type Selectable, sql } from "kysely";
import { toKeysetPage } from "../../db/keyset-page";
import type { DB, WebhookEventStatus, WebhookEventsTable } from "../../db/schema";

export interface ListedWebhookEvent {
  id: string;
  topic: string;
  action: string | null;
  dataId: string | null;
  signatureValid: boolean;
  status: WebhookEventStatus;
  attempts: number;
  deliveries: number;
  lastError: string | null;
  /** Why the event is `ignored` (a `WEBHOOK_IGNORED_REASONS` code), null otherwise. */
  ignoredReason: string | null;
  receivedAt: Date;
  processedAt: Date | null;
}

export interface ListWebhookEventsOptions {
  db: Kysely<DB>;
  topic?: string | undefined;
  status?: WebhookEventStatus | undefined;
  /** Received at or after this instant. */
  receivedFrom?: Date | undefined;
  /** Received at or before this instant. */
  receivedTo?: Date | undefined;
  /** `own`, or a connection's id: the account the notification was sent for (its payload's `user_id`). */
  account?: AccountFilter | undefined;
  limit: number;
  /** The id of the last event of the previous page. */
  cursor?: string | null | undefined;
}

export async function listWebhookEvents(
  options: ListWebhookEventsOptions,
): Promise<{ items: ListedWebhookEvent[]; nextCursor: string | null }> {
  const { db, limit } = options;
  let query = db
    .selectFrom("webhook_events")
    .select([
      "id",
      "topic",
      "action",
      "data_id",
      "signature_valid",
      "status",
      "attempts",
      "deliveries",
      "last_error",
      "ignored_reason",
      "received_at",
      "processed_at",
    ])
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (options.topic) query = query.where("topic", "=", options.topic);
  if (options.status) query = query.where("status", "=", options.status);
  if (options.receivedFrom) query = query.where("received_at", ">=", options.receivedFrom);
  if (options.receivedTo) query = query.where("received_at", "<=", options.receivedTo);
  // The provider names the account a notification is for by its `user_id`; a connected seller's is stored on its
  // connection, and anything else is the store's own. No index: the filter rides the received_at order and limit.
  if (options.account === ACCOUNT_FILTER_OWN) {
    query = query.where(
      sql<boolean>`not exists (select 1 from provider_accounts pa where pa.provider_user_id::text = webhook_events.payload->>'user_id')`,
    );
  } else if (options.account) {
    query = query.where(
      sql<boolean>`webhook_events.payload->>'user_id' = (select pa.provider_user_id::text from provider_accounts pa where pa.id = ${options.account})`,
    );
  }
  if (options.cursor) {
    // Compared in SQL against the cursor row, keeping PostgreSQL's microseconds.
    query = query.where(
      sql<boolean>`(received_at, id) < (select c.received_at, c.id from webhook_events c where c.id = ${options.cursor})`,
    );
  }
  const rows = await query.execute();
  return toKeysetPage(rows, limit, toListedWebhookEvent);
}

/** A stored event as the inbox lists it (the detail adds its payload and attempts). */
export function toListedWebhookEvent(
  row: Pick<
    Selectable<WebhookEventsTable>,
    | "id"
    | "topic"
    | "action"
    | "data_id"
    | "signature_valid"
    | "status"
    | "attempts"
    | "deliveries"
    | "last_error"
    | "ignored_reason"
    | "received_at"
    | "processed_at"
  >,
): ListedWebhookEvent {
  return {
    id: row.id,
    topic: row.topic,
    action: row.action,
    dataId: row.data_id,
    signatureValid: row.signature_valid,
    status: row.status,
    attempts: row.attempts,
    deliveries: row.deliveries,
    lastError: row.last_error,
    ignoredReason: row.status === "ignored" ? row.ignored_reason : null,
    receivedAt: row.received_at,
    processedAt: row.processed_at,
  };
}
