// Sign-up with verification, password reset, the outbox and order
// confirmations, against a real PostgreSQL. Mail goes to the test deps'
// recording mailer (mail-delivery.test.ts sends through real SMTP).
import { randomUUID } from "node:crypto";
import type { Payment } from "@cobro/provider-client";
import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE_NAME, validateSessionToken } from "../../auth/sessions";
import { toJsonb } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { SEND_EMAIL_JOB } from "../../jobs/job-names";
import type { MailMessage } from "../../mail/mailer";
import { createTestClock } from "../../test/test-clock";
import { createTestDatabase } from "../../test/test-database";
import { createTestDeps } from "../../test/test-deps";
import { createTestCaller, createTestSession, createTestUser, TEST_PASSWORD, uniqueEmail } from "../../test/test-users";
import {
  dispatchPendingEmails,
  queueEmail,
  redactSentEmails,
  SENT_EMAIL_PAYLOAD_RETENTION_DAYS,
} from "../email/outbox";
import { sendOutboundEmail } from "../email/send-outbound-email";
import { applyPaymentSnapshot, orderConfirmationKey } from "../payments/apply-payment-snapshot";
import { listOrders } from "../shopper-account/list-orders";
import { ensureFirstAdmin } from "./ensure-first-admin";
import { signIn } from "./sign-in";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
const clock = createTestClock();
const deps = createTestDeps({ db, now: clock.now, publicUrl: "https://shop.example.test" });

/** Runs the send job of every e-mail queued so far (as the worker would) and returns what was sent. */
async function deliverQueued(): Promise<MailMessage[]> {
  const before = deps.sentMails.length;
  const jobs = deps.enqueuedJobs.splice(0).filter((job) => job.name === SEND_EMAIL_JOB);
  for (const job of jobs) await sendOutboundEmail({ deps, emailId: String(job.data.emailId) });
  return deps.sentMails.slice(before);
}

