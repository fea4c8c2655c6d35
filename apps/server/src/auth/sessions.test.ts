import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database";
import { createTestUser } from "../test/test-users";
import {
  createSession,
  deleteExpiredSessions,
  deleteSessionCookie,
  generateSessionToken,
  hashSessionToken,
  invalidateSession,
  invalidateUserSessions,
  readSessionToken,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_COOKIE_NAME,
  SESSION_LIFETIME_MS,
  setSessionCookie,
  shouldUseSecureCookies,
  validateSessionToken,
} from "./sessions";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-03-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe("session tokens", () => {
  it("are 20 random bytes in lower-case base32 (160 bits), never repeating", () => {
    const tokens = new Set(Array.from({ length: 500 }, () => generateSessionToken()));
    expect(tokens.size).toBe(500);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
    // Every symbol of the alphabet shows up: the encoding spreads the randomness.
    expect(new Set([...tokens].join("")).size).toBe(32);
  });

  it("are stored only as their SHA-256 hex", async () => {
    const user = await createTestUser({ db });
    const { token, session } = await createSession({ db, userId: user.id, now: T0 });
    const expectedId = encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
    expect(session.id).toBe(expectedId);
    expect(hashSessionToken(token)).toBe(expectedId);
    const rows = await db.selectFrom("sessions").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(expectedId);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe("validateSessionToken", () => {
  it("returns the user and session for a valid token", async () => {
    const user = await createTestUser({ db, role: "admin", name: "Ada" });
    const { token } = await createSession({ db, userId: user.id, now: T0 });
    const result = await validateSessionToken({ db, token, now: at(DAY) });
    expect(result?.user).toEqual({ id: user.id, email: user.email, name: "Ada", role: "admin" });
    expect(result?.session.expiresAt).toEqual(at(SESSION_LIFETIME_MS));
    expect(result?.renewed).toBe(false);
  });

  it("returns null for unknown and malformed tokens", async () => {
    expect(await validateSessionToken({ db, token: generateSessionToken(), now: T0 })).toBeNull();
    expect(await validateSessionToken({ db, token: "not a token", now: T0 })).toBeNull();
    expect(await validateSessionToken({ db, token: "", now: T0 })).toBeNull();
  });

  it("slides the expiry forward only when less than 15 days remain", async () => {
    const user = await createTestUser({ db });
    const { token, session } = await createSession({ db, userId: user.id, now: T0 });

    const early = await validateSessionToken({ db, token, now: at(14 * DAY) });
    expect(early?.renewed).toBe(false);
    expect(early?.session.expiresAt).toEqual(session.expiresAt);

    const late = await validateSessionToken({ db, token, now: at(16 * DAY) });
    expect(late?.renewed).toBe(true);
    expect(late?.session.expiresAt).toEqual(at(16 * DAY + SESSION_LIFETIME_MS));
    const row = await db.selectFrom("sessions").select("expires_at").where("id", "=", session.id).executeTakeFirst();
    expect(row?.expires_at).toEqual(at(16 * DAY + SESSION_LIFETIME_MS));
  });

  it("expires a session left unused for 30 days and deletes it", async () => {
    const user = await createTestUser({ db });
    const { token, session } = await createSession({ db, userId: user.id, now: T0 });
    expect(await validateSessionToken({ db, token, now: at(SESSION_LIFETIME_MS) })).toBeNull();
    const row = await db.selectFrom("sessions").select("id").where("id", "=", session.id).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("ends a session at the absolute cap however active it is", async () => {
    const user = await createTestUser({ db });
    const { token } = await createSession({ db, userId: user.id, now: T0 });
    let lastExpiry = 0;
    // Used every 10 days: the sliding expiry keeps moving, but never past day 90.
    for (let day = 10; day < 90; day += 10) {
      const result = await validateSessionToken({ db, token, now: at(day * DAY) });
      expect(result, `day ${day}`).not.toBeNull();
      lastExpiry = result?.session.expiresAt.getTime() ?? 0;
      expect(lastExpiry).toBeLessThanOrEqual(at(SESSION_ABSOLUTE_LIFETIME_MS).getTime());
    }
    expect(lastExpiry).toBe(at(SESSION_ABSOLUTE_LIFETIME_MS).getTime());
    expect(await validateSessionToken({ db, token, now: at(SESSION_ABSOLUTE_LIFETIME_MS) })).toBeNull();
  });

  it("stops working after invalidateSession (sign-out)", async () => {
    const user = await createTestUser({ db });
    const { token, session } = await createSession({ db, userId: user.id, now: T0 });
    await invalidateSession({ db, sessionId: session.id });
    expect(await validateSessionToken({ db, token, now: T0 })).toBeNull();
  });

  it("ends all of a user's sessions, and only theirs, with invalidateUserSessions", async () => {
    const user = await createTestUser({ db });
    const other = await createTestUser({ db });
    const a = await createSession({ db, userId: user.id, now: T0 });
    const b = await createSession({ db, userId: user.id, now: T0 });
    const c = await createSession({ db, userId: other.id, now: T0 });
    expect(await invalidateUserSessions({ db, userId: user.id })).toBe(2);
    expect(await validateSessionToken({ db, token: a.token, now: T0 })).toBeNull();
    expect(await validateSessionToken({ db, token: b.token, now: T0 })).toBeNull();
    expect(await validateSessionToken({ db, token: c.token, now: T0 })).not.toBeNull();
  });

  it("deleteExpiredSessions removes only expired rows", async () => {
    const user = await createTestUser({ db });
    const old = await createSession({ db, userId: user.id, now: at(-40 * DAY) });
    const fresh = await createSession({ db, userId: user.id, now: T0 });
    expect(await deleteExpiredSessions({ db, now: T0 })).toBeGreaterThanOrEqual(1);
    const ids = (await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).map(
      (r) => r.id,
    );
    expect(ids).toEqual([fresh.session.id]);
    expect(ids).not.toContain(old.session.id);
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and Secure when asked, on a Hono context and on Headers", async () => {
    const app = new Hono().get("/", (c) => {
      setSessionCookie(c, "tok", new Date("2026-04-01T00:00:00Z"), true);
      return c.text("ok");
    });
    const response = await app.request("/");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${SESSION_COOKIE_NAME}=tok`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Expires=Wed, 01 Apr 2026 00:00:00 GMT/);

    const headers = new Headers();
    setSessionCookie(headers, "tok", new Date("2026-04-01T00:00:00Z"), false);
    deleteSessionCookie(headers, false);
    const [set, cleared] = headers.getSetCookie();
    expect(set).not.toMatch(/Secure/);
    expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=;.*Max-Age=0`));
  });

  it("is Secure everywhere but plain-HTTP localhost", () => {
    expect(shouldUseSecureCookies("http://127.0.0.1:3000")).toBe(false);
    expect(shouldUseSecureCookies("http://localhost:3000")).toBe(false);
    expect(shouldUseSecureCookies("http://[::1]:3000")).toBe(false);
    expect(shouldUseSecureCookies("https://localhost:3000")).toBe(true);
    expect(shouldUseSecureCookies("https://shop.example.com")).toBe(true);
    expect(shouldUseSecureCookies("http://shop.example.com")).toBe(true);
  });

  it("is read from a Cookie header among others", async () => {
    const app = new Hono().get("/", (c) => c.json({ token: readSessionToken(c) }));
    const tokenFor = async (cookie?: string) =>
      ((await (await app.request("/", cookie ? { headers: { cookie } } : {})).json()) as { token: string | null })
        .token;
    expect(await tokenFor(`a=1; ${SESSION_COOKIE_NAME}=abc; b=2`)).toBe("abc");
    expect(await tokenFor("a=1")).toBeNull();
    expect(await tokenFor(`${SESSION_COOKIE_NAME}=`)).toBeNull();
    expect(await tokenFor()).toBeNull();
  });
});
