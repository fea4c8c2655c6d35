// The tRPC core over real HTTP requests through Hono and @hono/trpc-server:
// cookies reach the browser, errors come back with the mapped status, the
// field names and no internals.
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE_NAME, SESSION_LIFETIME_MS } from "../auth/sessions";
import { createDatabase } from "../db/database";
import type { AppDeps } from "../deps";
import { GENERIC_INTERNAL_MESSAGE } from "../errors/app-error";
import { createCapturingLogger } from "../test/capture-logs";
import { createTestClock } from "../test/test-clock";
import { createTestDatabase, MISCONFIGURED_DATABASE_ERROR, misconfiguredDatabaseUrl } from "../test/test-database";
import { createTestDeps } from "../test/test-deps";
import { createTestUser, signInAs, TEST_PASSWORD, uniqueEmail } from "../test/test-users";
import { appRouter } from "./router";
import { createTrpcContext } from "./trpc";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
const clock = createTestClock();
const deps = createTestDeps({ db, now: clock.now });

function createApp(appDeps: AppDeps) {
  return new Hono().use(
    "/trpc/*",
    trpcServer({ router: appRouter, createContext: createTrpcContext(appDeps), maxBatchSize: 10 }),
  );
}
const app = createApp(deps);

function post(path: string, body: unknown, cookie?: string) {
  return app.request(`/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

interface ErrorBody {
  error: {
    message: string;
    code: number;
    data: {
      code: string;
      httpStatus: number;
      appCode: string;
      field: string | null;
      fieldErrors: Record<string, string[]> | null;
      retryAfterSeconds: number | null;
      stack?: string;
    };
  };
}

describe("tRPC over HTTP", () => {
  it("signs in and sends the session cookie in the response", async () => {
    const user = await createTestUser({ db });
    const response = await post("auth.signIn", { email: user.email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=[a-z2-7]{32};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const me = await app.request("/trpc/auth.me", { headers: { cookie: cookie.split(";")[0] ?? "" } });
    expect(await me.json()).toEqual({ result: { data: { user } } });
  });

  it("re-sends the cookie when the sliding expiry moves", async () => {
    const { user } = await signInAs({ db });
    const { token } = await createSession({
      db,
      userId: user.id,
      now: new Date(clock.now().getTime() - 20 * 86_400_000),
    });
    const response = await app.request("/trpc/auth.me", { headers: { cookie: `${SESSION_COOKIE_NAME}=${token}` } });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${SESSION_COOKIE_NAME}=${token}`);
    expect(cookie).toContain(`Expires=${new Date(clock.now().getTime() + SESSION_LIFETIME_MS).toUTCString()}`);
  });

  it("answers invalid input with 400 and fieldErrors naming each field", async () => {
    const response = await post("auth.signUp", { email: "not-an-email", password: "short", name: "" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.data.code).toBe("BAD_REQUEST");
    expect(body.error.data.appCode).toBe("BAD_REQUEST");
    expect(body.error.data.fieldErrors).toEqual({
      email: ["Enter a valid email address"],
      password: ["Password must be at least 8 characters"],
      name: ["Enter your name"],
    });
    expect(body.error.message).toBe("email: Enter a valid email address (and 2 more fields)");
    expect(body.error.data.stack).toBeUndefined();
  });

  it("answers sign-up for a registered email with the same status and body as for a new one", async () => {
    const existing = await createTestUser({ db });
    const fresh = `fresh-${Date.now()}@example.test`;
    // The same address shape on both sides, so the bodies differ only if the answer does.
    const forExisting = await post("auth.signUp", { email: existing.email, password: "long-enough", name: "Dup" });
    const forNew = await post("auth.signUp", { email: fresh, password: "long-enough", name: "New" });
    expect(forExisting.status).toBe(200);
    expect(forNew.status).toBe(forExisting.status);
    const existingBody = (await forExisting.json()) as { result: { data: { email: string; sent: boolean } } };
    const newBody = (await forNew.json()) as { result: { data: { email: string; sent: boolean } } };
    expect(existingBody).toEqual({ result: { data: { email: existing.email, sent: true } } });
    expect(newBody).toEqual({ result: { data: { email: fresh, sent: true } } });
    expect(forExisting.headers.get("set-cookie")).toBeNull();
    expect(forNew.headers.get("set-cookie")).toBeNull();
  });

  it("answers 401 for a protected procedure and 403 for an admin one", async () => {
    const anonymous = await post("auth.signOutEverywhere", null);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as ErrorBody).error.message).toBe("Sign in to continue.");

    const { cookie } = await signInAs({ db, role: "shopper" });
    const shopper = await app.request("/trpc/admin.users.list", { headers: { cookie } });
    expect(shopper.status).toBe(403);
    expect(((await shopper.json()) as ErrorBody).error.data.code).toBe("FORBIDDEN");
  });

  it("answers throttled sign-ins with 429 and Retry-After", async () => {
    const email = uniqueEmail("http-throttle");
    let last: Response | undefined;
    for (let attempt = 0; attempt < 6; attempt++)
      last = await post("auth.signIn", { email, password: "wrong-password" });
    expect(last?.status).toBe(429);
    const retryAfter = Number(last?.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    const body = (await last?.json()) as ErrorBody;
    expect(body.error.data.retryAfterSeconds).toBe(retryAfter);
  });

  it("hides unexpected failures behind a generic 500 (details only in the log)", async () => {
    // A database that refuses our credentials: validating the cookie throws inside createContext.
    const brokenDb = createDatabase(misconfiguredDatabaseUrl("cobro", "s3cret-password"), { onPoolError: () => {} });
    const { logger, lines } = createCapturingLogger();
    const brokenApp = createApp({ ...deps, db: brokenDb, logger });
    try {
      const response = await brokenApp.request("/trpc/auth.me", {
        headers: { cookie: `${SESSION_COOKIE_NAME}=abcdefghijklmnopqrstuvwxyz234567` },
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      const body = JSON.parse(text) as ErrorBody;
      expect(body.error.message).toBe(GENERIC_INTERNAL_MESSAGE);
      expect(body.error.data.appCode).toBe("INTERNAL");
      expect(text).not.toMatch(/authentication|s3cret|127\.0\.0\.1|stack/i);
      // The details are in the log (without the password of the connection string).
      const logged = JSON.stringify(lines.filter((line) => line.level === 50));
      expect(logged).toMatch(MISCONFIGURED_DATABASE_ERROR);
      expect(logged).not.toContain("s3cret-password");
    } finally {
      await brokenDb.destroy();
    }
  });

  it("refuses batches above maxBatchSize", async () => {
    const paths = Array.from({ length: 11 }, () => "auth.me").join(",");
    const response = await app.request(`/trpc/${paths}?batch=1&input=${encodeURIComponent("{}")}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.message).toBe("Batch call exceeds maximum size");
  });
});
