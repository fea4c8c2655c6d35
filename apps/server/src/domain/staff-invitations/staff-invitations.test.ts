// Staff invitations through the tRPC callers, against a real PostgreSQL: the
// e-mail goes through the outbox to the test deps' recording mailer, the link
// carries the token in its fragment, only the token's hash is stored, the link
// works once and for seven days, resend replaces it, revoke ends it, and every
// change is audited.
import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE_NAME, validateSessionToken } from "../../auth/sessions";
import type { AppError } from "../../errors/app-error";
import { SEND_EMAIL_JOB } from "../../jobs/job-names";
import type { MailMessage } from "../../mail/mailer";
import { createTestClock } from "../../test/test-clock";
import { createTestDatabase } from "../../test/test-database";
import { createTestDeps } from "../../test/test-deps";
import { createTestCaller, createTestUser, signInAs, uniqueEmail } from "../../test/test-users";
import { hashEmailToken } from "../email/email-tokens";
import { sendOutboundEmail } from "../email/send-outbound-email";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
const clock = createTestClock();
const deps = createTestDeps({ db, now: clock.now, publicUrl: "https://shop.example.test" });
const admin = await signInAs({ db, role: "admin", name: "Ada Admin" });
const { caller: adminCaller } = await createTestCaller({ deps, cookie: admin.cookie });

async function deliverQueued(): Promise<MailMessage[]> {
  const before = deps.sentMails.length;
  const jobs = deps.enqueuedJobs.splice(0).filter((job) => job.name === SEND_EMAIL_JOB);
  for (const job of jobs) await sendOutboundEmail({ deps, emailId: String(job.data.emailId) });
  return deps.sentMails.slice(before);
}

function invitationToken(message: MailMessage): string {
  const match = /https:\/\/shop\.example\.test\/accept-invitation#token=([A-Za-z0-9_-]+)/.exec(message.text);
  if (!match?.[1]) throw new Error(`no invitation link in: ${message.text}`);
  return match[1];
}

async function inviteAndGetToken(email: string, role: "admin" | "operator" | "viewer" = "viewer") {
  const { invitationId } = await adminCaller.admin.invitations.create({ email, role });
  const [message] = await deliverQueued();
  if (!message) throw new Error("no invitation e-mail sent");
  return { invitationId, token: invitationToken(message), message };
}

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

async function anonymousCaller() {
  return createTestCaller({ deps, clientIp: `198.51.100.${Math.floor(Math.random() * 200) + 1}` });
}

