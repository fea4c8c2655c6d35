// The console's user management against PostgreSQL: the shop always keeps an
// active admin, disabling ends sessions at once and enabling lets the user in
// again, an admin can sign someone out everywhere, and the list searches.
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { validateSessionToken } from "../../auth/sessions";
import { createTestDatabase } from "../../test/test-database";
import { createTestSession, createTestUser, signInAs, TEST_PASSWORD } from "../../test/test-users";
import { changeUserRole } from "./change-user-role";
import { listUsers } from "./list-users";
import { setUserDisabled } from "./set-user-disabled";
import { signIn } from "./sign-in";
import { signOutUserEverywhere } from "./sign-out-user-everywhere";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;

function auditOf(userId: string) {
  return db
    .selectFrom("audit_log")
    .select(["actor_user_id", "action", "details"])
    .where("resource_type", "=", "user")
    .where("resource_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

describe("the last active admin", () => {
  it("can be neither demoted nor disabled, while a second active admin makes both possible", async () => {
    // A database of its own: other tests here create admins.
    const own = await createTestDatabase();
    try {
      const only = await createTestUser({ db: own.db, role: "admin" });
      await expect(
        changeUserRole({ db: own.db, actorUserId: only.id, userId: only.id, role: "viewer" }),
      ).rejects.toMatchObject({ code: "CONFLICT", reason: "last_admin", field: "role" });
      await expect(
        setUserDisabled({ db: own.db, actorUserId: null, userId: only.id, disabled: true }),
      ).rejects.toMatchObject({ code: "CONFLICT", reason: "last_admin", field: "userId" });

      // A disabled second admin does not count: the only admin who can sign in stays.
      const second = await createTestUser({ db: own.db, role: "admin" });
      await own.db.updateTable("users").set({ disabled_at: new Date() }).where("id", "=", second.id).execute();
      await expect(
        setUserDisabled({ db: own.db, actorUserId: null, userId: only.id, disabled: true }),
      ).rejects.toMatchObject({ reason: "last_admin" });

      await setUserDisabled({ db: own.db, actorUserId: only.id, userId: second.id, disabled: false });
      const result = await setUserDisabled({ db: own.db, actorUserId: second.id, userId: only.id, disabled: true });
      expect(result.changed).toBe(true);
      const row = await own.db
        .selectFrom("users")
        .select("disabled_at")
        .where("id", "=", only.id)
        .executeTakeFirstOrThrow();
      expect(row.disabled_at).not.toBeNull();
    } finally {
      await own.drop();
    }
  });
});

describe("setUserDisabled", () => {
  it("ends every session at once, refuses sign-in, and enabling restores sign-in; both audited", async () => {
    const { user: admin } = await signInAs({ db, role: "admin" });
    const { user, token } = await signInAs({ db, role: "operator" });
    const other = await createTestSession({ db, userId: user.id });

    const disabled = await setUserDisabled({ db, actorUserId: admin.id, userId: user.id, disabled: true });
    expect(disabled).toMatchObject({ changed: true, sessionsEnded: 2 });
    expect(await validateSessionToken({ db, token })).toBeNull();
    expect(await validateSessionToken({ db, token: other.token })).toBeNull();
    const left = await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(left).toEqual([]);
    await expect(
      signIn({ db, email: user.email, password: TEST_PASSWORD, clientIp: "192.0.2.20" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      reason: "account_disabled",
    });

    // Disabling again changes nothing and audits nothing.
    expect(await setUserDisabled({ db, actorUserId: admin.id, userId: user.id, disabled: true })).toMatchObject({
      changed: false,
    });

    await setUserDisabled({ db, actorUserId: admin.id, userId: user.id, disabled: false });
    const signedIn = await signIn({ db, email: user.email, password: TEST_PASSWORD, clientIp: "192.0.2.21" });
    expect(signedIn.user.id).toBe(user.id);

    expect(await auditOf(user.id)).toEqual([
      { actor_user_id: admin.id, action: "user.disabled", details: { sessionsEnded: 2 } },
      { actor_user_id: admin.id, action: "user.enabled", details: {} },
    ]);
  });

  it("answers NOT_FOUND for a user that does not exist", async () => {
    await expect(
      setUserDisabled({ db, actorUserId: null, userId: "00000000-0000-4000-8000-000000000000", disabled: true }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "userId" });
  });
});

describe("signOutUserEverywhere", () => {
  it("ends every session of the user, leaves others alone, and records who asked", async () => {
    const { user: admin, token: adminToken } = await signInAs({ db, role: "admin" });
    const { user, token } = await signInAs({ db });
    await createTestSession({ db, userId: user.id });

    expect(await signOutUserEverywhere({ db, actorUserId: admin.id, userId: user.id })).toEqual({ sessionsEnded: 2 });
    expect(await validateSessionToken({ db, token })).toBeNull();
    expect(await validateSessionToken({ db, token: adminToken })).not.toBeNull();
    expect(await auditOf(user.id)).toEqual([
      { actor_user_id: admin.id, action: "user.signed_out_everywhere", details: { sessionsEnded: 2, byAdmin: true } },
    ]);
  });
});

describe("listUsers", () => {
  it("finds users by a part of the email or name, case-insensitively, and filters by role", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const byName = await createTestUser({ db, name: `Ana ${tag.toUpperCase()}`, role: "viewer" });
    const byEmail = await createTestUser({ db, email: `${tag}@example.test`, role: "shopper" });
    await createTestUser({ db, name: "Someone else" });

    const found = await listUsers({ db, limit: 10, search: tag });
    expect(found.items.map((user) => user.id).sort()).toEqual([byName.id, byEmail.id].sort());
    const viewers = await listUsers({ db, limit: 10, search: tag, role: "viewer" });
    expect(viewers.items.map((user) => user.id)).toEqual([byName.id]);
    // LIKE wildcards are searched as themselves.
    expect((await listUsers({ db, limit: 10, search: "%" })).items).toEqual([]);
  });

  it("searches through the trigram indexes (no scan of every user) and says whose address is verified", async () => {
    const verified = await createTestUser({ db, name: "Verified Vera" });
    await db.updateTable("users").set({ email_verified_at: new Date() }).where("id", "=", verified.id).execute();
    const found = await listUsers({ db, limit: 10, search: "Verified Vera" });
    expect(found.items).toMatchObject([{ id: verified.id, emailVerifiedAt: expect.any(Date) }]);

    // The planner may scan a small table anyway; with scans priced out it must have an index for the predicate.
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ "QUERY PLAN": string }>`
        explain select id from users where email ilike ${"%vera%"} or name ilike ${"%vera%"}`.execute(trx);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("users_email_trgm_idx");
    expect(plan).toContain("users_name_trgm_idx");
  });
});
