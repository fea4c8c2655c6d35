import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE_NAME, validateSessionToken } from "../../auth/sessions";
import { createTestDatabase } from "../../test/test-database";
import { createTestDeps } from "../../test/test-deps";
import { createTestCaller, createTestSession, createTestUser, signInAs } from "../../test/test-users";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
const deps = createTestDeps({ db });

describe("admin.users.list", () => {
  it("pages through every user exactly once, newest first", async () => {
    const { cookie } = await signInAs({ db, role: "admin" });
    for (let i = 0; i < 7; i++) await createTestUser({ db, name: `Listed ${i}` });
    const total = (await db.selectFrom("users").select("id").execute()).length;
    const { caller } = await createTestCaller({ deps, cookie });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof caller.admin.users.list>> = await caller.admin.users.list({
        limit: 3,
        cursor,
      });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((user) => user.id));
      const times = page.items.map((user) => Date.parse(user.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null && pages < 20);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("validates the page size", async () => {
    const { cookie } = await signInAs({ db, role: "admin" });
    const { caller } = await createTestCaller({ deps, cookie });
    await expect(caller.admin.users.list({ limit: 1000 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("admin.users.setRole", () => {
  it("promotes a shopper, ends all their sessions and writes the audit log", async () => {
    const { user: admin, cookie } = await signInAs({ db, role: "admin" });
    const shopper = await createTestUser({ db });
    const first = await createTestSession({ db, userId: shopper.id });
    const second = await createTestSession({ db, userId: shopper.id });
    const { caller } = await createTestCaller({ deps, cookie });

    const result = await caller.admin.users.setRole({ userId: shopper.id, role: "admin" });
    expect(result).toEqual({ user: { ...shopper, role: "admin" }, changed: true });
    expect(await validateSessionToken({ db, token: first.token })).toBeNull();
    expect(await validateSessionToken({ db, token: second.token })).toBeNull();

    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("resource_type", "=", "user")
      .where("resource_id", "=", shopper.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: admin.id,
      action: "user.role_changed",
      details: { from: "shopper", to: "admin", sessionsEnded: 2 },
    });

    // Unchanged role: no new token needed, sessions untouched.
    const third = await createTestSession({ db, userId: shopper.id });
    expect(await caller.admin.users.setRole({ userId: shopper.id, role: "admin" })).toMatchObject({ changed: false });
    expect(await validateSessionToken({ db, token: third.token })).not.toBeNull();
  });

  it("gives an admin who demotes themselves a new token carrying the new role", async () => {
    await signInAs({ db, role: "admin" }); // someone else stays admin
    const { user, token, cookie } = await signInAs({ db, role: "admin" });
    const { caller, resHeaders } = await createTestCaller({ deps, cookie });
    await caller.admin.users.setRole({ userId: user.id, role: "shopper" });
    expect(await validateSessionToken({ db, token })).toBeNull();
    const setCookie = resHeaders.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`)) ?? "";
    const newToken = /^[^=]+=([^;]+)/.exec(setCookie)?.[1] ?? "";
    expect(newToken).not.toBe(token);
    expect((await validateSessionToken({ db, token: newToken }))?.user.role).toBe("shopper");
  });

  it("never demotes the last admin", async () => {
    // Only one admin left: demote every other admin first.
    const { user: last, cookie } = await signInAs({ db, role: "admin" });
    await db
      .updateTable("users")
      .set({ role: "shopper" })
      .where("role", "=", "admin")
      .where("id", "!=", last.id)
      .execute();
    const { caller } = await createTestCaller({ deps, cookie });
    const error = await caller.admin.users
      .setRole({ userId: last.id, role: "shopper" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("CONFLICT");
    expect((error as TRPCError).message).toMatch(/last admin/);
    const row = await db.selectFrom("users").select("role").where("id", "=", last.id).executeTakeFirstOrThrow();
    expect(row.role).toBe("admin");
  });

  it("keeps one admin when two admins demote each other at once", async () => {
    const a = await signInAs({ db, role: "admin" });
    const b = await signInAs({ db, role: "admin" });
    await db
      .updateTable("users")
      .set({ role: "shopper" })
      .where("role", "=", "admin")
      .where("id", "not in", [a.user.id, b.user.id])
      .execute();
    const callerA = (await createTestCaller({ deps, cookie: a.cookie })).caller;
    const callerB = (await createTestCaller({ deps, cookie: b.cookie })).caller;
    const results = await Promise.allSettled([
      callerA.admin.users.setRole({ userId: b.user.id, role: "shopper" }),
      callerB.admin.users.setRole({ userId: a.user.id, role: "shopper" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const admins = await db.selectFrom("users").select("id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(1);
  });

  it("answers NOT_FOUND for an unknown user", async () => {
    const { cookie } = await signInAs({ db, role: "admin" });
    const { caller } = await createTestCaller({ deps, cookie });
    await expect(
      caller.admin.users.setRole({ userId: "00000000-0000-4000-8000-000000000000", role: "admin" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("admin.users.setDisabled", () => {
  it("refuses an admin disabling their own account, naming the field, and keeps their session", async () => {
    await signInAs({ db, role: "admin" }); // another admin exists: only the self-check can refuse
    const { user, token, cookie } = await signInAs({ db, role: "admin" });
    const { caller } = await createTestCaller({ deps, cookie });
    await expect(caller.admin.users.setDisabled({ userId: user.id, disabled: true })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await validateSessionToken({ db, token })).not.toBeNull();
    const row = await db.selectFrom("users").select("disabled_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.disabled_at).toBeNull();
  });
});
