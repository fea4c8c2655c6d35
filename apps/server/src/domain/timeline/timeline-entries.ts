// The parts a money resource's timeline (a payment's, an order's) is merged
// from, shared so each detail page reads them alike: the states its mirror went
// through, the provider call log, the webhook inbox and the audit log, each
// read for one resource and turned into timeline entries in time order.
import type { PaymentTimelineEntry } from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";

/** At most this many rows of each source: a resource with more is an anomaly, not a page to render whole. */
const SOURCE_LIMIT = 500;

type Money = { amountMinor: number; currency: CurrencyCode };

/** The notifications of `topics` about the resource `dataIds` names (the provider may vary the id's case). */
export function webhookEventsAbout(db: Kysely<DB>, topics: readonly string[], dataIds: readonly string[]) {
  return db
    .selectFrom("webhook_events")
    .select([
      "id",
      "action",
      "signature_valid",
      "status",
      "attempts",
      "last_error",
      "received_at",
      "processed_at",
      sql<boolean>`exists (select 1 from webhook_events earlier where earlier.topic = webhook_events.topic
        and earlier.data_id = webhook_events.data_id and earlier.action is not distinct from webhook_events.action
        and earlier.received_at < webhook_events.received_at)`.as("duplicate"),
    ])
    .where("topic", "in", [...topics])
    .where("data_id", "in", [...dataIds])
    .orderBy("received_at", "asc")
    .limit(SOURCE_LIMIT)
    .execute();
}

/** The staff and system actions on one resource, with who did them. */
export function auditEntriesAbout(db: Kysely<DB>, resourceType: string, resourceId: string) {
  return db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_user_id")
    .select([
      "audit_log.action",
      "audit_log.details",
      "audit_log.idempotency_key",
      "audit_log.created_at",
      "users.email",
    ])
    .where("audit_log.resource_type", "=", resourceType)
    .where("audit_log.resource_id", "=", resourceId)
    .orderBy("audit_log.created_at", "asc")
    .limit(SOURCE_LIMIT)
    .execute();
}

export interface TimelineSources {
  states: readonly { at: Date; status: string; status_detail: string | null; refunded_minor: number }[];
  calls: readonly {
    created_at: Date;
    method: string;
    path: string;
    status: number | null;
    error: string | null;
    duration_ms: number;
    attempts: number;
    idempotency_key: string | null;
  }[];
  webhooks: Awaited<ReturnType<typeof webhookEventsAbout>>;
  audits: Awaited<ReturnType<typeof auditEntriesAbout>>;
}

/** Every source as one list of timeline entries, oldest first; amounts in the resource's currency. */
export function mergeTimeline(sources: TimelineSources, currency: CurrencyCode): PaymentTimelineEntry[] {
  const money = (amountMinor: number): Money => ({ amountMinor, currency });
  return [
    ...sources.states.map(
      (row): PaymentTimelineEntry => ({
        kind: "state",
        at: row.at.toISOString(),
        status: row.status,
        statusDetail: row.status_detail,
        refunded: money(row.refunded_minor),
      }),
    ),
    ...sources.calls.map(
      (row): PaymentTimelineEntry => ({
        kind: "provider_call",
        at: row.created_at.toISOString(),
        method: row.method,
        path: row.path,
        status: row.status,
        error: row.error,
        durationMs: row.duration_ms,
        attempts: row.attempts,
        idempotencyKey: row.idempotency_key,
      }),
    ),
    ...sources.webhooks.map(
      (row): PaymentTimelineEntry => ({
        kind: "webhook",
        at: row.received_at.toISOString(),
        action: row.action,
        signatureValid: row.signature_valid,
        duplicate: row.duplicate,
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
        processedAt: row.processed_at?.toISOString() ?? null,
      }),
    ),
    ...sources.audits.map((row): PaymentTimelineEntry => {
      const details =
        typeof row.details === "object" && row.details !== null && !Array.isArray(row.details) ? row.details : {};
      const amountMinor = details.amountMinor;
      // A refusal's audit row says why in `error` when it has no `reason`.
      const reason = details.reason ?? details.error;
      return {
        kind: "staff",
        at: row.created_at.toISOString(),
        action: row.action,
        actorEmail: row.email,
        reason: typeof reason === "string" ? reason : null,
        amount: typeof amountMinor === "number" ? money(amountMinor) : null,
        idempotencyKey: row.idempotency_key,
      };
    }),
  ].sort((a, b) => a.at.localeCompare(b.at));
}
