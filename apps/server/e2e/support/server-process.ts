// The server as a process, started exactly the way a developer starts it:
// `npm start` at the repository root, with its environment. Tests that must see
// what the real HTTP server does (globals it replaces, signals, crashes) drive
// it over HTTP; nothing here reaches into the process.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh folder of this test's own under the system temp directory (PostgreSQL, as root, needs to enter it). */
export function makeRunDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  execFileSync("chmod", ["0755", dir]);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ServerProcessOptions {
  /** DATA_DIR of the server (embedded PostgreSQL, sandbox state, dev keys). */
  dataDir: string;
  port: number;
  /** Port of the embedded PostgreSQL, so a test can read the database the server writes. */
  postgresPort: number;
  /** More environment (e.g. MP_* to point the server at a separately started sandbox). */
  env?: Record<string, string>;
  /** How long to wait for /api/health. Default 120 s (a first start builds what is stale). */
  readyTimeoutMs?: number;
}

export interface ServerProcess {
  url: string;
  /** `postgres://…` of the embedded PostgreSQL the server started (its password is kept in the data directory). */
  databaseUrl(): string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process tree's root (npm) exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to the whole process group, as a terminal's Ctrl-C (SIGINT) does. */
  signalGroup(signal: NodeJS.Signals): void;
  /** Kills every process of the group at once with SIGKILL (a crash: no shutdown code runs). */
  crash(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${output()}`);
}

/** Starts `npm start` in its own process group and waits until /api/health answers. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn("npm", ["start"], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_FORMAT: "json",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      EMBEDDED_POSTGRES_PORT: String(options.postgresPort),
      DATA_DIR: options.dataDir,
      ...options.env,
    },
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  const pgid = child.pid ?? 0;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pgid, signal);
    } catch {
      // Already gone.
    }
  };
  const output = () => text;
  try {
    await waitForHealth(url, child, options.readyTimeoutMs ?? 120_000, output);
  } catch (error) {
    signalGroup("SIGKILL");
    throw error;
  }
  return {
    url,
    databaseUrl: () => {
      const password = readFileSync(path.join(options.dataDir, "postgres", "cobro-password"), "utf8").trim();
      return `postgres://postgres:${password}@127.0.0.1:${options.postgresPort}/cobro`;
    },
    output,
    exited,
    signalGroup,
    async crash() {
      signalGroup("SIGKILL");
      await exited;
      // PostgreSQL may be in its own process group: stop whatever still listens on its port.
      killListeners(options.postgresPort);
    },
  };
}

/** SIGKILLs the processes listening on `port` (a PostgreSQL left behind by a crashed parent). */
export function killListeners(port: number): void {
  try {
    const pids = execFileSync("sh", ["-c", `ss -ltnpH 'sport = :${port}' | grep -o 'pid=[0-9]*' | cut -d= -f2`], {
      encoding: "utf8",
    })
      .split("\n")
      .filter((line) => line.trim() !== "");
    for (const pid of pids) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // Gone meanwhile.
      }
    }
  } catch {
    // `ss` missing or nothing listening.
  }
}
