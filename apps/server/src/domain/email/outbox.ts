// The e-mail outbox. A message is an intent written in the same transaction
// as the event that causes it (a sign-up, a reset request, a payment's
// approval), under a unique key (`order-confirmation:<checkoutId>`): the event
// seen twice writes one row. After the commit the caller enqueues a send job;
// a sweep every minute enqueues whatever was left pending (a crash between
// commit and enqueue). The job claims the row under a lease, so several
// server instances send each message once (send-outbound-email.ts).
import { type Kysely, sql } from "kysely";
import { encryptSecret } from "../../crypto/token-encryption";
import { type DB, type EmailLocale, toJsonb } from "../../db/schema";
import type { JobQueue } from "../../deps";
import { SEND_EMAIL_JOB, sendEmailJobKey } from "../../jobs/job-names";
import { createEmailToken, type EmailTokenPurpose } from "./email-tokens";

export type EmailKind =
  | "verify_email"
  | "account_exists"
  | "reset_password"
  | "order_confirmation"
  | "ticket_pending"
  | "staff_invitation";

export interface QueueEmailOptions {
  /** A transaction (or the pool) of the event that causes the message. */
  db: Kysely<DB>;
  dedupeKey: string;
  kind: EmailKind;
  to: string;
  /** The recipient's chosen language; null: the store's. */
  locale: EmailLocale | null;
  payload: Record<string, unknown>;
  /**
   * A link token to put in the message. It is stored encrypted (AES-256-GCM with the server's key, bound to the
   * dedupe key) and erased once the message is sent: the database never holds a usable link in the clear.
   */
  linkToken?: { token: string; key: Uint8Array };
  now: Date;
}

/** Records one intended message; returns its id, or null when one with the same key already exists. */
export async function queueEmail(options: QueueEmailOptions): Promise<string | null> {
  const payload = { ...options.payload };
  if (options.linkToken) {
    payload.tokenCiphertext = encryptSecret(options.linkToken.key, options.linkToken.token, options.dedupeKey);
  }
  const row = await options.db
    .insertInto("outbound_emails")
    .values({
      dedupe_key: options.dedupeKey,
      kind: options.kind,
      to_email: options.to,
      locale: options.locale,
      payload: toJsonb(payload),
      created_at: options.now,
    })
    .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Makes a one-time link for a user and records the message that carries it (verification or reset), in the
 * caller's transaction; returns the outbox row's id.
 */
export async function queueLinkEmail(options: {
  db: Kysely<DB>;
  purpose: EmailTokenPurpose;
  user: { id: string; email: string };
  locale: EmailLocale | null;
  payload: Record<string, unknown>;
  tokenEncryptionKey: Uint8Array;
  now: Date;
}): Promise<string | null> {
  const { db, purpose, user, now } = options;
  const { token, tokenHash } = await createEmailToken({ db, userId: user.id, email: user.email, purpose, now });
  return queueEmail({
    db,
    dedupeKey: `${purpose.replace("_", "-")}:${tokenHash}`,
    kind: purpose,
    to: user.email,
    locale: options.locale,
    payload: options.payload,
    linkToken: { token, key: options.tokenEncryptionKey },
    now,
  });
}

/**
 * Enqueues the send job of a committed outbox row (one job per message, however often it is called). Never
 * throws: the event that caused the message is committed already, and if the queue cannot be reached now the
 * minute sweep (`dispatchPendingEmails`) enqueues it.
 */
export async function dispatchEmail(jobs: JobQueue, emailId: string | null): Promise<void> {
  if (emailId === null) return;
  try {
    await jobs.enqueue(SEND_EMAIL_JOB, { emailId }, { singletonKey: sendEmailJobKey(emailId) });
  } catch {
    // Left pending: the sweep sends it.
  }
}

/** Pending messages older than this with no live lease are re-enqueued by the sweep. */
const SWEEP_GRACE_MS = 30_000;

/** The minute sweep: enqueues a send job for every pending message whose job may have been lost. */
export async function dispatchPendingEmails(options: {
  db: Kysely<DB>;
  jobs: JobQueue;
  now: Date;
  limit?: number;
}): Promise<number> {
  const rows = await options.db
    .selectFrom("outbound_emails")
    .select("id")
    .where("status", "=", "pending")
    .where("created_at", "<", new Date(options.now.getTime() - SWEEP_GRACE_MS))
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", options.now)]))
    .orderBy("created_at")
    .limit(options.limit ?? 100)
    .execute();
  for (const row of rows) await dispatchEmail(options.jobs, row.id);
  return rows.length;
}

/** How long a sent message keeps what it said (items, names); the row itself stays, so its key still dedupes. */
export const SENT_EMAIL_PAYLOAD_RETENTION_DAYS = 30;

/**
 * Blanks the payload of messages sent more than `olderThan` ago (the hourly prune job). The row and its dedupe key
 * stay: an order's approval seen again in a year must still not send a second confirmation.
 */
export async function redactSentEmails(options: { db: Kysely<DB>; olderThan: Date }): Promise<number> {
  const result = await options.db
    .updateTable("outbound_emails")
    .set({ payload: toJsonb({}) })
    .where("status", "=", "sent")
    .where("sent_at", "<", options.olderThan)
    .where(sql<boolean>`payload <> '{}'::jsonb`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
