// "Forgot your password?": the answer is always "if an account exists for …,
// we sent a link". An account (not disabled) gets a reset link that works
// once for an hour, at most EMAILS_PER_RECIPIENT messages an hour.
import { type EmailLocale, type EmailSentResult, normalizeEmail } from "@cobro/contracts";
import { sql } from "kysely";
import type { AppDeps } from "../../deps";
import { consumeRateLimit } from "../../rate-limits/limiter";
import { EMAILS_PER_RECIPIENT } from "../../rate-limits/rules";
import { dispatchEmail, queueLinkEmail } from "../email/outbox";

export async function requestPasswordReset(options: {
  deps: Pick<AppDeps, "db" | "jobs" | "tokenEncryptionKey" | "now">;
  email: string;
  locale?: EmailLocale;
}): Promise<EmailSentResult> {
  const { db, jobs, tokenEncryptionKey } = options.deps;
  const email = normalizeEmail(options.email);
  const now = options.deps.now();
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "locale", "disabled_at"])
    .where(sql<string>`lower(email)`, "=", email)
    .executeTakeFirst();
  if (!user || user.disabled_at !== null) return { email, sent: true };
  const limit = await consumeRateLimit(db, EMAILS_PER_RECIPIENT, email);
  if (limit.limited) return { email, sent: true };
  const emailId = await db.transaction().execute(async (trx) => {
    return queueLinkEmail({
      db: trx,
      purpose: "reset_password",
      user,
      locale: user.locale ?? options.locale ?? null,
      payload: {},
      tokenEncryptionKey,
      now,
    });
  });
  await dispatchEmail(jobs, emailId);
  return { email, sent: true };
}
