// What the overview lists for staff to act on: the latest payments, webhook
// events that failed, authorizations about to lapse and the provider sync's
// state. Each list is short and read through an index:
// payments_created_at_idx, webhook_events_status_received_at_idx,
// payments_status_created_at_idx, provider_sync_state's primary key.
import { AUTHORIZATION_CAPTURE_DAYS, AUTHORIZATION_WARNING_DAYS } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

const DAY_MS = 86_400_000;
/** Rows per list. */
export const ATTENTION_LIST_LIMIT = 5;

export interface OverviewAttention {
  recentPayments: {
    id: string;
    providerPaymentId: number;
    status: string;
    amountMinor: number;
    currency: string;
    createdAt: Date;
  }[];
  failedWebhooks: {
    count: number;
    items: { id: string; topic: string; dataId: string | null; lastError: string | null; receivedAt: Date }[];
  };
  lapsingAuthorizations: {
    id: string;
    providerPaymentId: number;
    amountMinor: number;
    currency: string;
    createdAt: Date;
    /** When the provider releases the authorization if it is not captured (about 5 days after it). */
    captureDeadline: Date;
  }[];
  sync: {
    resource: string;
    cursor: Date | null;
    lastStartedAt: Date | null;
    lastFinishedAt: Date | null;
    lastApplied: number;
    lastError: string | null;
  }[];
}

export async function getOverviewAttention(options: { db: Kysely<DB>; now: Date }): Promise<OverviewAttention> {
  const { db, now } = options;
  const [recent, failedCount, failed, lapsing, sync] = await Promise.all([
    db
      .selectFrom("payments")
      .select(["id", "provider_payment_id", "status", "amount_minor", "currency", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(ATTENTION_LIST_LIMIT)
      .execute(),
    db
      .selectFrom("webhook_events")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "failed")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("webhook_events")
      .select(["id", "topic", "data_id", "last_error", "received_at"])
      .where("status", "=", "failed")
      .orderBy("received_at", "desc")
      .limit(ATTENTION_LIST_LIMIT)
      .execute(),
    db
      .selectFrom("payments")
      .select(["id", "provider_payment_id", "amount_minor", "currency", "created_at"])
      .where("status", "=", "authorized")
      .where("created_at", "<=", new Date(now.getTime() - AUTHORIZATION_WARNING_DAYS * DAY_MS))
      // The oldest first: they lapse soonest.
      .orderBy("created_at", "asc")
      .limit(ATTENTION_LIST_LIMIT)
      .execute(),
    db.selectFrom("provider_sync_state").selectAll().orderBy("resource").execute(),
  ]);
  return {
    recentPayments: recent.map((row) => ({
      id: row.id,
      providerPaymentId: row.provider_payment_id,
      status: row.status,
      amountMinor: row.amount_minor,
      currency: row.currency,
      createdAt: row.created_at,
    })),
    failedWebhooks: {
      count: Number(failedCount.count),
      items: failed.map((row) => ({
        id: row.id,
        topic: row.topic,
        dataId: row.data_id,
        lastError: row.last_error,
        receivedAt: row.received_at,
      })),
    },
    lapsingAuthorizations: lapsing.map((row) => ({
      id: row.id,
      providerPaymentId: row.provider_payment_id,
      amountMinor: row.amount_minor,
      currency: row.currency,
      createdAt: row.created_at,
      captureDeadline: new Date(row.created_at.getTime() + AUTHORIZATION_CAPTURE_DAYS * DAY_MS),
    })),
    sync: sync.map((row) => ({
      resource: row.resource,
      cursor: row.cursor,
      lastStartedAt: row.last_started_at,
      lastFinishedAt: row.last_finished_at,
      lastApplied: row.last_applied,
      lastError: row.last_error,
    })),
  };
}
