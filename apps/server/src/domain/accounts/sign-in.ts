// Email + password sign-in, throttled in PostgreSQL so limits hold across
// server instances.
//
// - Unknown email and wrong password get the same error, and both verify a
//   password hash (a dummy one for unknown emails), so neither the answer nor
//   its timing tells whether an account exists.
// - Failed attempts are limited per account (5 per 15 minutes) and per client
//   IP (20 per 15 minutes). Every attempt is counted before the password is
//   checked (so parallel guesses cannot slip past the limit); a successful one
//   clears the account's count and takes back its IP hit.
import { randomBytes } from "node:crypto";
import { normalizeEmail } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { DEFAULT_SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from "../../auth/passwords";
import { createSession, type Session, type SessionUser } from "../../auth/sessions";
import {
  clearRateLimit,
  hitRateLimit,
  peekRateLimit,
  type RateLimitRule,
  undoRateLimitHit,
} from "../../db/rate-limit-buckets";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
export const SIGN_IN_ACCOUNT_RULE: RateLimitRule = { limit: 5, windowMs: FIFTEEN_MINUTES_MS };
export const SIGN_IN_IP_RULE: RateLimitRule = { limit: 20, windowMs: FIFTEEN_MINUTES_MS };

export const INVALID_CREDENTIALS_MESSAGE = "Incorrect email or password.";

// Same parameters as real hashes, so verifying against it costs the same.
// The key is random: no password matches it.
const DUMMY_PASSWORD_HASH = `$scrypt$ln=${DEFAULT_SCRYPT_PARAMS.logN},r=${DEFAULT_SCRYPT_PARAMS.r},p=${DEFAULT_SCRYPT_PARAMS.p}$${randomBytes(16).toString("base64").replace(/=+$/, "")}$${randomBytes(32).toString("base64").replace(/=+$/, "")}`;

export interface SignInOptions {
  db: Kysely<DB>;
  email: string;
  password: string;
  /** The client's IP address; null skips the per-IP limit (e.g. unknown behind a proxy). */
  clientIp: string | null;
  now?: Date;
}

export async function signIn(options: SignInOptions): Promise<{ user: SessionUser; token: string; session: Session }> {
  const { db, clientIp } = options;
  const email = normalizeEmail(options.email);
  const now = options.now ?? new Date();
  const limits: Array<{ key: string; rule: RateLimitRule }> = [
    { key: `sign-in:account:${email}`, rule: SIGN_IN_ACCOUNT_RULE },
  ];
  if (clientIp) limits.push({ key: `sign-in:ip:${clientIp}`, rule: SIGN_IN_IP_RULE });

  // Already over a limit: refuse without counting, so a locked-out user's
  // retries do not push the unlock further away.
  const before = await Promise.all(limits.map((limit) => peekRateLimit({ db, ...limit, now })));
  throwIfLimited(before);
  throwIfLimited(await Promise.all(limits.map((limit) => hitRateLimit({ db, ...limit, now }))));

  const user = await db
    .selectFrom("users")
    .select(["id", "email", "name", "role", "password_hash"])
    .where(sql<string>`lower(email)`, "=", email)
    .executeTakeFirst();
  const passwordMatches = await verifyPassword(options.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !passwordMatches) {
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS_MESSAGE);
  }

  await clearRateLimit({ db, key: `sign-in:account:${email}` });
  if (clientIp) await undoRateLimitHit({ db, key: `sign-in:ip:${clientIp}`, windowMs: SIGN_IN_IP_RULE.windowMs, now });

  if (needsRehash(user.password_hash)) {
    const upgraded = await hashPassword(options.password);
    await db.updateTable("users").set({ password_hash: upgraded, updated_at: now }).where("id", "=", user.id).execute();
  }

  const { token, session } = await createSession({ db, userId: user.id, now });
  return { user: { id: user.id, email: user.email, name: user.name, role: user.role }, token, session };
}

function throwIfLimited(states: Array<{ limited: boolean; retryAfterSeconds: number }>): void {
  const limited = states.filter((state) => state.limited);
  if (limited.length === 0) return;
  const retryAfterSeconds = Math.max(...limited.map((state) => state.retryAfterSeconds));
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  throw new AppError(
    "TOO_MANY_REQUESTS",
    `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfterSeconds },
  );
}
