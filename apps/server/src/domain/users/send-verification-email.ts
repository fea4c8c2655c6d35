// "Resend the link": a new verification link for the signed-in user's address
// (at most EMAILS_PER_RECIPIENT per hour; over it, the answer is the same and
// nothing is sent). Older links keep working until they expire.
import type { EmailSentResult } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { consumeRateLimit } from "../../rate-limits/limiter";
import { EMAILS_PER_RECIPIENT } from "../../rate-limits/rules";
import { dispatchEmail, queueLinkEmail } from "../email/outbox";

export async function sendVerificationEmail(options: {
  deps: Pick<AppDeps, "db" | "jobs" | "tokenEncryptionKey" | "now">;
  userId: string;
}): Promise<EmailSentResult> {
  const { db, jobs, tokenEncryptionKey } = options.deps;
  const now = options.deps.now();
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "name", "locale", "email_verified_at"])
    .where("id", "=", options.userId)
    .executeTakeFirstOrThrow();
  if (user.email_verified_at !== null) return { email: user.email, sent: true };
  const limit = await consumeRateLimit(db, EMAILS_PER_RECIPIENT, user.email);
  if (limit.limited) return { email: user.email, sent: true };
  const emailId = await db.transaction().execute(async (trx) => {
    return queueLinkEmail({
      db: trx,
      purpose: "verify_email",
      user,
      locale: user.locale,
      payload: { name: user.name },
      tokenEncryptionKey,
      now,
    });
  });
  await dispatchEmail(jobs, emailId);
  return { email: user.email, sent: true };
}

/** Whether the user has proved their address. */
export async function getEmailVerificationStatus(options: {
  deps: Pick<AppDeps, "db">;
  userId: string;
}): Promise<{ email: string; verified: boolean }> {
  const user = await options.deps.db
    .selectFrom("users")
    .select(["email", "email_verified_at"])
    .where("id", "=", options.userId)
    .executeTakeFirstOrThrow();
  return { email: user.email, verified: user.email_verified_at !== null };
}
