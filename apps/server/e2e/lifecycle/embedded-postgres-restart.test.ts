// [lifecycle][database] On embedded defaults (no DATABASE_URL) the server owns its PostgreSQL: when that dies
// (killed, out of memory), the server starts it again on the same data and port and carries on, answering 503
// meanwhile, instead of serving 500s with a dead database until someone restarts everything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAlive, postmasterPidOf, type ServerProcess, startServerProcess } from "../support/server-process";
import { callProcedure, pollUntil } from "../support/trpc-http";

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess();
}, 120_000);

afterAll(() => server?.dispose());

describe("[lifecycle][database] the embedded PostgreSQL is killed under a running server", () => {
  it("is started again on the same data; the server serves again with what it stored before", async () => {
    const before = await callProcedure<{ items: { id: string }[] }>(
      server.url,
      null,
      "catalog.list",
      { limit: 3 },
      "query",
    );
    expect(before.status).toBe(200);

    const postmaster = postmasterPidOf(server);
    process.kill(postmaster, "SIGKILL");
    await pollUntil(
      async () => isAlive(postmaster),
      (alive) => !alive,
      5_000,
    );

    // Back within seconds (crash recovery included), without restarting the server process.
    const health = await pollUntil(
      () => fetch(`${server.url}/api/health`).then((response) => response.status),
      (status) => status === 200,
      20_000,
    );
    expect(health).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(postmasterPidOf(server)).not.toBe(postmaster);
    // PostgreSQL answers a moment before the restart has finished (and logged) its own checks.
    const messages = await pollUntil(
      async () => server.messages(),
      (lines) => lines.some((line) => line.startsWith("Embedded PostgreSQL is running again")),
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Embedded PostgreSQL exited unexpectedly/),
        expect.stringMatching(/^Embedded PostgreSQL is running again on port \d+/),
      ]),
    );
    const after = await callProcedure<{ items: { id: string }[] }>(
      server.url,
      null,
      "catalog.list",
      { limit: 3 },
      "query",
    );
    expect(after.status).toBe(200);
    expect(after.data?.items.map((item) => item.id)).toEqual(before.data?.items.map((item) => item.id));
  }, 40_000);
});
