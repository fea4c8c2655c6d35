// Appends one row to the audit log: who did what to which resource. Pass the
// transaction when the audited change runs in one, so both commit together.
import type { Kysely } from "kysely";
import { type DB, type JsonValue, toJsonb } from "../../db/schema";

export interface RecordAuditOptions {
  db: Kysely<DB>;
  /** Null for the system itself (startup, jobs, webhooks). */
  actorUserId: string | null;
  /** Dotted verb, e.g. "user.role_changed", "refund.created". */
  action: string;
  resourceType: string;
  resourceId: string | null;
  idempotencyKey?: string | null;
  /** Extra facts; never secrets, card data or tokens. */
  details?: { [key: string]: JsonValue } | null;
  now?: Date;
}

export async function recordAudit(options: RecordAuditOptions): Promise<void> {
  await options.db
    .insertInto("audit_log")
    .values({
      actor_user_id: options.actorUserId,
      action: options.action,
      resource_type: options.resourceType,
      resource_id: options.resourceId,
      idempotency_key: options.idempotencyKey ?? null,
      details: options.details ? toJsonb(options.details) : null,
      created_at: options.now ?? new Date(),
    })
    .execute();
}