describe("staff invitations", () => {
  it("invites a new address: one e-mail with the link in the fragment, only the hash stored; accepting creates the account with the role and signs it in, once", async () => {
    const email = uniqueEmail("invitee");
    const { invitationId, token, message } = await inviteAndGetToken(email.toUpperCase(), "operator");
    expect(message.to).toBe(email);
    expect(message.subject).toMatch(/invited/i);
    expect(message.text).toContain("Ada Admin invited you");
    expect(message.text).toContain("as an operator");

    const row = await db
      .selectFrom("staff_invitations")
      .selectAll()
      .where("id", "=", invitationId)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashEmailToken(token));
    expect(row.expires_at.getTime() - clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    // The outbox erased the token once the message was sent.
    const outbox = await db
      .selectFrom("outbound_emails")
      .select(["payload", "dedupe_key"])
      .where("kind", "=", "staff_invitation")
      .where("to_email", "=", email)
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.dedupe_key).toBe(`staff-invitation:${row.token_hash}`);
    expect(JSON.stringify(outbox[0]?.payload)).not.toContain(token);

    const pending = await adminCaller.admin.invitations.list();
    expect(pending.items.find((item) => item.id === invitationId)).toMatchObject({
      email,
      role: "operator",
      expired: false,
      invitedByName: "Ada Admin",
    });

    const { caller, resHeaders } = await anonymousCaller();
    await expect(caller.auth.staffInvitation({ token })).resolves.toMatchObject({
      email,
      role: "operator",
      accountExists: false,
    });
    // A new account needs a password: the field is named.
    const missing = await rejection(caller.auth.acceptStaffInvitation({ token, name: "Ivy" }));
    expect(missing.code).toBe("BAD_REQUEST");
    expect((missing.cause as AppError).field).toBe("password");

    const { user } = await caller.auth.acceptStaffInvitation({ token, name: "Ivy", password: "a-long-password" });
    expect(user).toMatchObject({ email, name: "Ivy", role: "operator" });
    const cookie = resHeaders.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`));
    const sessionToken = cookie?.split(";")[0]?.split("=")[1] ?? "";
    expect((await validateSessionToken({ db, token: sessionToken, now: clock.now() }))?.user.role).toBe("operator");
    const stored = await db
      .selectFrom("users")
      .select(["role", "email_verified_at"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(stored.role).toBe("operator");
    expect(stored.email_verified_at).not.toBeNull();

    // Once only, and it leaves the pending list.
    const again = await rejection(
      (await anonymousCaller()).caller.auth.acceptStaffInvitation({ token, name: "Ivy", password: "a-long-password" }),
    );
    expect((again.cause as AppError).reason).toBe("link_expired");
    expect((await adminCaller.admin.invitations.list()).items.some((item) => item.id === invitationId)).toBe(false);

    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id"])
      .where("resource_id", "=", invitationId)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["staff_invitation.created", "staff_invitation.accepted"]);
    expect(audit[0]?.actor_user_id).toBe(admin.user.id);
  });

  it("gives an existing shopper account the role without a new password, ending its older sessions", async () => {
    const shopper = await signInAs({ db, role: "shopper" });
    const { token } = await inviteAndGetToken(shopper.user.email, "viewer");
    const { caller } = await anonymousCaller();
    await expect(caller.auth.staffInvitation({ token })).resolves.toMatchObject({
      accountExists: true,
      role: "viewer",
    });
    const { user } = await caller.auth.acceptStaffInvitation({ token });
    expect(user).toMatchObject({ id: shopper.user.id, role: "viewer" });
    expect(await validateSessionToken({ db, token: shopper.token, now: clock.now() })).toBeNull();
  });

  it("refuses a staff member's address, and a second open invitation of one address, naming the field", async () => {
    const operator = await createTestUser({ db, role: "operator" });
    const staff = await rejection(adminCaller.admin.invitations.create({ email: operator.email, role: "admin" }));
    expect(staff.code).toBe("BAD_REQUEST");
    expect((staff.cause as AppError).field).toBe("email");

    const email = uniqueEmail("twice");
    await inviteAndGetToken(email);
    const twice = await rejection(adminCaller.admin.invitations.create({ email, role: "admin" }));
    expect(twice.code).toBe("CONFLICT");
    expect((twice.cause as AppError).reason).toBe("invitation_open");
  });

  it("resend replaces the link (the older one stops working); revoke ends it; an expired link is refused", async () => {
    const email = uniqueEmail("resend");
    const { invitationId, token: first } = await inviteAndGetToken(email);
    clock.advance(60_000);
    await adminCaller.admin.invitations.resend({ invitationId });
    const [resent] = await deliverQueued();
    if (!resent) throw new Error("no resent e-mail");
    const second = invitationToken(resent);
    expect(second).not.toBe(first);
    const { caller } = await anonymousCaller();
    expect(((await rejection(caller.auth.staffInvitation({ token: first }))).cause as AppError).reason).toBe(
      "link_expired",
    );
    await expect(caller.auth.staffInvitation({ token: second })).resolves.toMatchObject({ email });

    await adminCaller.admin.invitations.revoke({ invitationId });
    expect(((await rejection(caller.auth.staffInvitation({ token: second }))).cause as AppError).reason).toBe(
      "link_expired",
    );
    expect((await rejection(adminCaller.admin.invitations.revoke({ invitationId }))).code).toBe("NOT_FOUND");
    const actions = await db
      .selectFrom("audit_log")
      .select("action")
      .where("resource_id", "=", invitationId)
      .orderBy("created_at")
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual([
      "staff_invitation.created",
      "staff_invitation.resent",
      "staff_invitation.revoked",
    ]);

    const late = await inviteAndGetToken(uniqueEmail("late"));
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    expect(
      (await adminCaller.admin.invitations.list()).items.find((item) => item.id === late.invitationId)?.expired,
    ).toBe(true);
    const expired = await rejection(
      caller.auth.acceptStaffInvitation({ token: late.token, name: "Late", password: "a-long-password" }),
    );
    expect((expired.cause as AppError).reason).toBe("link_expired");
  });
});
