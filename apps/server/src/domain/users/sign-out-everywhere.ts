// Ends every session of a user (all browsers and devices).
import type { Kysely } from "kysely";
import { invalidateUserSessions } from "../../auth/sessions";
import type { DB } from "../../db/schema";
import { recordAudit } from "../audit/record-audit";

export async function signOutEverywhere(options: { db: Kysely<DB>; userId: string; now?: Date }): Promise<number> {
  const ended = await invalidateUserSessions({ db: options.db, userId: options.userId });
  await recordAudit({
    db: options.db,
    actorUserId: options.userId,
    action: "user.signed_out_everywhere",
    resourceType: "user",
    resourceId: options.userId,
    details: { sessionsEnded: ended },
    now: options.now,
  });
  return ended;
}
