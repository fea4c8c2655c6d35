import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../auth/passwords";
import { SESSION_COOKIE_NAME, validateSessionToken } from "../../auth/sessions";
import { INVALID_CREDENTIALS_MESSAGE } from "../../domain/users/sign-in";
import { FREE_FAILURES, SIGN_IN_IP_FAILURES_RULE, waitAfterFailureSeconds } from "../../domain/users/sign-in-throttle";
import type { AppError } from "../../errors/app-error";
import { createTestClock } from "../../test/test-clock";
import { createTestDatabase } from "../../test/test-database";
import { createTestDeps } from "../../test/test-deps";
import { createTestCaller, createTestUser, signInAs, TEST_PASSWORD, uniqueEmail } from "../../test/test-users";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
const clock = createTestClock();
const deps = createTestDeps({ db, now: clock.now });

function sessionTokenFrom(resHeaders: Headers): string | null {
  for (const cookie of resHeaders.getSetCookie()) {
    const match = new RegExp(`^${SESSION_COOKIE_NAME}=([^;]*)`).exec(cookie);
    if (match) return match[1] ?? null;
  }
  return null;
}

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("auth.signUp", () => {
  it("creates an unverified shopper with a normalised email, signs nobody in and stores only a hash", async () => {
    const { caller, resHeaders } = await createTestCaller({ deps });
    const email = uniqueEmail("new");
    const result = await caller.auth.signUp({
      email: `  ${email.toUpperCase()} `,
      password: "a-long-password",
      name: " Ana ",
    });
    expect(result).toEqual({ email, sent: true });
    // No session until the e-mail link is followed.
    expect(sessionTokenFrom(resHeaders)).toBeNull();

    const row = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Ana", role: "shopper", email_verified_at: null });
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=17,/);
    expect(row.password_hash).not.toContain("a-long-password");
  });

  it("answers a registered email, whatever its case, exactly as a new one and creates no account", async () => {
    const existing = await createTestUser({ db });
    const { caller, resHeaders } = await createTestCaller({ deps });
    const result = await caller.auth.signUp({
      email: existing.email.toUpperCase(),
      password: "another-password",
      name: "Dup",
    });
    expect(result).toEqual({ email: existing.email, sent: true });
    expect(sessionTokenFrom(resHeaders)).toBeNull();
    const rows = await db.selectFrom("users").select("name").where("email", "=", existing.email).execute();
    expect(rows).toEqual([{ name: existing.name }]);
  });

  it("validates input: short password, bad email, empty name", async () => {
    const { caller } = await createTestCaller({ deps });
    const error = await rejection(caller.auth.signUp({ email: "nope", password: "short", name: " " }));
    expect(error.code).toBe("BAD_REQUEST");
    const count = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "=", "nope")
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
  });
});

