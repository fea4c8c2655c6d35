// The setting of the process-level money tests: a sandbox started in the test
// process and the compiled server in live mode pointed at it, so the server
// holds no provider state of its own and can crash while the provider keeps
// its state. Everything lives in one temporary directory of the run.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSandbox, type Sandbox } from "@cobro/provider-sandbox";
import { type ServerProcess, startServerProcess } from "./server-process";

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