function linkToken(message: MailMessage, path: string): string {
  const match = new RegExp(`https://shop\\.example\\.test${path}#token=([A-Za-z0-9_-]+)`).exec(message.text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${message.text}`);
  return match[1];
}

function sessionTokenFrom(resHeaders: Headers): string | null {
  for (const cookie of resHeaders.getSetCookie()) {
    const match = new RegExp(`^${SESSION_COOKIE_NAME}=([^;]*)`).exec(cookie);
    if (match?.[1]) return match[1];
  }
  return null;
}

async function expectLinkExpired(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe("BAD_REQUEST");
  expect(((error as TRPCError).cause as AppError).reason).toBe("link_expired");
}

async function signUpAndGetLink(email: string, locale?: "en" | "es" | "pt"): Promise<string> {
  const { caller } = await createTestCaller({ deps, clientIp: `198.51.100.${Math.floor(Math.random() * 200) + 1}` });
  await caller.auth.signUp({ email, password: "a-long-password", name: "Nina", ...(locale ? { locale } : {}) });
  const [message] = await deliverQueued();
  if (!message) throw new Error("no verification e-mail");
  return linkToken(message, "/verify-email");
}

describe("sign-up with e-mail verification", () => {
  it("sends a link in the shopper's language that verifies the address once and signs them in", async () => {
    const email = uniqueEmail("verify");
    const { caller } = await createTestCaller({ deps });
    await caller.auth.signUp({ email, password: "a-long-password", name: "Nina", locale: "es" });
    const [message, ...others] = await deliverQueued();
    expect(others).toEqual([]);
    expect(message).toMatchObject({ to: email, subject: "Confirma tu dirección de e-mail en Cobro" });
    expect(message?.html).toContain("Hola Nina");
    const token = linkToken(message as MailMessage, "/verify-email");
    // Only the hash is stored, and the outbox row no longer holds the (encrypted) token once sent.
    const tokens = await db.selectFrom("email_tokens").selectAll().where("email", "=", email).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.token_hash).not.toContain(token);
    const outbox = await db.selectFrom("outbound_emails").selectAll().where("to_email", "=", email).execute();
    expect(outbox).toMatchObject([{ status: "sent", kind: "verify_email" }]);
    expect(JSON.stringify(outbox[0]?.payload)).not.toContain("tokenCiphertext");

    const { caller: visitor, resHeaders } = await createTestCaller({ deps });
    const { user } = await visitor.auth.verifyEmail({ token });
    expect(user.email).toBe(email);
    const session = await validateSessionToken({ db, token: sessionTokenFrom(resHeaders) ?? "", now: clock.now() });
    expect(session?.user.id).toBe(user.id);
    const row = await db.selectFrom("users").select("email_verified_at").where("id", "=", user.id).executeTakeFirst();
    expect(row?.email_verified_at).toEqual(clock.now());

    await expectLinkExpired(visitor.auth.verifyEmail({ token }));
  });

  it("refuses a verification link after 24 hours with 400 link_expired", async () => {
    const token = await signUpAndGetLink(uniqueEmail("late"));
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const { caller } = await createTestCaller({ deps });
    await expectLinkExpired(caller.auth.verifyEmail({ token }));
  });

  it("answers a registered address like a new one and mails its owner instead of a link", async () => {
    const existing = await createTestUser({ db });
    const fresh = uniqueEmail("fresh");
    const { caller } = await createTestCaller({ deps });
    const forExisting = await caller.auth.signUp({ email: existing.email, password: "a-long-password", name: "X" });
    const forNew = await caller.auth.signUp({ email: fresh, password: "a-long-password", name: "X" });
    expect(forExisting).toEqual({ email: existing.email, sent: true });
    expect(forNew).toEqual({ email: fresh, sent: true });
    const sent = await deliverQueued();
    const toExisting = sent.find((message) => message.to === existing.email);
    expect(toExisting?.subject).toBe("Someone tried to create a Cobro account with your address");
    expect(toExisting?.text).toContain("https://shop.example.test/forgot-password");
    expect(toExisting?.text).not.toContain("#token=");
    expect(sent.find((message) => message.to === fresh)?.text).toContain("/verify-email#token=");
    const tokens = await db
      .selectFrom("email_tokens")
      .select("token_hash")
      .where("user_id", "=", existing.id)
      .execute();
    expect(tokens).toEqual([]);
  });

  it("lets an unverified shopper sign in, tells them to verify, and resends the link", async () => {
    const email = uniqueEmail("unverified");
    await signUpAndGetLink(email);
    const { token } = await signIn({ db, email, password: "a-long-password", clientIp: null, now: clock.now() });
    const { caller } = await createTestCaller({ deps, cookie: `${SESSION_COOKIE_NAME}=${token}` });
    expect(await caller.auth.emailVerification()).toEqual({ email, verified: false });
    expect(await caller.auth.resendVerificationEmail()).toEqual({ email, sent: true });
    const [resent] = await deliverQueued();
    const { caller: sameBrowser, resHeaders } = await createTestCaller({
      deps,
      cookie: `${SESSION_COOKIE_NAME}=${token}`,
    });
    await sameBrowser.auth.verifyEmail({ token: linkToken(resent as MailMessage, "/verify-email") });
    // Following the link replaced the browser's session with a new one.
    const { caller: after } = await createTestCaller({
      deps,
      cookie: `${SESSION_COOKIE_NAME}=${sessionTokenFrom(resHeaders)}`,
    });
    expect(await after.auth.emailVerification()).toEqual({ email, verified: true });
  });

  it("keeps the first admin and existing staff verified and able to sign in", async () => {
    const adminEmail = uniqueEmail("first-admin");
    const admin = await ensureFirstAdmin({ db, email: adminEmail, password: "first-admin-password", now: clock.now() });
    expect(admin.outcome).toBe("created");
    const row = await db
      .selectFrom("users")
      .select(["email_verified_at", "role"])
      .where("email", "=", adminEmail)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("admin");
    expect(row.email_verified_at).not.toBeNull();
    const signedIn = await signIn({
      db,
      email: adminEmail,
      password: "first-admin-password",
      clientIp: null,
      now: clock.now(),
    });
    expect(signedIn.user.role).toBe("admin");
    // A sign-up attempt with the admin's address changes nothing about the admin.
    const { caller } = await createTestCaller({ deps });
    await caller.auth.signUp({ email: adminEmail, password: "someone-elses-password", name: "Mallory" });
    await deliverQueued();
    const again = await signIn({
      db,
      email: adminEmail,
      password: "first-admin-password",
      clientIp: null,
      now: clock.now(),
    });
    expect(again.user).toEqual(signedIn.user);
  });
});

describe("password reset", () => {
  it("answers the same for a known and an unknown address", async () => {
    const user = await createTestUser({ db });
    const { caller } = await createTestCaller({ deps });
    const unknown = uniqueEmail("nobody");
    expect(await caller.auth.requestPasswordReset({ email: user.email })).toEqual({ email: user.email, sent: true });
    expect(await caller.auth.requestPasswordReset({ email: unknown })).toEqual({ email: unknown, sent: true });
    const sent = await deliverQueued();
    expect(sent.map((message) => message.to)).toEqual([user.email]);
  });

  it("works once: sets the new password, ends every other session, signs in; a second use is 400", async () => {
    const user = await createTestUser({ db });
    const other = await createTestSession({ db, userId: user.id, now: clock.now() });
    const { caller } = await createTestCaller({ deps });
    await caller.auth.requestPasswordReset({ email: user.email, locale: "pt" });
    const [message] = await deliverQueued();
    expect(message?.subject).toBe("Redefina sua senha de Cobro");
    const token = linkToken(message as MailMessage, "/reset-password");

    const { caller: visitor, resHeaders } = await createTestCaller({ deps });
    await visitor.auth.resetPassword({ token, password: "a-brand-new-password" });
    expect(await validateSessionToken({ db, token: other.token, now: clock.now() })).toBeNull();
    const fresh = await validateSessionToken({ db, token: sessionTokenFrom(resHeaders) ?? "", now: clock.now() });
    expect(fresh?.user.id).toBe(user.id);
    const signedIn = await signIn({
      db,
      email: user.email,
      password: "a-brand-new-password",
      clientIp: null,
      now: clock.now(),
    });
    expect(signedIn.user.id).toBe(user.id);
    await expect(
      signIn({ db, email: user.email, password: TEST_PASSWORD, clientIp: null, now: clock.now() }),
    ).rejects.toBeInstanceOf(AppError);

    await expectLinkExpired(visitor.auth.resetPassword({ token, password: "yet-another-password" }));
  });

  it("refuses a reset link after one hour", async () => {
    const user = await createTestUser({ db });
    const { caller } = await createTestCaller({ deps });
    await caller.auth.requestPasswordReset({ email: user.email });
    const [message] = await deliverQueued();
    clock.advance(60 * 60 * 1000 + 1000);
    await expectLinkExpired(
      caller.auth.resetPassword({ token: linkToken(message as MailMessage, "/reset-password"), password: "late-pass" }),
    );
  });
});

describe("the outbox", () => {
  it("blanks what a sent message said after the retention, and keeps its key so it is never sent again", async () => {
    const to = uniqueEmail("retained");
    const dedupeKey = `account-exists:retention:${randomUUID()}`;
    const message = { db, dedupeKey, kind: "account_exists" as const, to, locale: "en" as const, now: clock.now() };
    const emailId = await queueEmail({ ...message, payload: { name: "Ana Retained" } });
    expect(await sendOutboundEmail({ deps, emailId: emailId ?? "" })).toBe("sent");
    const payloadOf = async () =>
      (
        await db
          .selectFrom("outbound_emails")
          .select("payload")
          .where("id", "=", emailId ?? "")
          .executeTakeFirst()
      )?.payload;

    await redactSentEmails({ db, olderThan: new Date(clock.now().getTime() - 1) });
    await expect(payloadOf()).resolves.toMatchObject({ name: "Ana Retained" });
    const later = new Date(clock.now().getTime() + (SENT_EMAIL_PAYLOAD_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect(await redactSentEmails({ db, olderThan: later })).toBeGreaterThanOrEqual(1);
    await expect(payloadOf()).resolves.toEqual({});
    await expect(queueEmail({ ...message, payload: { name: "Ana Retained" } })).resolves.toBeNull();
  });

  it("sends a message once when several workers run its job at the same time", async () => {
    const to = uniqueEmail("concurrent");
    const emailId = await queueEmail({
      db,
      dedupeKey: `account-exists:test:${randomUUID()}`,
      kind: "account_exists",
      to,
      locale: "en",
      payload: {},
      now: clock.now(),
    });
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => sendOutboundEmail({ deps, emailId: emailId ?? "" })),
    );
    expect(outcomes.filter((outcome) => outcome === "sent")).toHaveLength(1);
    expect(deps.sentMails.filter((message) => message.to === to)).toHaveLength(1);
    // The sweep finds nothing left to send.
    clock.advance(60_000);
    await dispatchPendingEmails({ db, jobs: deps.jobs, now: clock.now() });
    expect(deps.enqueuedJobs.filter((job) => job.data.emailId === emailId)).toEqual([]);
  });

  it("a message whose send job was never enqueued (queue down after the commit) is sent by the sweep", async () => {
    const to = uniqueEmail("swept");
    const downQueue = { enqueue: () => Promise.reject(new Error("queue unreachable")) };
    // Sign-up still answers: the message is committed, only its job is missing.
    const { caller } = await createTestCaller({ deps: { ...deps, jobs: downQueue } });
    expect(await caller.auth.signUp({ email: to, password: "a-long-password", name: "Sam" })).toEqual({
      email: to,
      sent: true,
    });
    deps.enqueuedJobs.splice(0);
    clock.advance(31_000);
    expect(await dispatchPendingEmails({ db, jobs: deps.jobs, now: clock.now() })).toBeGreaterThanOrEqual(1);
    const sent = await deliverQueued();
    expect(sent.filter((message) => message.to === to).map((message) => message.subject)).toEqual([
      "Confirm your e-mail address for Cobro",
    ]);
  });

  it("keeps a message whose send failed pending for the retry, which then sends it", async () => {
    const to = uniqueEmail("retry");
    const emailId = await queueEmail({
      db,
      dedupeKey: `account-exists:test:${randomUUID()}`,
      kind: "account_exists",
      to,
      locale: "en",
      payload: {},
      now: clock.now(),
    });
    const failing = { ...deps, mailer: { send: () => Promise.reject(new Error("421 try later")), close() {} } };
    await expect(sendOutboundEmail({ deps: failing, emailId: emailId ?? "" })).rejects.toThrow(/421 try later/);
    const row = await db
      .selectFrom("outbound_emails")
      .selectAll()
      .where("id", "=", emailId ?? "")
      .executeTakeFirst();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lease_until: null, last_error: "421 try later" });
    expect(await sendOutboundEmail({ deps, emailId: emailId ?? "" })).toBe("sent");
    expect(deps.sentMails.filter((message) => message.to === to)).toHaveLength(1);
  });
});

/** A provider payment body with the fields the mirror reads. */
function approvedPayment(id: number, externalReference: string, email: string): Payment {
  return {
    id,
    date_created: "2026-01-15T09:00:00.000-03:00",
    date_last_updated: "2026-01-15T09:00:00.000-03:00",
    payment_method_id: "visa",
    payment_type_id: "credit_card",
    status: "approved",
    status_detail: "accredited",
    currency_id: "ARS",
    transaction_amount: 2500,
    transaction_amount_refunded: 0,
    installments: 1,
    external_reference: externalReference,
    payer: { email },
  } as Payment;
}

let nextPaymentId = 81_000_000_000;

async function guestCheckout(payerEmail: string) {
  return db
    .insertInto("checkouts")
    .values({
      items: toJsonb([{ productId: randomUUID(), name: "Mate <gourd>", unitPriceMinor: 125_000, quantity: 2 }]),
      amount_minor: 250_000,
      currency: "ARS",
      status: "pending",
      payer_email: payerEmail,
      idempotency_key: randomUUID(),
      external_reference: `ref-${randomUUID()}`,
    })
    .returning(["id", "external_reference"])
    .executeTakeFirstOrThrow();
}

describe("order confirmation", () => {
  it("queues one e-mail however often the approval is applied, with the items, the total and a link", async () => {
    const email = uniqueEmail("buyer");
    const checkout = await guestCheckout(email);
    const payment = approvedPayment(nextPaymentId++, checkout.external_reference, email);
    await applyPaymentSnapshot({ db, payment, now: clock.now(), jobs: deps.jobs });
    await applyPaymentSnapshot({
      db,
      payment: { ...payment, date_last_updated: "2026-01-15T09:05:00.000-03:00" },
      now: clock.now(),
      jobs: deps.jobs,
    });
    await Promise.all([1, 2, 3].map(() => applyPaymentSnapshot({ db, payment, now: clock.now(), jobs: deps.jobs })));
    const rows = await db
      .selectFrom("outbound_emails")
      .selectAll()
      .where("dedupe_key", "=", orderConfirmationKey(checkout.id))
      .execute();
    expect(rows).toHaveLength(1);
    const sent = await deliverQueued();
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message?.to).toBe(email);
    expect(message?.text).toContain("2 × Mate <gourd>");
    expect(message?.html).toContain("Mate &lt;gourd&gt;");
    expect(message?.text).toMatch(/Total paid: .*2[.,]500/);
    expect(message?.text).toContain(`https://shop.example.test/checkout/result?checkout_id=${checkout.id}`);
  });
});

