// Database sessions, implemented from Lucia's session guide (the `lucia`
// package itself is end-of-life).
//
// - The token (cookie value) is 20 random bytes (160 bits) in lower-case
//   base32 without padding: 32 characters.
// - Only SHA-256(token), in hex, is stored as the session id, so a leaked
//   sessions table (or backup) holds no usable credential.
// - Sliding expiry: 30 days, pushed forward when less than 15 days remain.
// - Absolute cap: 90 days after creation the session dies whatever its use.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { Context } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import type { Kysely } from "kysely";
import type { DB, UserRole } from "../db/schema";

export const SESSION_COOKIE_NAME = "cobro_session";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
export const SESSION_RENEW_THRESHOLD_MS = 15 * DAY_MS;
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;

const TOKEN_BYTES = 20;
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

export interface Session {
  /** SHA-256 hex of the token. */
  id: string;
  userId: string;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  createdAt: Date;
}

/** What the rest of the server may know about the signed-in user. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
  /** True when this validation pushed `expiresAt` forward: send the cookie again. */
  renewed: boolean;
}

/** A new random session token (the cookie value; never stored). */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The session id stored for a token: lower-case hex SHA-256 of its UTF-8 bytes. */
export function hashSessionToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Creates a session for a user and returns the token to put in the cookie. */
export async function createSession(options: {
  db: Kysely<DB>;
  userId: string;
  now?: Date;
}): Promise<{ token: string; session: Session }> {
  const now = options.now ?? new Date();
  const token = generateSessionToken();
  const session: Session = {
    id: hashSessionToken(token),
    userId: options.userId,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
    createdAt: now,
  };
  await options.db
    .insertInto("sessions")
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
      created_at: session.createdAt,
    })
    .execute();
  return { token, session };
}

/**
 * Looks a token up; returns null when it is malformed, unknown or expired
 * (expired rows are deleted on the way). Renews the sliding expiry when less
 * than 15 days remain, never past the absolute cap.
 */
export async function validateSessionToken(options: {
  db: Kysely<DB>;
  token: string;
  now?: Date;
}): Promise<ValidatedSession | null> {
  if (!TOKEN_PATTERN.test(options.token)) return null;
  const now = options.now ?? new Date();
  const sessionId = hashSessionToken(options.token);
  const row = await options.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id",
      "sessions.user_id",
      "sessions.expires_at",
      "sessions.absolute_expires_at",
      "sessions.created_at",
      "users.email",
      "users.name",
      "users.role",
    ])
    .where("sessions.id", "=", sessionId)
    // A disabled user's sessions stop working at once (they are also deleted when the user is disabled).
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;

  const nowMs = now.getTime();
  if (nowMs >= row.expires_at.getTime() || nowMs >= row.absolute_expires_at.getTime()) {
    await invalidateSession({ db: options.db, sessionId });
    return null;
  }

  const session: Session = {
    id: row.id,
    userId: row.user_id,
    expiresAt: row.expires_at,
    absoluteExpiresAt: row.absolute_expires_at,
    createdAt: row.created_at,
  };
  let renewed = false;
  if (session.expiresAt.getTime() - nowMs < SESSION_RENEW_THRESHOLD_MS) {
    const renewedExpiry = Math.min(nowMs + SESSION_LIFETIME_MS, session.absoluteExpiresAt.getTime());
    if (renewedExpiry > session.expiresAt.getTime()) {
      session.expiresAt = new Date(renewedExpiry);
      await options.db
        .updateTable("sessions")
        .set({ expires_at: session.expiresAt })
        .where("id", "=", session.id)
        .execute();
      renewed = true;
    }
  }
  return {
    session,
    user: { id: row.user_id, email: row.email, name: row.name, role: row.role },
    renewed,
  };
}

/** Deletes one session (sign-out). */
export async function invalidateSession(options: { db: Kysely<DB>; sessionId: string }): Promise<void> {
  await options.db.deleteFrom("sessions").where("id", "=", options.sessionId).execute();
}

/** Deletes every session of a user (role change, "sign out everywhere"). */
export async function invalidateUserSessions(options: { db: Kysely<DB>; userId: string }): Promise<number> {
  const result = await options.db.deleteFrom("sessions").where("user_id", "=", options.userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions past either expiry; for a periodic cleanup job. Returns how many went. */
export async function deleteExpiredSessions(options: { db: Kysely<DB>; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const result = await options.db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("absolute_expires_at", "<=", now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Whether session cookies get `Secure`: everywhere but plain-HTTP localhost
 * development (browsers only accept Secure cookies over HTTPS, except on
 * localhost).
 */
export function shouldUseSecureCookies(publicUrl: string): boolean {
  const { protocol, hostname } = new URL(publicUrl);
  if (protocol === "https:") return true;
  return !(hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname));
}

/** Where a Set-Cookie goes: a Hono context, or the response headers of a tRPC request. */
export type CookieTarget = Context | Headers;

/** Sets the session cookie (HttpOnly, SameSite=Lax, Path=/, Secure when asked). */
export function setSessionCookie(target: CookieTarget, token: string, expiresAt: Date, secure: boolean): void {
  appendSetCookie(
    target,
    generateCookie(SESSION_COOKIE_NAME, token, {
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      secure,
      expires: expiresAt,
    }),
  );
}

/** Clears the session cookie in the browser. */
export function deleteSessionCookie(target: CookieTarget, secure: boolean): void {
  appendSetCookie(
    target,
    generateCookie(SESSION_COOKIE_NAME, "", { httpOnly: true, sameSite: "Lax", path: "/", secure, maxAge: 0 }),
  );
}

/** The session token from the request's Cookie header, if any (an empty value counts as none). */
export function readSessionToken(c: Context): string | null {
  const value = getCookie(c, SESSION_COOKIE_NAME);
  return value ? value : null;
}

function appendSetCookie(target: CookieTarget, cookie: string): void {
  // Duck-typed: a Hono context has header(); Headers classes differ across realms.
  if ("header" in target && typeof target.header === "function") {
    target.header("Set-Cookie", cookie, { append: true });
  } else {
    (target as Headers).append("Set-Cookie", cookie);
  }
}
