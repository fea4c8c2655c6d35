// Changes a user's role. Every session of that user ends, so the new role
// takes effect with a new token (a stolen cookie does not keep old powers, and
// nobody keeps powers they lost). The last admin cannot be demoted.
import { type Kysely, sql } from "kysely";
import type { SessionUser } from "../../auth/sessions";
import type { DB, UserRole } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";

export interface ChangeUserRoleOptions {
  db: Kysely<DB>;
  /** Who asks (audit log); null for the system. */
  actorUserId: string | null;
  userId: string;
  role: UserRole;
  now?: Date;
}

export interface ChangeUserRoleResult {
  user: SessionUser;
  changed: boolean;
  sessionsEnded: number;
}

export async function changeUserRole(options: ChangeUserRoleOptions): Promise<ChangeUserRoleResult> {
  const now = options.now ?? new Date();
  return options.db.transaction().execute(async (trx) => {
    // Role changes run one at a time: two admins demoting each other at once
    // must not both succeed and leave the shop without an admin.
    await lockUserRoles(trx);
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "name", "role"])
      .where("id", "=", options.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new AppError("NOT_FOUND", "That user does not exist.", { field: "userId" });
    if (user.role === options.role) return { user, changed: false, sessionsEnded: 0 };

    if (user.role === "admin") {
      await assertAnotherActiveAdmin(trx, user.id, {
        message: "The last admin cannot be demoted. Make someone else an admin first.",
        field: "role",
      });
    }

    await trx.updateTable("users").set({ role: options.role, updated_at: now }).where("id", "=", user.id).execute();
    const ended = await trx.deleteFrom("sessions").where("user_id", "=", user.id).executeTakeFirst();
    const sessionsEnded = Number(ended.numDeletedRows);
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: "user.role_changed",
      resourceType: "user",
      resourceId: user.id,
      details: { from: user.role, to: options.role, sessionsEnded },
      now,
    });
    return { user: { ...user, role: options.role }, changed: true, sessionsEnded };
  });
}

/**
 * Refuses (CONFLICT, reason `last_admin`) unless an admin other than `userId` is active: the shop must always keep
 * one admin who can sign in. Call it under lockUserRoles.
 */
export async function assertAnotherActiveAdmin(
  trx: Kysely<DB>,
  userId: string,
  refusal: { message: string; field: string },
): Promise<void> {
  const others = await trx
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .where("id", "<>", userId)
    .executeTakeFirstOrThrow();
  if (Number(others.count) < 1) {
    throw new AppError("CONFLICT", refusal.message, { field: refusal.field, reason: "last_admin" });
  }
}

/** Serialises role changes (and first-admin creation) for the rest of the transaction. */
export async function lockUserRoles(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('cobro:user-roles'))`.execute(trx);
}
