// Following a verification link: the link is used once, the address is
// marked verified, the guest orders paid with it join the account, and the
// user is signed in (a new session).
import { createSession, type Session, type SessionUser } from "../../auth/sessions";
import type { AppDeps } from "../../deps";
import { consumeLinkForAccount } from "../email/email-tokens";
import { claimGuestOrders } from "./claim-guest-orders";

export async function verifyEmail(options: {
  deps: Pick<AppDeps, "db" | "now">;
  token: string;
}): Promise<{ user: SessionUser; token: string; session: Session; claimedOrders: number }> {
  const now = options.deps.now();
  return options.deps.db.transaction().execute(async (trx) => {
    const user = await consumeLinkForAccount({ db: trx, token: options.token, purpose: "verify_email", now });
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
