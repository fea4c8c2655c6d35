// Browser tests of the shopper pages against the real product: the server as
// `npm start` runs it (embedded PostgreSQL + embedded provider sandbox), on
// free ports with a fresh data directory per run, plus a Brazilian store for
// Pix and a store of its own for the spec that moves the sandbox's clock (see
// e2e/support/e2e-env.ts). The Chromium @cobro/test-browser finds (Debian's,
// CHROMIUM_PATH, or one shipped in an npm package), never a downloaded browser. One worker: the machine has two cores and the stores
// are shared. Two runs on one machine do not meet: each takes its own ports
// and its own run directory, and removes only that directory.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { testBrowser } from "@cobro/test-browser";
import { defineConfig } from "@playwright/test";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DATA_DIR_VARIABLE,
  MAIN_STORE,
  PORTS_VARIABLE,
  SIDE_STORES_READY_URL,
} from "./e2e/support/e2e-env";

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webDir, "../..");

// The config is loaded by the runner and again by each worker; the first load (the runner's) creates the run's
// directory and the workers inherit it through the environment. The stores stop after the last global teardown,
// so the runner removes the directory as it exits, once they are gone.
if (!process.env[DATA_DIR_VARIABLE]) {
  const dir = mkdtempSync(path.join(tmpdir(), "cobro-e2e-"));
  // PostgreSQL runs as the postgres user when we are root: it must be able to enter the directory.
  chmodSync(dir, 0o755);
  process.env[DATA_DIR_VARIABLE] = dir;
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
}
const dataDir = process.env[DATA_DIR_VARIABLE] ?? "";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  // A flaky test must show up as a failure, not pass on its second try.
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: MAIN_STORE.baseUrl,
    locale: "en-US",
    timezoneId: "America/Argentina/Buenos_Aires",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: testBrowser(),
  },
  webServer: [
    {
      // The product as `npm start` runs it (building what is stale), on a fresh data directory.
      command: "npm start",
      cwd: repoRoot,
      url: `${MAIN_STORE.baseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      env: {
        PORT: String(MAIN_STORE.port),
        EMBEDDED_POSTGRES_PORT: String(MAIN_STORE.postgresPort),
        SANDBOX_PORT: String(MAIN_STORE.sandboxPort),
        // The local mail catcher (no SMTP_URL): the tests read what the shop sends from its inbox's API.
        MAIL_CATCHER_SMTP_PORT: String(MAIN_STORE.mailSmtpPort),
        MAIL_CATCHER_WEB_PORT: String(MAIN_STORE.mailWebPort),
        DATA_DIR: path.join(dataDir, MAIN_STORE.name),
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        [DATA_DIR_VARIABLE]: dataDir,
        [PORTS_VARIABLE]: process.env[PORTS_VARIABLE] ?? "",
      },
    },
    {
      // The side stores, started together after the first (so the web app is already built): the Brazilian store
      // (Pix) and the clock store (only the spec that moves the sandbox's clock uses it).
      command: "npx tsx --conditions=@cobro/source apps/web/e2e/support/start-side-stores.ts",
      cwd: repoRoot,
      url: SIDE_STORES_READY_URL,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      env: { [DATA_DIR_VARIABLE]: dataDir, [PORTS_VARIABLE]: process.env[PORTS_VARIABLE] ?? "" },
    },
  ],
});
