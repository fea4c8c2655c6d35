// The pool rides out connections PostgreSQL ends under it (a restart, a failover, an administrator): the query
// fails with an error that reads as "database unavailable", the process lives on, and the next query gets a fresh
// connection. The connection is ended from the server's side with pg_terminate_backend, as a shutdown does.
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createCapturingLogger } from "../test/capture-logs";
import { createTestDatabase } from "../test/test-database";
import { createDatabase } from "./database";
import { isDatabaseUnavailableError } from "./database-errors";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());

async function terminateBackend(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: testDb.connectionString });
  await admin.connect();
  try {
    await admin.query("select pg_terminate_backend($1)", [pid]);
  } finally {
    await admin.end();
  }
}

async function backendPid(db: typeof testDb.db): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return rows[0]?.pid ?? 0;
}

describe("createDatabase: connections PostgreSQL ends", () => {
  it("a connection ended while a transaction holds it fails that transaction only; the process lives on and the pool reconnects", async () => {
    // No listener on a checked-out client used to make this an uncaught 'error' event: vitest fails the run on it.
    const poolErrors: Error[] = [];
    const db = createDatabase(testDb.connectionString, { maxConnections: 2, onPoolError: (e) => poolErrors.push(e) });
    try {
      const failure = await db
        .transaction()
        .execute(async (trx) => {
          await terminateBackend(await backendPid(trx));
          // Let the server's goodbye and the closed socket arrive while the transaction still holds the client.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailableError(failure)).toBe(true);

      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
    }
  });

  it("an idle connection ended by the server is reported to onPoolError and replaced", async () => {
    const poolErrors: Error[] = [];
    const db = createDatabase(testDb.connectionString, { maxConnections: 1, onPoolError: (e) => poolErrors.push(e) });
    try {
      await terminateBackend(await backendPid(db));
      await expect.poll(() => poolErrors.length).toBeGreaterThan(0);
      expect(poolErrors.every(isDatabaseUnavailableError)).toBe(true);
      expect(await backendPid(db)).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
  });

  it("a pool error logged through the logger carries message and code, never the connection's parameters", async () => {
    const { logger, lines } = createCapturingLogger();
    const db = createDatabase(testDb.connectionString, {
      maxConnections: 1,
      onPoolError: (error) => logger.warn({ err: error }, "database pool: idle connection failed"),
    });
    try {
      await terminateBackend(await backendPid(db));
      await expect.poll(() => lines.length).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
    const url = new URL(testDb.connectionString);
    const text = JSON.stringify(lines);
    expect(lines[0]).toMatchObject({ msg: "database pool: idle connection failed", err: { code: "57P01" } });
    expect(Object.keys(lines[0]?.err as object).sort()).toEqual(["code", "message", "severity", "type"]);
    for (const secret of [
      decodeURIComponent(url.password),
      url.hostname,
      '"port"',
      '"user"',
      '"password"',
      "connectionParameters",
      // A server with trust authentication (CI's PostgreSQL 15) has no password to leak.
    ].filter((secret) => secret !== "")) {
      expect(text, secret).not.toContain(secret);
    }
  });
});
