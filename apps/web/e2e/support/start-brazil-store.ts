// Starts the Brazilian store of the end-to-end run: a provider sandbox whose
// default seller is in MLB (BRL, Pix, boleto), and Cobro's server in live mode
// pointed at it (MP_API_URL), exactly as it would talk to the real Mercado
// Pago. Run by playwright.config.ts as a web server; stops both on SIGTERM.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createSandbox } from "@cobro/provider-sandbox";
import { ADMIN_EMAIL, ADMIN_PASSWORD, BRAZIL_STORE } from "./e2e-env";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const dataDir = BRAZIL_STORE.dataDir();
mkdirSync(dataDir, { recursive: true });
// PostgreSQL runs as the postgres user when we are root: it must be able to enter the directory.
chmodSync(dataDir, 0o755);

const webhookSecret = randomBytes(32).toString("hex");
const sandbox = await createSandbox({
  port: BRAZIL_STORE.sandboxPort,
  host: "127.0.0.1",
  webhookSecret,
  defaultSiteId: "MLB",
  defaultNotificationUrl: `${BRAZIL_STORE.baseUrl}/api/webhooks/mercadopago`,
});
const seller = sandbox.control.defaultSeller;

// As `npm start` runs it: build what is stale (nothing, normally: the main store's `npm start` built it), then
// the compiled server, in a process group of its own.
execFileSync(process.execPath, [path.join(repoRoot, "scripts/build-stale.mjs")], { cwd: repoRoot, stdio: "inherit" });
const server = spawn(process.execPath, ["dist/main.js"], {
  cwd: path.join(repoRoot, "apps/server"),
  stdio: "inherit",
  detached: true,
  env: {
    ...process.env,
    PORT: String(BRAZIL_STORE.port),
    EMBEDDED_POSTGRES_PORT: String(BRAZIL_STORE.postgresPort),
    DATA_DIR: dataDir,
    MP_ACCESS_TOKEN: seller.accessToken,
    MP_PUBLIC_KEY: seller.publicKey,
    MP_WEBHOOK_SECRET: webhookSecret,
    MP_API_URL: sandbox.url,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  },
});

let stopping = false;
async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.pid !== undefined) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    process.kill(-server.pid, "SIGTERM");
    await exited;
    // Anything else the server started in its group must be gone too (20 s at most).
    await waitForGroupExit(server.pid, 20_000);
  }
  await sandbox.close();
  process.exit(exitCode);
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

server.once("exit", (code) => void stop(code ?? 1));
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
