// The audit log: append-only in the database itself (a trigger refuses UPDATE
// and DELETE, whoever runs them), and searchable by actor, action, resource
// and date range, a keyset page at a time.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-database";
import { createTestDeps } from "../../test/test-deps";
import { createTestCaller, createTestUser, signInAs } from "../../test/test-users";
import { recordAudit } from "./record-audit";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
const deps = createTestDeps({ db });
const viewer = await signInAs({ db, role: "viewer" });
const { caller } = await createTestCaller({ deps, cookie: viewer.cookie });

describe("append-only", () => {
  it("refuses an UPDATE, a DELETE and a TRUNCATE, and keeps the row as it was", async () => {
    const actor = await createTestUser({ db, role: "operator" });
    await recordAudit({
      db,
      actorUserId: actor.id,
      action: "refund.created",
      resourceType: "payment",
      resourceId: "777",
    });
    const row = await db.selectFrom("audit_log").selectAll().where("resource_id", "=", "777").executeTakeFirstOrThrow();

    await expect(
      db.updateTable("audit_log").set({ action: "refund.erased" }).where("id", "=", row.id).execute(),
    ).rejects.toThrow(/audit_log is append-only: UPDATE refused/);
    await expect(db.deleteFrom("audit_log").where("id", "=", row.id).execute()).rejects.toThrow(
      /audit_log is append-only: DELETE refused/,
    );
    // Raw SQL is refused the same way: the rule lives in the database, not in the application.
    await expect(sql`update audit_log set actor_user_id = null where id = ${row.id}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    expect(await db.selectFrom("audit_log").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow()).toEqual(
      row,
    );
  });

  it("lets the foreign key unlink a deleted user and changes nothing else", async () => {
    const actor = await createTestUser({ db, role: "operator" });
    await recordAudit({
      db,
      actorUserId: actor.id,
      action: "capture.created",
      resourceType: "payment",
      resourceId: "888",
    });
    await db.deleteFrom("users").where("id", "=", actor.id).execute();
    const row = await db.selectFrom("audit_log").selectAll().where("resource_id", "=", "888").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_user_id: null, action: "capture.created", resource_type: "payment" });
  });
});

describe("search", () => {
  const resourceType = `thing-${randomUUID().slice(0, 8)}`;
  it("finds by actor (email, id or system), action, resource and UTC days, newest first, by keyset", async () => {
    const alice = await createTestUser({
      db,
      role: "operator",
      email: `alice-${randomUUID().slice(0, 6)}@example.test`,
    });
    const at = (day: string) => new Date(`${day}T12:00:00.000Z`);
    const write = (actorUserId: string | null, action: string, resourceId: string, day: string) =>
      recordAudit({ db, actorUserId, action, resourceType, resourceId, now: at(day) });
    await write(alice.id, "refund.created", "p1", "2026-03-01");
    await write(alice.id, "capture.created", "p2", "2026-03-02");
    await write(null, "webhook_event.replayed", "p1", "2026-03-03");
    await write(alice.id, "refund.created", "p3", "2026-03-04");

    const ids = async (input: Parameters<typeof caller.admin.audit.search>[0]) =>
      (await caller.admin.audit.search({ resourceType, ...input })).items.map(
        (entry) => `${entry.action}@${entry.resourceId}`,
      );

    expect(await ids({ actor: alice.email.toUpperCase() })).toEqual([
      "refund.created@p3",
      "capture.created@p2",
      "refund.created@p1",
    ]);
    expect(await ids({ actor: alice.id, action: "refund.created" })).toEqual([
      "refund.created@p3",
      "refund.created@p1",
    ]);
    expect(await ids({ actor: "system" })).toEqual(["webhook_event.replayed@p1"]);
    expect(await ids({ actor: "nobody@example.test" })).toEqual([]);
    expect(await ids({ resourceId: "p1" })).toEqual(["webhook_event.replayed@p1", "refund.created@p1"]);
    expect(await ids({ from: "2026-03-02", to: "2026-03-03" })).toEqual([
      "webhook_event.replayed@p1",
      "capture.created@p2",
    ]);

    const first = await caller.admin.audit.search({ resourceType, limit: 3 });
    expect(first.items[0]).toMatchObject({ actorEmail: alice.email, createdAt: "2026-03-04T12:00:00.000Z" });
    const second = await caller.admin.audit.search({ resourceType, limit: 3, cursor: first.nextCursor });
    expect(second.items.map((entry) => entry.resourceId)).toEqual(["p1"]);
    expect(second.nextCursor).toBeNull();
  });

  it("refuses a range that ends before it starts, naming the field", async () => {
    await expect(caller.admin.audit.search({ from: "2026-03-05", to: "2026-03-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("from"),
    });
    await expect(caller.admin.audit.search({ from: "yesterday" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
