// The users page's "Pending invitations": every invitation neither accepted
// nor revoked, newest first (expired ones too, marked, so an admin can resend
// or revoke them). A shop invites a handful of people: one page of at most 100.
import type { StaffInvitation } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

export async function listStaffInvitations(options: { db: Kysely<DB>; now: Date }): Promise<StaffInvitation[]> {
  const rows = await options.db
    .selectFrom("staff_invitations as i")
    .leftJoin("users as u", "u.id", "i.invited_by")
    .select(["i.id", "i.email", "i.role", "u.name as invitedByName", "i.expires_at", "i.last_sent_at", "i.sent_count"])
    .select("i.created_at")
    .where("i.accepted_at", "is", null)
    .where("i.revoked_at", "is", null)
    .orderBy("i.created_at", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedByName: row.invitedByName,
    expiresAt: row.expires_at.toISOString(),
    expired: row.expires_at <= options.now,
    lastSentAt: row.last_sent_at.toISOString(),
    sentCount: row.sent_count,
    createdAt: row.created_at.toISOString(),
  }));
}
