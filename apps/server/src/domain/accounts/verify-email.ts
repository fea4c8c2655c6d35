// Following a verification link: the link is used once, the address is
// marked verified, the guest orders paid with it join the account, and the
// user is signed in (a new session).
import { createSession, type Session, type SessionUser } from "../../auth/sessions";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { consumeEmailToken, LINK_EXPIRED_MESSAGE } from "../email/email-tokens";
import { claimGuestOrders } from "./claim-guest-orders";

export async function verifyEmail(options: {
  deps: Pick<AppDeps, "db" | "now">;
  token: string;
}): Promise<{ user: SessionUser; token: string; session: Session; claimedOrders: number }> {
  const now = options.deps.now();
  return options.deps.db.transaction().execute(async (trx) => {
    const link = await consumeEmailToken({ db: trx, token: options.token, purpose: "verify_email", now });
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "name", "role", "disabled_at"])
      .where("id", "=", link.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // The address changed since the link was sent: the link proves an address the account no longer has.
    if (user.email !== link.email) {
      throw new AppError("BAD_REQUEST", LINK_EXPIRED_MESSAGE, { reason: "link_expired", field: "token" });
    }
    if (user.disabled_at !== null) {
      throw new AppError("FORBIDDEN", "This account is disabled. Ask an admin to enable it.", {
        reason: "account_disabled",
      });
    }
    await trx
      .updateTable("users")
      .set((eb) => ({ email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(now)), updated_at: now }))
      .where("id", "=", user.id)
      .execute();
    const claimedOrders = await claimGuestOrders({ db: trx, userId: user.id, email: user.email });
    const { token, session } = await createSession({ db: trx, userId: user.id, now });
    return {
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
      token,
      session,
      claimedOrders,
    };
  });
}
