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
      const admins = await trx
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("role", "=", "admin")
        .executeTakeFirstOrThrow();
      if (admins.count <= 1) {
        throw new AppError("CONFLICT", "The last admin cannot be demoted. Make someone else an admin first.", {
          field: "role",
        });
      }
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

/** Serialises role changes (and first-admin creation) for the rest of the transaction. */
export async function lockUserRoles(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('cobro:user-roles'))`.execute(trx);
}
