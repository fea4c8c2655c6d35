// The setting of the process-level money tests: a sandbox started in the test
// process and the compiled server in live mode pointed at it, so the server
// holds no provider state of its own and can crash while the provider keeps
// its state. Everything lives in one temporary directory of the run.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSandbox, type Sandbox } from "mercadopago-sandbox";
import { afterAll, beforeAll } from "vitest";
import { type ServerProcess, startServerProcess } from "./server-process";
import { type HttpSession, signInOverHttp } from "./trpc-http";

export interface LiveServerRun {
  sandbox: Sandbox;
  /** The server now running (replaced by `restart`). */
  server: ServerProcess;
  /** Starts the server again on the same data (after a crash or a stop) and makes it `server`. */
  restart(): Promise<ServerProcess>;
  /** Ends the server and the sandbox and removes the run's directory. */
  close(): Promise<void>;
}

export async function startLiveServerRun(options: {
  /** Names the run's temporary directory. */
  name: string;
  /** Extra server environment (e.g. ADMIN_EMAIL). */
  env?: Record<string, string>;
  /** Delays of the sandbox's webhook redeliveries. */
  webhookRetryDelaysMs?: number[];
}): Promise<LiveServerRun> {
  const runDir = mkdtempSync(path.join(tmpdir(), `cobro-${options.name}-e2e-`));
  // PostgreSQL runs as the postgres user when we are root: it must be able to enter the directory.
  chmodSync(runDir, 0o755);
  mkdirSync(path.join(runDir, "server"));
  const webhookSecret = randomBytes(16).toString("hex");
  const sandbox = await createSandbox({
    webhookSecret,
    dataDir: path.join(runDir, "sandbox"),
    ...(options.webhookRetryDelaysMs ? { webhookRetryDelaysMs: options.webhookRetryDelaysMs } : {}),
  });
  const seller = sandbox.control.defaultSeller;
  const serverEnv = {
    MP_ACCESS_TOKEN: seller.accessToken,
    MP_PUBLIC_KEY: seller.publicKey,
    MP_WEBHOOK_SECRET: webhookSecret,
    MP_API_URL: sandbox.url,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    ...options.env,
  };
  const start = () => startServerProcess(serverEnv, { dataDir: path.join(runDir, "server") });
  let server: ServerProcess;
  try {
    server = await start();
  } catch (error) {
    await sandbox.close();
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  const run: LiveServerRun = {
    sandbox,
    server,
    async restart() {
      run.server = await start();
      return run.server;
    },
    async close() {
      await run.server.dispose();
      await sandbox.close();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
  return run;
}

/** A run whose server made its first admin from ADMIN_EMAIL/ADMIN_PASSWORD, signed in over HTTP as that admin. */
export interface AdminLiveServerRun {
  readonly sandbox: Sandbox;
  /** The server now running (replaced by `restart`). */
  readonly server: ServerProcess;
  /** The first admin's session. */
  readonly admin: HttpSession;
  restart(): Promise<ServerProcess>;
}

/**
 * Starts a run for a test file (`beforeAll`) whose server creates its first admin, signs that admin in, and ends the
 * run after the file (`afterAll`). The returned handle reads the live run, so use it inside tests and hooks only.
 * `setUp` runs once the server is up, before the admin signs in (e.g. to point the sandbox's notifications at it).
 */
export function useAdminLiveServerRun(options: {
  name: string;
  env?: Record<string, string>;
  setUp?: (run: LiveServerRun) => void | Promise<void>;
}): AdminLiveServerRun {
  const email = `${options.name}-admin@cobro.test`;
  const password = "a-long-admin-password";
  let run: LiveServerRun | undefined;
  let admin: HttpSession | undefined;
  const started = () => {
    if (!run || !admin) throw new Error("the live server run is used before its beforeAll started it");
    return { run, admin };
  };
  beforeAll(async () => {
    run = await startLiveServerRun({
      name: options.name,
      env: { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, ...options.env },
    });
    await options.setUp?.(run);
    admin = await signInOverHttp(run.server.url, email, password);
  }, 180_000);
  afterAll(() => run?.close(), 60_000);
  return {
    get sandbox() {
      return started().run.sandbox;
    },
    get server() {
      return started().run.server;
    },
    get admin() {
      return started().admin;
    },
    restart: () => started().run.restart(),
  };
}