describe("guest orders", () => {
  it("appear in the shopper's account once they verify the payer e-mail", async () => {
    const email = uniqueEmail("guest");
    const checkout = await guestCheckout(email);
    await applyPaymentSnapshot({
      db,
      payment: approvedPayment(nextPaymentId++, checkout.external_reference, email),
      now: clock.now(),
    });
    const token = await signUpAndGetLink(email);
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect((await listOrders({ db, userId: user.id, limit: 10 })).items).toEqual([]);

    const { caller } = await createTestCaller({ deps });
    await caller.auth.verifyEmail({ token });
    const orders = await listOrders({ db, userId: user.id, limit: 10 });
    expect(orders.items.map((order) => order.checkoutId)).toEqual([checkout.id]);
    const payment = await db
      .selectFrom("payments")
      .select("user_id")
      .where("checkout_id", "=", checkout.id)
      .executeTakeFirst();
    expect(payment?.user_id).toBe(user.id);
  });

  it("join a verified shopper's account when paid with their address later, and never an unverified one's", async () => {
    const verified = uniqueEmail("verified-buyer");
    await ensureVerifiedShopper(verified);
    const later = await guestCheckout(verified);
    await applyPaymentSnapshot({
      db,
      payment: approvedPayment(nextPaymentId++, later.external_reference, verified),
      now: clock.now(),
    });
    const owner = await db.selectFrom("users").select("id").where("email", "=", verified).executeTakeFirstOrThrow();
    expect((await listOrders({ db, userId: owner.id, limit: 10 })).items.map((o) => o.checkoutId)).toEqual([later.id]);

    const unverified = uniqueEmail("unverified-buyer");
    await signUpAndGetLink(unverified);
    const stranger = await guestCheckout(unverified);
    await applyPaymentSnapshot({
      db,
      payment: approvedPayment(nextPaymentId++, stranger.external_reference, unverified),
      now: clock.now(),
    });
    const row = await db.selectFrom("checkouts").select("user_id").where("id", "=", stranger.id).executeTakeFirst();
    expect(row?.user_id).toBeNull();
  });
});

async function ensureVerifiedShopper(email: string): Promise<void> {
  const token = await signUpAndGetLink(email);
  const { caller } = await createTestCaller({ deps });
  await caller.auth.verifyEmail({ token });
}
