// Sign-up without revealing accounts: the answer is the same whether or not
// the address has an account ("we sent a link to …"), and so is the work
// (a password hash either way). A new address gets an account, unverified,
// and a verification link; an address that has an account gets a "someone
// tried to sign up with your address" e-mail instead. Nobody is signed in
// here: following the link signs the new user in (verify-email.ts).

import { randomUUID } from "node:crypto";
import { type EmailLocale, type EmailSentResult, normalizeEmail } from "@cobro/contracts";
import { sql } from "kysely";
import { hashPassword } from "../../auth/passwords";
import type { AppDeps } from "../../deps";
import { consumeRateLimit } from "../../rate-limits/limiter";
import { EMAILS_PER_RECIPIENT } from "../../rate-limits/rules";
import { dispatchEmail, queueEmail, queueLinkEmail } from "../email/outbox";

export interface SignUpOptions {
  deps: Pick<AppDeps, "db" | "jobs" | "tokenEncryptionKey" | "now">;
  email: string;
  password: string;
  name: string;
  locale?: EmailLocale;
}

export async function signUp(options: SignUpOptions): Promise<EmailSentResult> {
  const { db, jobs, tokenEncryptionKey } = options.deps;
  const email = normalizeEmail(options.email);
  const now = options.deps.now();
  const locale = options.locale ?? null;
  // Hashed whatever happens next, so an existing address answers as slowly as a new one.
  const passwordHash = await hashPassword(options.password);

  const existing = await db
    .selectFrom("users")
    .select(["id", "locale"])
    .where(sql<string>`lower(email)`, "=", email)
    .executeTakeFirst();

  let emailId: string | null = null;
  if (existing) {
    // The owner hears about it (a bounded number of times per hour); the form learns nothing.
    const limit = await consumeRateLimit(db, EMAILS_PER_RECIPIENT, email);
    if (!limit.limited) {
      emailId = await queueEmail({
        db,
        dedupeKey: `account-exists:${existing.id}:${randomUUID()}`,
        kind: "account_exists",
        to: email,
        locale: existing.locale ?? locale,
        payload: {},
        now,
      });
    }
  } else {
    emailId = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("users")
        .values({
          email,
          password_hash: passwordHash,
          name: options.name.trim(),
          role: "shopper",
          locale,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning(["id", "name"])
        .executeTakeFirst();
      // A sign-up for the same address won the race: that one sends the link.
      if (!inserted) return null;
      return queueLinkEmail({
        db: trx,
        purpose: "verify_email",
        user: { id: inserted.id, email },
        locale,
        payload: { name: inserted.name },
        tokenEncryptionKey,
        now,
      });
    });
  }
  await dispatchEmail(jobs, emailId);
  return { email, sent: true };
}
