// Runs the compiled server the way `npm start` does (node dist/main.js, after
// building what is stale), as a process of its own in a process group of its
// own (a terminal's foreground job), on free ports and a fresh data directory
// (or a given one, so a test can restart the server on the same data after a
// crash). The embedded PostgreSQL always: DATABASE_URL is removed from its
// environment. Tests drive it over HTTP; nothing here reaches into the process.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PASSWORD_FILE = path.join("postgres", "cobro-password");
const repoRoot = path.resolve(serverDir, "../..");

/** Brings apps/server/dist up to date (a no-op when it is fresh). */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(repoRoot, "scripts/build-stale.mjs"), "server"], { stdio: "inherit" });
}

interface LogLine {
  level: number;
  msg: string;
}

export interface ServerProcess {
  child: ChildProcess;
  /** The app's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The embedded sandbox's origin ("" in live mode). */
  sandboxUrl: string;
  dataDir: string;
  /** Messages logged so far (JSON lines). */
  messages(): string[];
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Signals the whole process group, as a terminal's Ctrl-C does. */
  signalGroup(signal: NodeJS.Signals): void;
  /** Kills the whole group at once with SIGKILL (a crash: no shutdown code runs), PostgreSQL included. */
  crash(): Promise<void>;
  /** `postgres://…` of the embedded PostgreSQL, to read what the server wrote. */
  databaseUrl(): string;
  /** Ends the process if it still runs (SIGKILL to the group after SIGTERM); removes a data directory it made. */
  dispose(): Promise<void>;
}

export interface StartServerProcessOptions {
  /** Node options before the entry point (e.g. `--import` a module hook). */
  nodeArgs?: string[];
  /** Use this data directory (kept on dispose) instead of a fresh one, e.g. to restart after a crash. */
  dataDir?: string;
}

/** Starts the server and resolves once it has printed its URL (everything started). */
export async function startServerProcess(
  extraEnv: Record<string, string> = {},
  options: StartServerProcessOptions = {},
): Promise<ServerProcess> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "cobro-server-process-"));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name === "DATABASE_URL" || name.startsWith("MP_")) delete env[name];
  }
  Object.assign(env, {
    PORT: "0",
    SANDBOX_PORT: "0",
    EMBEDDED_POSTGRES_PORT: "0",
    DATA_DIR: dataDir,
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
    NODE_ENV: "development",
    ...extraEnv,
  });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "dist/main.js"], {
    cwd: serverDir,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const messages: string[] = [];
  let pending = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      try {
        messages.push((JSON.parse(line) as LogLine).msg);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const pid = child.pid ?? 0;

  const signalGroup = (signal: NodeJS.Signals) => process.kill(-pid, signal);
  const dispose = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        signalGroup("SIGTERM");
        const timer = setTimeout(() => signalGroup("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      } catch {
        // already gone
      }
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const crash = async () => {
    try {
      signalGroup("SIGKILL");
    } catch {
      // already gone
    }
    await exited;
    // PostgreSQL runs in a session of its own (so a terminal's Ctrl-C reaches only the server): kill it too.
    const postmaster = readPostmasterPid(dataDir);
    if (postmaster !== null && isAlive(postmaster)) process.kill(postmaster, "SIGKILL");
    // Wait until it is gone (reaped), or the next start finds its pid still taken.
    for (let i = 0; postmaster !== null && isAlive(postmaster) && i < 300; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const databaseUrl = () => {
    const port = messages.map((message) => /^Embedded PostgreSQL on port (\d+)/.exec(message)?.[1]).find(Boolean);
    if (!port) throw new Error("the server started no embedded PostgreSQL");
    const password = readFileSync(path.join(dataDir, PASSWORD_FILE), "utf8").trim();
    return `postgres://postgres:${password}@127.0.0.1:${port}/cobro`;
  };

  const started = await new Promise<{ url: string; sandboxUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in time:\n${output}`)), 60_000);
    const check = () => {
      const url = messages.map((message) => /^Cobro is running at (\S+)/.exec(message)?.[1]).find(Boolean);
      const sandboxUrl = messages.map((message) => /embedded sandbox at (\S+)/.exec(message)?.[1]).find(Boolean);
      const live = messages.some((message) => message.startsWith("Provider: Mercado Pago (live)"));
      if (url && (sandboxUrl || live)) {
        clearTimeout(timer);
        child.stdout?.off("data", check);
        resolve({ url, sandboxUrl: sandboxUrl ?? "" });
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", () => {
      clearTimeout(timer);
      reject(new Error(`the server exited before it started:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await dispose();
    throw error;
  });

  return {
    child,
    ...started,
    dataDir,
    messages: () => [...messages],
    output: () => output,
    exited,
    signalGroup,
    crash,
    databaseUrl,
    dispose,
  };
}

function readPostmasterPid(dataDir: string): number | null {
  try {
    const firstLine = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0];
    const pid = Number.parseInt(firstLine ?? "", 10);
    return Number.isSafeInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** The pid of the embedded PostgreSQL's postmaster (first line of its postmaster.pid). */
export function postmasterPidOf(server: ServerProcess): number {
  const pid = readPostmasterPid(server.dataDir);
  if (pid === null) throw new Error("no postmaster.pid");
  return pid;
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
