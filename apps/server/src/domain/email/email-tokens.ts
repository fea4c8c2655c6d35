// One-time links: a random token goes into the e-mail, only its SHA-256 is
// stored. Consuming one is a single UPDATE … WHERE used_at IS NULL AND not
// expired, so two clicks racing each other cannot both win.
import { randomBytes } from "node:crypto";
import type { UserRole } from "@cobro/contracts";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { Kysely } from "kysely";
import type { DB, EmailTokensTable } from "../../db/schema";
import { AppError } from "../../errors/app-error";

export type EmailTokenPurpose = EmailTokensTable["purpose"];

/** How long each kind of link works. */
export const EMAIL_TOKEN_LIFETIME_MS: Readonly<Record<EmailTokenPurpose, number>> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

export const LINK_EXPIRED_MESSAGE = "This link was already used or has expired. Ask for a new one.";

export function hashEmailToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** A new random link token (for the e-mail only) and the hash that is stored in its place. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = encodeBase64urlNoPadding(new Uint8Array(randomBytes(32)));
  return { token, tokenHash: hashEmailToken(token) };
}

/** Creates a link token for a user; returns the raw token (for the e-mail only) and its hash. */
export async function createEmailToken(options: {
  db: Kysely<DB>;
  userId: string;
  email: string;
  purpose: EmailTokenPurpose;
  now: Date;
}): Promise<{ token: string; tokenHash: string; expiresAt: Date }> {
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(options.now.getTime() + EMAIL_TOKEN_LIFETIME_MS[options.purpose]);
  await options.db
    .insertInto("email_tokens")
    .values({
      token_hash: tokenHash,
      user_id: options.userId,
      purpose: options.purpose,
      email: options.email,
      expires_at: expiresAt,
      created_at: options.now,
    })
    .execute();
  return { token, tokenHash, expiresAt };
}

/**
 * Uses a link once. Throws a 400 with reason `link_expired` for an unknown,
 * used or expired token (one answer for all three).
 */
export async function consumeEmailToken(options: {
  db: Kysely<DB>;
  token: string;
  purpose: EmailTokenPurpose;
  now: Date;
}): Promise<{ userId: string; email: string }> {
  const row = await options.db
    .updateTable("email_tokens")
    .set({ used_at: options.now })
    .where("token_hash", "=", hashEmailToken(options.token))
    .where("purpose", "=", options.purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", options.now)
    .returning(["user_id", "email"])
    .executeTakeFirst();
  if (!row) throw new AppError("BAD_REQUEST", LINK_EXPIRED_MESSAGE, { reason: "link_expired", field: "token" });
  return { userId: row.user_id, email: row.email };
}

/** The account a link was sent to, locked for the rest of the transaction that used the link. */
export interface LinkedAccount {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  emailVerifiedAt: Date | null;
}

/**
 * Uses a link once (see `consumeEmailToken`) and returns its account, locked `FOR UPDATE`, when the account still
 * has the address the link was sent to (a changed address makes the link `link_expired`) and is not disabled (403).
 */
export async function consumeLinkForAccount(options: {
  db: Kysely<DB>;
  token: string;
  purpose: EmailTokenPurpose;
  now: Date;
}): Promise<LinkedAccount> {
  const link = await consumeEmailToken(options);
  const user = await options.db
    .selectFrom("users")
    .select(["id", "email", "name", "role", "disabled_at", "email_verified_at"])
    .where("id", "=", link.userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // The address changed since the link was sent: the link proves an address the account no longer has.
  if (user.email !== link.email) {
    throw new AppError("BAD_REQUEST", LINK_EXPIRED_MESSAGE, { reason: "link_expired", field: "token" });
  }
  if (user.disabled_at !== null) {
    throw new AppError("FORBIDDEN", "This account is disabled. Ask an admin to enable it.", {
      reason: "account_disabled",
    });
  }
  return { id: user.id, email: user.email, name: user.name, role: user.role, emailVerifiedAt: user.email_verified_at };
}

/** Ends a user's other open links of a purpose (a password change makes older reset links useless). */
export async function revokeEmailTokens(options: {
  db: Kysely<DB>;
  userId: string;
  purpose: EmailTokenPurpose;
  now: Date;
}): Promise<void> {
  await options.db
    .updateTable("email_tokens")
    .set({ used_at: options.now })
    .where("user_id", "=", options.userId)
    .where("purpose", "=", options.purpose)
    .where("used_at", "is", null)
    .execute();
}

/** Deletes links past their expiry (the hourly prune job). */
export async function deleteExpiredEmailTokens(options: { db: Kysely<DB>; now: Date }): Promise<void> {
  await options.db.deleteFrom("email_tokens").where("expires_at", "<", options.now).execute();
}
