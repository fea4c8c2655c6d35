// "Invite staff" and "Resend": an admin invites an address with a role. Each
// sending makes a new link token (only its SHA-256 is stored; the outbox keeps
// the token encrypted until the message is sent) that works once, for
// STAFF_INVITATION_LIFETIME_DAYS; a resend replaces the token, so the older
// e-mail's link stops working. The outbox key is the token's hash: one message
// per link, however often the job runs.
import { type EmailLocale, normalizeEmail, STAFF_INVITATION_LIFETIME_DAYS, type StaffRole } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { newLinkToken } from "../email/email-tokens";
import { dispatchEmail, queueEmail } from "../email/outbox";

export const STAFF_INVITATION_LIFETIME_MS = STAFF_INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

type InviteDeps = Pick<AppDeps, "db" | "jobs" | "tokenEncryptionKey" | "now">;

/** A fresh link for an invitation and the outbox message that carries it, in the caller's transaction. */
async function queueInvitationEmail(options: {
  trx: Kysely<DB>;
  tokenEncryptionKey: Uint8Array;
  email: string;
  role: StaffRole;
  inviterName: string | null;
  locale: EmailLocale | null;
  tokenHash: string;
  token: string;
  now: Date;
}): Promise<string | null> {
  return queueEmail({
    db: options.trx,
    dedupeKey: `staff-invitation:${options.tokenHash}`,
    kind: "staff_invitation",
    to: options.email,
    locale: options.locale,
    payload: { role: options.role, inviterName: options.inviterName },
    linkToken: { token: options.token, key: options.tokenEncryptionKey },
    now: options.now,
  });
}

async function inviterName(db: Kysely<DB>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("users").select("name").where("id", "=", userId).executeTakeFirst();
  return row?.name ?? null;
}

export async function inviteStaff(options: {
  deps: InviteDeps;
  actorUserId: string;
  email: string;
  role: StaffRole;
  locale?: EmailLocale;
}): Promise<{ invitationId: string }> {
  const { db, jobs, tokenEncryptionKey } = options.deps;
  const email = normalizeEmail(options.email);
  const now = options.deps.now();
  const existing = await db
    .selectFrom("users")
    .select(["role"])
    .where(sql<string>`lower(email)`, "=", email)
    .executeTakeFirst();
  if (existing && existing.role !== "shopper") {
    throw new AppError(
      "BAD_REQUEST",
      "This address belongs to a staff member already: change their role in the list.",
      {
        field: "email",
        reason: "already_staff",
      },
    );
  }
  const name = await inviterName(db, options.actorUserId);
  const { token, tokenHash } = newLinkToken();
  const { invitationId, emailId } = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("staff_invitations")
      .values({
        email,
        role: options.role,
        token_hash: tokenHash,
        invited_by: options.actorUserId,
        expires_at: new Date(now.getTime() + STAFF_INVITATION_LIFETIME_MS),
        last_sent_at: now,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.expression(sql`lower(email)`).where(sql<boolean>`accepted_at is null and revoked_at is null`).doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    if (!row) {
      throw new AppError("CONFLICT", "This address has an open invitation already: resend or revoke it below.", {
        field: "email",
        reason: "invitation_open",
      });
    }
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: "staff_invitation.created",
      resourceType: "staff_invitation",
      resourceId: row.id,
      details: { email, role: options.role },
      now,
    });
    const emailId = await queueInvitationEmail({
      trx,
      tokenEncryptionKey,
      email,
      role: options.role,
      inviterName: name,
      locale: options.locale ?? null,
      tokenHash,
      token,
      now,
    });
    return { invitationId: row.id, emailId };
  });
  await dispatchEmail(jobs, emailId);
  return { invitationId };
}

/** Sends an open invitation again with a new link (the old one stops working) and a new expiry. */
export async function resendStaffInvitation(options: {
  deps: InviteDeps;
  actorUserId: string;
  invitationId: string;
  locale?: EmailLocale;
}): Promise<{ expiresAt: Date }> {
  const { db, jobs, tokenEncryptionKey } = options.deps;
  const now = options.deps.now();
  const name = await inviterName(db, options.actorUserId);
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + STAFF_INVITATION_LIFETIME_MS);
  const emailId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("staff_invitations")
      .set((eb) => ({
        token_hash: tokenHash,
        expires_at: expiresAt,
        last_sent_at: now,
        sent_count: eb("sent_count", "+", 1),
      }))
      .where("id", "=", options.invitationId)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .returning(["id", "email", "role"])
      .executeTakeFirst();
    if (!row) throw openInvitationNotFound();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: "staff_invitation.resent",
      resourceType: "staff_invitation",
      resourceId: row.id,
      details: { email: row.email, role: row.role },
      now,
    });
    return queueInvitationEmail({
      trx,
      tokenEncryptionKey,
      email: row.email,
      role: row.role,
      inviterName: name,
      locale: options.locale ?? null,
      tokenHash,
      token,
      now,
    });
  });
  await dispatchEmail(jobs, emailId);
  return { expiresAt };
}

/** Revokes an open invitation: its link stops working at once. */
export async function revokeStaffInvitation(options: {
  db: Kysely<DB>;
  actorUserId: string;
  invitationId: string;
  now: Date;
}): Promise<void> {
  await options.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("staff_invitations")
      .set({ revoked_at: options.now })
      .where("id", "=", options.invitationId)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .returning(["id", "email", "role"])
      .executeTakeFirst();
    if (!row) throw openInvitationNotFound();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: "staff_invitation.revoked",
      resourceType: "staff_invitation",
      resourceId: row.id,
      details: { email: row.email, role: row.role },
      now: options.now,
    });
  });
}

function openInvitationNotFound(): AppError {
  return new AppError("NOT_FOUND", "This invitation was accepted or revoked already.", { field: "invitationId" });
}
