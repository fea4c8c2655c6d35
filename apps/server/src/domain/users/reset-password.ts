// Following a reset link: the link is used once (a second use, or one past
// its hour, is a 400 `link_expired`), the new password replaces the old one,
// every session of the account ends and the user is signed in afresh here.
// The link proves the address, so it also verifies it (and claims the guest
// orders paid with it).
import { hashPassword } from "../../auth/passwords";
import { createSession, invalidateUserSessions, type Session, type SessionUser } from "../../auth/sessions";
import type { AppDeps } from "../../deps";
import { recordAudit } from "../audit/record-audit";
import { consumeLinkForAccount, revokeEmailTokens } from "../email/email-tokens";
import { claimGuestOrders } from "./claim-guest-orders";

export async function resetPassword(options: {
  deps: Pick<AppDeps, "db" | "now">;
  token: string;
  password: string;
}): Promise<{ user: SessionUser; token: string; session: Session; sessionsEnded: number }> {
  const now = options.deps.now();
  // Hashed before the transaction (it takes a while); the link is only used if everything else succeeds.
  const passwordHash = await hashPassword(options.password);
  return options.deps.db.transaction().execute(async (trx) => {
    const user = await consumeLinkForAccount({ db: trx, token: options.token, purpose: "reset_password", now });
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, email_verified_at: user.emailVerifiedAt ?? now, updated_at: now })
      .where("id", "=", user.id)
      .execute();
    await revokeEmailTokens({ db: trx, userId: user.id, purpose: "reset_password", now });
    const sessionsEnded = await invalidateUserSessions({ db: trx, userId: user.id });
    if (user.emailVerifiedAt === null) await claimGuestOrders({ db: trx, userId: user.id, email: user.email });
    await recordAudit({
      db: trx,
      actorUserId: user.id,
      action: "user.password_reset",
      resourceType: "user",
      resourceId: user.id,
      details: { sessionsEnded },
      now,
    });
    const { token, session } = await createSession({ db: trx, userId: user.id, now });
    return {
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
      token,
      session,
      sessionsEnded,
    };
  });
}
