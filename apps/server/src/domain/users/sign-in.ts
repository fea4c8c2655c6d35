// Email + password sign-in.
//
// - Unknown email and wrong password get the same error, and both verify a
//   password hash (a dummy one for unknown emails), so neither the answer nor
//   its timing tells whether an account exists.
// - Failures are throttled per account + client address with a growing wait,
//   per address across accounts, and per account overall
//   (sign-in-throttle.ts), so a stranger's guesses cannot lock the owner out.
import { randomBytes } from "node:crypto";
import { normalizeEmail } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { DEFAULT_SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from "../../auth/passwords";
import { createSession, type Session, type SessionUser } from "../../auth/sessions";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { beginSignInAttempt } from "./sign-in-throttle";

export const INVALID_CREDENTIALS_MESSAGE = "Incorrect email or password.";

// Same parameters as real hashes, so verifying against it costs the same.
// The key is random: no password matches it.
const DUMMY_PASSWORD_HASH = `$scrypt$ln=${DEFAULT_SCRYPT_PARAMS.logN},r=${DEFAULT_SCRYPT_PARAMS.r},p=${DEFAULT_SCRYPT_PARAMS.p}$${randomBytes(16).toString("base64").replace(/=+$/, "")}$${randomBytes(32).toString("base64").replace(/=+$/, "")}`;

export interface SignInOptions {
  db: Kysely<DB>;
  email: string;
  password: string;
  /** The client's IP address (http/trust-proxy.ts); null when unknown. */
  clientIp: string | null;
  now?: Date;
}

export async function signIn(options: SignInOptions): Promise<{ user: SessionUser; token: string; session: Session }> {
  const { db, clientIp } = options;
  const email = normalizeEmail(options.email);
  const now = options.now ?? new Date();
  const attempt = await beginSignInAttempt({ db, email, clientIp });

  const user = await db
    .selectFrom("users")
    .select(["id", "email", "name", "role", "password_hash", "disabled_at"])
    .where(sql<string>`lower(email)`, "=", email)
    .executeTakeFirst();
  const passwordMatches = await verifyPassword(options.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !passwordMatches) {
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS_MESSAGE);
  }
  if (user.disabled_at !== null) {
    // Only after the right password: a stranger learns nothing about the account.
    throw new AppError("FORBIDDEN", "This account is disabled. Ask an admin to enable it.", {
      reason: "account_disabled",
    });
  }

  await attempt.succeeded();

  if (needsRehash(user.password_hash)) {
    const upgraded = await hashPassword(options.password);
    await db.updateTable("users").set({ password_hash: upgraded, updated_at: now }).where("id", "=", user.id).execute();
  }

  const { token, session } = await createSession({ db, userId: user.id, now });
  return { user: { id: user.id, email: user.email, name: user.name, role: user.role }, token, session };
}
