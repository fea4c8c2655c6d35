import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../auth/passwords";
import { createSession, validateSessionToken } from "../../auth/sessions";
import { createTestDatabase } from "../../test/test-database";
import { createTestUser, TEST_PASSWORD } from "../../test/test-users";
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from "./ensure-first-admin";

// Each test gets its own database: the rules depend on what the users table holds.
const databases: Array<{ drop(): Promise<void> }> = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});
async function freshDb() {
  const database = await createTestDatabase();
  databases.push(database);
  return database.db;
}

describe("ensureFirstAdmin", () => {
  it("creates admin@cobro.local with a generated password on an empty users table, once", async () => {
    const db = await freshDb();
    const result = await ensureFirstAdmin({ db });
    expect(result).toMatchObject({ outcome: "created", email: DEFAULT_ADMIN_EMAIL });
    expect(result.generatedPassword).toMatch(/^[a-km-np-z2-9]{20}$/);
    expect(result.notice).not.toContain(result.generatedPassword ?? "");

    const admin = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", DEFAULT_ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe("admin");
    expect(await verifyPassword(result.generatedPassword ?? "", admin.password_hash)).toBe(true);
    expect(admin.password_hash).not.toContain(result.generatedPassword ?? "");
    const audit = await db.selectFrom("audit_log").selectAll().where("resource_id", "=", admin.id).execute();
    expect(audit.map((entry) => entry.action)).toEqual(["user.created"]);

    const again = await ensureFirstAdmin({ db });
    expect(again).toMatchObject({ outcome: "skipped" });
    expect(again.generatedPassword).toBeUndefined();
  });

  it("creates the configured ADMIN_EMAIL with ADMIN_PASSWORD", async () => {
    const db = await freshDb();
    const result = await ensureFirstAdmin({ db, email: " Owner@Shop.Example ", password: "owner-password-1" });
    expect(result).toMatchObject({ outcome: "created", email: "owner@shop.example" });
    expect(result.generatedPassword).toBeUndefined();
    const admin = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "owner@shop.example")
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("owner-password-1", admin.password_hash)).toBe(true);
    expect(await ensureFirstAdmin({ db, email: "owner@shop.example" })).toMatchObject({ outcome: "already-admin" });
  });

  it("promotes an existing shopper only when ADMIN_PASSWORD is their password, ending their sessions", async () => {
    const db = await freshDb();
    const shopper = await createTestUser({ db });
    const { token } = await createSession({ db, userId: shopper.id });

    const withoutPassword = await ensureFirstAdmin({ db, email: shopper.email });
    expect(withoutPassword.outcome).toBe("not-promoted");
    const wrongPassword = await ensureFirstAdmin({ db, email: shopper.email, password: "not-their-password" });
    expect(wrongPassword.outcome).toBe("not-promoted");
    expect((await validateSessionToken({ db, token }))?.user.role).toBe("shopper");

    const promoted = await ensureFirstAdmin({ db, email: shopper.email, password: TEST_PASSWORD });
    expect(promoted.outcome).toBe("promoted");
    const row = await db.selectFrom("users").select("role").where("id", "=", shopper.id).executeTakeFirstOrThrow();
    expect(row.role).toBe("admin");
    expect(await validateSessionToken({ db, token })).toBeNull();
  });

  it("does nothing, and says so, when users exist but no admin and nothing is configured", async () => {
    const db = await freshDb();
    await createTestUser({ db });
    const result = await ensureFirstAdmin({ db });
    expect(result.outcome).toBe("no-admin");
    expect(result.notice).toMatch(/ADMIN_EMAIL/);
    const admins = await db.selectFrom("users").select("id").where("role", "=", "admin").execute();
    expect(admins).toEqual([]);
  });

  it("rejects an ADMIN_PASSWORD outside the policy without echoing it", async () => {
    const db = await freshDb();
    await expect(ensureFirstAdmin({ db, email: "a@b.example", password: "short" })).rejects.toThrow(
      "ADMIN_PASSWORD must be 8 to 128 characters",
    );
    await expect(ensureFirstAdmin({ db, email: "not-an-email" })).rejects.toThrow(/ADMIN_EMAIL/);
  });

  it("creates exactly one admin when two instances start at once", async () => {
    const db = await freshDb();
    const results = await Promise.all([ensureFirstAdmin({ db }), ensureFirstAdmin({ db })]);
    expect(results.map((result) => result.outcome).sort()).toEqual(["created", "skipped"]);
    const admins = await db.selectFrom("users").select("id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(1);
  });
});
