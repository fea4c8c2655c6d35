// The console's audit log search: by actor (a user's email or id, or
// "system" for rows without one), action, resource (type and id) and whole
// UTC days, newest first, keyset on (created_at, id). Indexes:
// audit_log_actor_created_idx, audit_log_action_created_idx,
// audit_log_resource_idx, audit_log_created_at_idx.
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import { toKeysetPage } from "../../db/keyset-page";
import type { DB, JsonValue } from "../../db/schema";

export interface AuditEntry {
  id: string;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  idempotencyKey: string | null;
  details: JsonValue | null;
  createdAt: Date;
}

export interface SearchAuditLogOptions {
  db: Kysely<DB>;
  actor?: string | undefined;
  action?: string | undefined;
  resourceType?: string | undefined;
  resourceId?: string | undefined;
  /** `YYYY-MM-DD`, from the start of that UTC day. */
  from?: string | undefined;
  /** `YYYY-MM-DD`, to the end of that UTC day. */
  to?: string | undefined;
  limit: number;
  cursor?: string | null | undefined;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The actor filter: "system" (no user), a user id, or an email (case-insensitive). */
export const SYSTEM_ACTOR = "system";

export async function searchAuditLog(
  options: SearchAuditLogOptions,
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const { db, limit } = options;
  let query = db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_user_id")
    .select([
      "audit_log.id",
      "audit_log.actor_user_id",
      "users.email as actor_email",
      "audit_log.action",
      "audit_log.resource_type",
      "audit_log.resource_id",
      "audit_log.idempotency_key",
      "audit_log.details",
      "audit_log.created_at",
    ])
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(limit + 1);
  const actor = options.actor?.trim();
  if (actor) {
    if (actor.toLowerCase() === SYSTEM_ACTOR) query = query.where("audit_log.actor_user_id", "is", null);
    else if (isUuid(actor)) query = query.where("audit_log.actor_user_id", "=", actor);
    else {
      // lower(email) is what users_email_lower_key indexes; an unknown email matches nothing.
      query = query.where("audit_log.actor_user_id", "=", (eb) =>
        eb
          .selectFrom("users as u")
          .select("u.id")
          .where(sql<string>`lower(u.email)`, "=", actor.toLowerCase())
          .limit(1),
      );
    }
  }
  if (options.action) query = query.where("audit_log.action", "=", options.action);
  if (options.resourceType) query = query.where("audit_log.resource_type", "=", options.resourceType);
  if (options.resourceId) query = query.where("audit_log.resource_id", "=", options.resourceId);
  if (options.from) query = query.where("audit_log.created_at", ">=", new Date(`${options.from}T00:00:00.000Z`));
  if (options.to) {
    const end = new Date(`${options.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    query = query.where("audit_log.created_at", "<", end);
  }
  if (options.cursor) {
    query = query.where(
      sql<boolean>`(audit_log.created_at, audit_log.id) < (select c.created_at, c.id from audit_log c where c.id = ${options.cursor})`,
    );
  }
  const rows = await query.execute();
  return toKeysetPage(rows, limit, (row) => ({
    id: row.id,
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    idempotencyKey: row.idempotency_key,
    details: row.details,
    createdAt: row.created_at,
  }));
}
