// Disables or enables a user. Disabling ends every session of that user in the
// same transaction (sessions.ts also refuses a disabled user's session, so a
// request racing this one cannot slip through), and the last active admin can
// never be disabled. Enabling lets the user sign in again; it restores no
// session. Both are audited.
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { assertAnotherActiveAdmin, lockUserRoles } from "./change-user-role";

export interface SetUserDisabledOptions {
  db: Kysely<DB>;
  /** Who asks (audit log). */
  actorUserId: string | null;
  userId: string;
  disabled: boolean;
  now?: Date;
}

export interface SetUserDisabledResult {
  changed: boolean;
  disabledAt: Date | null;
  sessionsEnded: number;
}

export async function setUserDisabled(options: SetUserDisabledOptions): Promise<SetUserDisabledResult> {
  const now = options.now ?? new Date();
  return options.db.transaction().execute(async (trx) => {
    // Same lock as role changes: "last active admin" must hold against both at once.
    await lockUserRoles(trx);
    const user = await trx
      .selectFrom("users")
      .select(["id", "role", "disabled_at"])
      .where("id", "=", options.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new AppError("NOT_FOUND", "That user does not exist.", { field: "userId", reason: "not_found" });
    const isDisabled = user.disabled_at !== null;
    if (isDisabled === options.disabled) {
      return { changed: false, disabledAt: user.disabled_at, sessionsEnded: 0 };
    }

    let sessionsEnded = 0;
    if (options.disabled) {
      if (user.role === "admin") {
        await assertAnotherActiveAdmin(trx, user.id, {
          message: "The last active admin cannot be disabled. Make someone else an admin first.",
          field: "userId",
        });
      }
      await trx.updateTable("users").set({ disabled_at: now, updated_at: now }).where("id", "=", user.id).execute();
      const ended = await trx.deleteFrom("sessions").where("user_id", "=", user.id).executeTakeFirst();
      sessionsEnded = Number(ended.numDeletedRows);
    } else {
      await trx.updateTable("users").set({ disabled_at: null, updated_at: now }).where("id", "=", user.id).execute();
    }
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: options.disabled ? "user.disabled" : "user.enabled",
      resourceType: "user",
      resourceId: user.id,
      details: options.disabled ? { sessionsEnded } : {},
      now,
    });
    return { changed: true, disabledAt: options.disabled ? now : null, sessionsEnded };
  });
}
