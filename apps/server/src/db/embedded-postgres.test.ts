import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  allowPostgresUserToTraverse,
  type EmbeddedPostgres,
  findFreePorts,
  startEmbeddedPostgres,
} from "./embedded-postgres";

const started: EmbeddedPostgres[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const cluster of started) await cluster.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "cobro-embedded-test-"));
  await allowPostgresUserToTraverse(dir);
  dirs.push(dir);
  return path.join(dir, "postgres");
}

async function query(connectionString: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function waitUntilDead(pid: number, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number.parseInt((await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0] ?? "", 10);
}

describe("startEmbeddedPostgres", () => {
  it("initialises a new data dir, picks a free port, keeps data across restarts and stops cleanly", async () => {
    const dataDir = await tempDataDir();
    const first = await startEmbeddedPostgres({ dataDir, port: 0, nonDurable: true });
    started.push(first);
    expect(first.port).toBeGreaterThan(0);
    expect(first.connectionString).toMatch(
      new RegExp(`^postgres://postgres:[0-9a-f]{48}@127\\.0\\.0\\.1:${first.port}/cobro$`),
    );
    await query(first.connectionString, "create table kept (value text); insert into kept values ('still here')");
    const pid = await postmasterPid(dataDir);
    await first.stop();
    expect(isAlive(pid)).toBe(false);
    await first.stop(); // twice is fine

    const second = await startEmbeddedPostgres({ dataDir, port: 0, nonDurable: true });
    started.push(second);
    const rows = await query(second.connectionString, "select value from kept");
    expect(rows.rows).toEqual([{ value: "still here" }]);
    // Same generated password: the data dir was reused, not re-initialised.
    expect(new URL(second.connectionString).password).toBe(new URL(first.connectionString).password);
    await second.stop();
  });

  it("refuses a data dir whose PostgreSQL belongs to a live process, and takes over an orphan", async () => {
    const dataDir = await tempDataDir();
    const owner = await startEmbeddedPostgres({ dataDir, port: 0, nonDurable: true });
    started.push(owner);
    const orphanPid = await postmasterPid(dataDir);
    await expect(startEmbeddedPostgres({ dataDir, port: 0 })).rejects.toThrow(/in use by process/);

    // Pretend the owner died without stopping it (kill -9): record a dead pid as owner.
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;
    await writeFile(path.join(dataDir, "cobro-owner.json"), JSON.stringify({ pid: deadPid }));
    const successor = await startEmbeddedPostgres({ dataDir, port: 0, nonDurable: true });
    started.push(successor);
    expect(isAlive(orphanPid)).toBe(false);
    expect((await query(successor.connectionString, "select 1 as one")).rows).toEqual([{ one: 1 }]);
    await successor.stop();
  });

  for (const ending of ["SIGTERM", "SIGINT", "process.exit"] as const) {
    it(`leaves no PostgreSQL behind when the parent ends by ${ending}`, async () => {
      const dataDir = await tempDataDir();
      const moduleUrl = new URL("./embedded-postgres.ts", import.meta.url).href;
      const script = `
        import { startEmbeddedPostgres } from ${JSON.stringify(moduleUrl)};
        const pg = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: 0, nonDurable: true });
        console.log("READY");
        ${ending === "process.exit" ? "setTimeout(() => process.exit(0), 50);" : "setInterval(() => {}, 1000);"}
      `;
      const scriptFile = path.join(path.dirname(dataDir), "parent.mts");
      await writeFile(scriptFile, script);
      const child = spawn(process.execPath, ["--import", "tsx", scriptFile], {
        cwd: path.dirname(fileURLToPath(import.meta.url)),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on("exit", (code, signal) => resolve({ code, signal })),
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("READY")) resolve();
        });
        child.on("exit", () => reject(new Error(`parent exited early: ${stderr}`)));
      });
      const pid = await postmasterPid(dataDir);
      expect(isAlive(pid)).toBe(true);
      if (ending !== "process.exit") child.kill(ending);
      const result = await exited;
      if (ending !== "process.exit") expect(result.signal).toBe(ending);
      expect(await waitUntilDead(pid)).toBe(true);
    });
  }
});

describe("findFreePorts", () => {
  it("gives distinct ports, every one of them free (a start's HTTP server, PostgreSQL and sandbox never collide)", async () => {
    for (let round = 0; round < 20; round++) {
      const ports = await findFreePorts(3);
      expect(new Set(ports).size).toBe(3);
      for (const port of ports) expect(port).toBeGreaterThan(0);
    }
  });
});
