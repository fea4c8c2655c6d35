// Starts the end-to-end run's side stores, side by side, once the main store (`npm start`) has built everything:
//
// - brazil: a provider sandbox whose default seller is in MLB (BRL, Pix, boleto), and Cobro's server in live mode
//   pointed at it (MP_API_URL), exactly as it would talk to the real Mercado Pago;
// - clock: the server as `npm start` runs it (embedded PostgreSQL and sandbox, an MLA seller) on its own ports and
//   data, for the one spec that moves the sandbox's clock (moving the main store's would move it for every later
//   spec).
//
// Both start at the same time (the run waits for the slower, not for their sum), and SIDE_STORES_READY_URL
// answers 200 once both are healthy: Playwright waits for it. Run by playwright.config.ts as a web server; stops
// everything it started on SIGTERM.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createSandbox } from "mercadopago-sandbox";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BRAZIL_STORE,
  CLOCK_STORE,
  SIDE_STORES_READY_PORT,
  type StoreEnv,
} from "./e2e-env";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

function dataDirOf(store: StoreEnv): string {
  const dir = store.dataDir();
  mkdirSync(dir, { recursive: true });
  // PostgreSQL runs as the postgres user when we are root: it must be able to enter the directory.
  chmodSync(dir, 0o755);
  return dir;
}

const webhookSecret = randomBytes(32).toString("hex");
const brazilSandbox = await createSandbox({
  port: BRAZIL_STORE.sandboxPort,
  host: "127.0.0.1",
  webhookSecret,
  defaultSiteId: "MLB",
  defaultNotificationUrl: `${BRAZIL_STORE.baseUrl}/api/webhooks/mercadopago`,
});
const brazilSeller = brazilSandbox.control.defaultSeller;

// As `npm start` runs it: build what is stale (nothing, normally: the main store's `npm start` built it), then
// the compiled servers, each in a process group of its own.
execFileSync(process.execPath, [path.join(repoRoot, "scripts/build-stale.mjs")], { cwd: repoRoot, stdio: "inherit" });

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ["--max-semi-space-size=2", "dist/main.js"], {
    cwd: path.join(repoRoot, "apps/server"),
    stdio: "inherit",
    detached: true,
    env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, ...env },
  });
}

const servers = [
  startServer({
    PORT: String(BRAZIL_STORE.port),
    EMBEDDED_POSTGRES_PORT: String(BRAZIL_STORE.postgresPort),
    DATA_DIR: dataDirOf(BRAZIL_STORE),
    MP_ACCESS_TOKEN: brazilSeller.accessToken,
    MP_PUBLIC_KEY: brazilSeller.publicKey,
    MP_WEBHOOK_SECRET: webhookSecret,
    MP_API_URL: brazilSandbox.url,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  }),
  // No credentials: the embedded sandbox plays the provider, as with `npm start`; the mail catcher takes free ports.
  startServer({
    PORT: String(CLOCK_STORE.port),
    EMBEDDED_POSTGRES_PORT: String(CLOCK_STORE.postgresPort),
    SANDBOX_PORT: String(CLOCK_STORE.sandboxPort),
    DATA_DIR: dataDirOf(CLOCK_STORE),
  }),
];

async function healthy(store: StoreEnv): Promise<boolean> {
  try {
    return (await fetch(`${store.baseUrl}/api/health`)).ok;
  } catch {
    return false;
  }
}

// Answers 200 once both stores answer their health check, 503 before.
const ready = createServer((_request, response) => {
  void Promise.all([healthy(BRAZIL_STORE), healthy(CLOCK_STORE)]).then((answers) => {
    response.writeHead(answers.every(Boolean) ? 200 : 503).end();
  });
});
ready.listen(SIDE_STORES_READY_PORT, "127.0.0.1");

let stopping = false;
async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  ready.close();
  await Promise.all(servers.map((server) => stopServer(server)));
  await brazilSandbox.close();
  process.exit(exitCode);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  await exited;
  // Anything else the server started in its group must be gone too (20 s at most).
  await waitForGroupExit(server.pid, 20_000);
}

async function waitForGroupExit(groupId: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(-groupId, 0);
    } catch {
      return; // ESRCH: nothing left in the group
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const server of servers) server.once("exit", (code) => void stop(code ?? 1));
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
