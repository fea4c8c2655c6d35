// An admin ends every session of another user (a lost laptop, a leaked
// cookie). The user may sign in again; audited with who asked.
import type { Kysely } from "kysely";
import { invalidateUserSessions } from "../../auth/sessions";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";

export async function signOutUserEverywhere(options: {
  db: Kysely<DB>;
  actorUserId: string | null;
  userId: string;
  now?: Date;
}): Promise<{ sessionsEnded: number }> {
  return options.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select("id").where("id", "=", options.userId).executeTakeFirst();
    if (!user) throw new AppError("NOT_FOUND", "That user does not exist.", { field: "userId", reason: "not_found" });
    const sessionsEnded = await invalidateUserSessions({ db: trx, userId: user.id });
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: "user.signed_out_everywhere",
      resourceType: "user",
      resourceId: user.id,
      details: { sessionsEnded, byAdmin: true },
      now: options.now,
    });
    return { sessionsEnded };
  });
}