describe("auth.signIn", () => {
  it("signs in with the right password and sets a new session cookie", async () => {
    const user = await createTestUser({ db });
    const { caller, resHeaders } = await createTestCaller({ deps });
    const result = await caller.auth.signIn({ email: user.email, password: TEST_PASSWORD });
    expect(result.user).toEqual(user);
    const cookie = resHeaders.getSetCookie()[0] ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // http://127.0.0.1 in tests
    // The fixture's cheap hash was upgraded to the current parameters on the way.
    const row = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
  });

  it("issues a new token and ends the browser's previous session", async () => {
    const { user, token: oldToken, cookie } = await signInAs({ db, now: clock.now() });
    const { caller, resHeaders } = await createTestCaller({ deps, cookie });
    await caller.auth.signIn({ email: user.email, password: TEST_PASSWORD });
    const newToken = sessionTokenFrom(resHeaders);
    expect(newToken).not.toBe(oldToken);
    expect(await validateSessionToken({ db, token: oldToken, now: clock.now() })).toBeNull();
    expect(await validateSessionToken({ db, token: newToken ?? "", now: clock.now() })).not.toBeNull();
  });

  it("answers an unknown email and a wrong password identically, in similar time", async () => {
    // A real-cost hash, so both paths run scrypt at the production parameters.
    const email = uniqueEmail("timing");
    await db
      .insertInto("users")
      .values({ email, name: "T", password_hash: await hashPassword("the-right-password") })
      .execute();
    const { caller } = await createTestCaller({ deps, clientIp: "198.51.100.7" });

    let started = performance.now();
    const wrongPassword = await rejection(caller.auth.signIn({ email, password: "the-wrong-password" }));
    const wrongPasswordMs = performance.now() - started;
    started = performance.now();
    const unknownUser = await rejection(
      caller.auth.signIn({ email: uniqueEmail("ghost"), password: "the-wrong-password" }),
    );
    const unknownUserMs = performance.now() - started;

    expect(wrongPassword.code).toBe("UNAUTHORIZED");
    expect(unknownUser.code).toBe("UNAUTHORIZED");
    expect(wrongPassword.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(unknownUser.message).toBe(wrongPassword.message);
    expect(unknownUserMs / wrongPasswordMs).toBeGreaterThan(0.5);
    expect(unknownUserMs / wrongPasswordMs).toBeLessThan(2);
  });

  it("throttles an account from one address after 5 failures, even with the right password, until the wait passes", async () => {
    const user = await createTestUser({ db });
    const { caller, resHeaders } = await createTestCaller({ deps, clientIp: "198.51.100.20" });
    for (let attempt = 1; attempt <= FREE_FAILURES; attempt++) {
      const error = await rejection(caller.auth.signIn({ email: user.email, password: "wrong-password" }));
      expect(error.code, `attempt ${attempt}`).toBe("UNAUTHORIZED");
    }
    const throttled = await rejection(caller.auth.signIn({ email: user.email, password: TEST_PASSWORD }));
    expect(throttled.code).toBe("TOO_MANY_REQUESTS");
    expect(throttled.message).toMatch(/Too many sign-in attempts/);
    const retryAfter = (throttled.cause as AppError).retryAfterSeconds ?? 0;
    expect(retryAfter).toBe(waitAfterFailureSeconds(FREE_FAILURES));
    expect(resHeaders.get("retry-after")).toBe(String(retryAfter));

    // Another address is not held back: a stranger's guesses cannot lock the owner out.
    const elsewhere = await createTestCaller({ deps, clientIp: "198.51.100.21" });
    await expect(elsewhere.caller.auth.signIn({ email: user.email, password: TEST_PASSWORD })).resolves.toBeTruthy();

    // The limiter runs on the real clock (rate-limiter-flexible reads Date.now()).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (retryAfter + 1) * 1000 });
    try {
      const result = await caller.auth.signIn({ email: user.email, password: TEST_PASSWORD });
      expect(result.user.id).toBe(user.id);
    } finally {
      vi.useRealTimers();
    }
  });

  it("throttles unknown emails exactly like real ones", async () => {
    const email = uniqueEmail("nobody");
    const { caller } = await createTestCaller({ deps, clientIp: "198.51.100.30" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await rejection(caller.auth.signIn({ email, password: "wrong-password" }));
    }
    expect((await rejection(caller.auth.signIn({ email, password: "wrong-password" }))).code).toBe("TOO_MANY_REQUESTS");
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const user = await createTestUser({ db });
    const { caller } = await createTestCaller({ deps, clientIp: "198.51.100.40" });
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        await rejection(caller.auth.signIn({ email: user.email, password: "wrong-password" }));
      }
      await caller.auth.signIn({ email: user.email, password: TEST_PASSWORD });
    }
  });

  it("throttles one IP after its failures across accounts reach the per-IP limit", async () => {
    const ip = "198.51.100.50";
    const users = await Promise.all(Array.from({ length: 13 }, () => createTestUser({ db })));
    const { caller } = await createTestCaller({ deps, clientIp: ip });
    const limit = SIGN_IN_IP_FAILURES_RULE.points;
    for (let attempt = 0; attempt < limit; attempt++) {
      // At most FREE_FAILURES per account: none of them meets the per-account-and-address wait.
      const user = users[attempt % 12];
      const error = await rejection(caller.auth.signIn({ email: user?.email ?? "", password: "wrong-password" }));
      expect(error.code, `attempt ${attempt + 1}`).toBe("UNAUTHORIZED");
    }
    const fresh = users[12];
    expect((await rejection(caller.auth.signIn({ email: fresh?.email ?? "", password: TEST_PASSWORD }))).code).toBe(
      "TOO_MANY_REQUESTS",
    );
    // The same account from another IP is fine.
    const other = await createTestCaller({ deps, clientIp: "198.51.100.51" });
    await expect(
      other.caller.auth.signIn({ email: fresh?.email ?? "", password: TEST_PASSWORD }),
    ).resolves.toBeTruthy();
  });

  it("lets at most FREE_FAILURES of 12 parallel guesses at one account through to a password check", async () => {
    const user = await createTestUser({ db });
    const { caller } = await createTestCaller({ deps, clientIp: null });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => caller.auth.signIn({ email: user.email, password: "wrong-password" })),
    );
    const codes = results.map((result) => (result.status === "rejected" ? (result.reason as TRPCError).code : "OK"));
    expect(codes.filter((code) => code === "UNAUTHORIZED").length).toBeLessThanOrEqual(FREE_FAILURES);
    expect(codes.filter((code) => code === "TOO_MANY_REQUESTS").length).toBeGreaterThanOrEqual(12 - FREE_FAILURES);
    expect(codes).not.toContain("OK");
  });
});

describe("auth.signOut, signOutEverywhere and me", () => {
  it("me is null when anonymous and the user when signed in", async () => {
    const anonymous = await createTestCaller({ deps });
    expect(await anonymous.caller.auth.me()).toEqual({ user: null });
    const { user, cookie } = await signInAs({ db, now: clock.now() });
    const signedIn = await createTestCaller({ deps, cookie });
    expect(await signedIn.caller.auth.me()).toEqual({ user });
  });

  it("signOut revokes the session and clears the cookie", async () => {
    const { token, cookie } = await signInAs({ db, now: clock.now() });
    const { caller, resHeaders } = await createTestCaller({ deps, cookie });
    expect(await caller.auth.signOut()).toEqual({ signedOut: true });
    expect(resHeaders.getSetCookie().some((c) => /Max-Age=0/.test(c))).toBe(true);
    expect(await validateSessionToken({ db, token, now: clock.now() })).toBeNull();
    const after = await createTestCaller({ deps, cookie });
    expect(await after.caller.auth.me()).toEqual({ user: null });
    // The stale cookie is cleared on the next request too.
    expect(after.resHeaders.getSetCookie().some((c) => /Max-Age=0/.test(c))).toBe(true);
  });

  it("signOutEverywhere ends every session of the user", async () => {
    const { user, token, cookie } = await signInAs({ db, now: clock.now() });
    const second = await signInAs({ db, email: `x-${user.email}`, now: clock.now() });
    const { caller } = await createTestCaller({ deps, cookie });
    const { createSession } = await import("../../auth/sessions");
    const another = await createSession({ db, userId: user.id, now: clock.now() });
    expect(await caller.auth.signOutEverywhere()).toEqual({ sessionsEnded: 2 });
    expect(await validateSessionToken({ db, token, now: clock.now() })).toBeNull();
    expect(await validateSessionToken({ db, token: another.token, now: clock.now() })).toBeNull();
    expect(await validateSessionToken({ db, token: second.token, now: clock.now() })).not.toBeNull();
  });
});
