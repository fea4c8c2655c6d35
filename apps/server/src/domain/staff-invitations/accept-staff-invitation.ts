// Following an invitation link. The page first asks what the link is for
// (the address, the role, whether an account has the address already), then
// accepts: a new account is created with the role and the password the
// invitee chose; an existing account gets the role (never a lesser one than it
// has). The link proves the address, so the account counts as verified, every
// older session of it ends (a role change takes effect with a new token, as in
// change-user-role.ts) and the invitee is signed in here. The link works once:
// accepting is one UPDATE … WHERE still open and not expired.
import { hasRoleAtLeast, type StaffInvitationDetails, type StaffRole } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { hashPassword } from "../../auth/passwords";
import { createSession, invalidateUserSessions, type Session, type SessionUser } from "../../auth/sessions";
import type { DB } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { hashEmailToken } from "../email/email-tokens";

export const INVITATION_LINK_INVALID_MESSAGE =
  "This invitation was already used, revoked or has expired. Ask an admin to send a new one.";

function invalidLink(): AppError {
  return new AppError("BAD_REQUEST", INVITATION_LINK_INVALID_MESSAGE, { reason: "link_expired", field: "token" });
}

async function findOpenInvitation(db: Kysely<DB>, token: string, now: Date) {
  return db
    .selectFrom("staff_invitations")
    .select(["id", "email", "role", "expires_at"])
    .where("token_hash", "=", hashEmailToken(token))
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

async function accountFor(db: Kysely<DB>, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "name", "role", "disabled_at"])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
}

/** What an open invitation link is for; `link_expired` (400) for an unknown, used, revoked or expired one. */
export async function getStaffInvitationDetails(options: {
  deps: Pick<AppDeps, "db" | "now">;
  token: string;
}): Promise<StaffInvitationDetails> {
  const invitation = await findOpenInvitation(options.deps.db, options.token, options.deps.now());
  if (!invitation) throw invalidLink();
  const account = await accountFor(options.deps.db, invitation.email);
  return {
    email: invitation.email,
    role: invitation.role,
    accountExists: account !== undefined,
    expiresAt: invitation.expires_at.toISOString(),
  };
}

export async function acceptStaffInvitation(options: {
  deps: Pick<AppDeps, "db" | "now">;
  token: string;
  name?: string;
  password?: string;
}): Promise<{ user: SessionUser; token: string; session: Session; created: boolean }> {
  const { db } = options.deps;
  const now = options.deps.now();
  const peek = await findOpenInvitation(db, options.token, now);
  if (!peek) throw invalidLink();
  const existing = await accountFor(db, peek.email);
  // A new account needs a name and a password; hashed before the transaction (it takes a while).
  let passwordHash: string | null = null;
  if (!existing) {
    if (!options.name) throw new AppError("BAD_REQUEST", "Enter your name", { field: "name" });
    if (!options.password) throw new AppError("BAD_REQUEST", "Choose a password", { field: "password" });
    passwordHash = await hashPassword(options.password);
  }

  return db.transaction().execute(async (trx) => {
    const invitation = await trx
      .updateTable("staff_invitations")
      .set({ accepted_at: now })
      .where("id", "=", peek.id)
      .where("token_hash", "=", hashEmailToken(options.token))
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .returning(["id", "email", "role"])
      .executeTakeFirst();
    if (!invitation) throw invalidLink();

    let user: SessionUser;
    let created = false;
    let from: string | null = null;
    if (passwordHash !== null) {
      const inserted = await trx
        .insertInto("users")
        .values({
          email: invitation.email,
          password_hash: passwordHash,
          name: (options.name ?? "").trim(),
          role: invitation.role,
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning(["id", "email", "name", "role"])
        .executeTakeFirst();
      // Someone signed up with the address between the page opening and now: open the link again to accept.
      if (!inserted) {
        throw new AppError("CONFLICT", "An account with this address was just created. Open the link again.", {
          field: "token",
        });
      }
      user = inserted;
      created = true;
    } else {
      const account = await trx
        .selectFrom("users")
        .select(["id", "email", "name", "role", "disabled_at"])
        .where(sql<string>`lower(email)`, "=", invitation.email)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (account.disabled_at !== null) {
        throw new AppError("FORBIDDEN", "This account is disabled. Ask an admin to enable it.", {
          reason: "account_disabled",
        });
      }
      // Never a demotion: an account that became an admin meanwhile stays one.
      const role: StaffRole | typeof account.role = hasRoleAtLeast(account.role, invitation.role)
        ? account.role
        : invitation.role;
      from = account.role;
      await trx
        .updateTable("users")
        .set((eb) => ({
          role,
          email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(now)),
          updated_at: now,
        }))
        .where("id", "=", account.id)
        .execute();
      await invalidateUserSessions({ db: trx, userId: account.id });
      user = { id: account.id, email: account.email, name: account.name, role };
    }
    await trx
      .updateTable("staff_invitations")
      .set({ accepted_user_id: user.id })
      .where("id", "=", invitation.id)
      .execute();
    await recordAudit({
      db: trx,
      actorUserId: user.id,
      action: "staff_invitation.accepted",
      resourceType: "staff_invitation",
      resourceId: invitation.id,
      details: { email: invitation.email, role: user.role, from, accountCreated: created },
      now,
    });
    const { token, session } = await createSession({ db: trx, userId: user.id, now });
    return { user, token, session, created };
  });
}
