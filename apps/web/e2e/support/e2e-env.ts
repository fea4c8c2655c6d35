// Where the stores of an end-to-end run live: free ports and a fresh data
// directory per run, so two runs on one machine never meet. Both are chosen
// once, by the first load of this module (the runner's, through
// playwright.config.ts), and handed to the workers and web servers through the
// environment they inherit.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/** A store the tests drive: the product as `npm start` runs it, on its own ports and data. */
export interface StoreEnv {
  name: "main" | "brazil" | "clock";
  port: number;
  postgresPort: number;
  sandboxPort: number;
  /** The local mail catcher's SMTP and inbox ports (0 for the Brazilian store: it picks free ones itself). */
  mailSmtpPort: number;
  mailWebPort: number;
  /** The mail catcher's inbox (its REST API is under /api). */
  inboxUrl: string;
  baseUrl: string;
  sandboxUrl: string;
  /** Under the run's data directory. */
  dataDir: () => string;
}

/** Set by playwright.config.ts for the whole run (the runner's children inherit it). */
export const DATA_DIR_VARIABLE = "COBRO_E2E_DATA_DIR";

export function runDataDir(): string {
  const dir = process.env[DATA_DIR_VARIABLE];
  if (!dir) throw new Error(`${DATA_DIR_VARIABLE} is not set: run the tests through playwright.config.ts`);
  return dir;
}

/** The run's ports (JSON: twelve numbers), set on the first load. */
export const PORTS_VARIABLE = "COBRO_E2E_PORTS";

/**
 * TCP ports that were free a moment ago, all held open at once so they differ. Synchronous (a child node
 * process) because the stores below are module constants the config and the tests import.
 */
function pickFreePorts(count: number): number[] {
  const script = `
    const net = require("node:net");
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((server) => new Promise((resolve) => server.listen(0, "127.0.0.1", resolve)))).then(() => {
      process.stdout.write(JSON.stringify(servers.map((server) => server.address().port)));
      for (const server of servers) server.close();
    });`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as number[];
}

function runPorts(): number[] {
  const chosen = process.env[PORTS_VARIABLE];
  if (chosen) return JSON.parse(chosen) as number[];
  const ports = pickFreePorts(12);
  process.env[PORTS_VARIABLE] = JSON.stringify(ports);
  return ports;
}

const [
  mainPort = 0,
  mainPostgresPort = 0,
  mainSandboxPort = 0,
  brazilPort = 0,
  brazilPostgresPort = 0,
  brazilSandboxPort = 0,
  mainMailSmtpPort = 0,
  mainMailWebPort = 0,
  clockPort = 0,
  clockPostgresPort = 0,
  clockSandboxPort = 0,
  sideStoresReadyPort = 0,
] = runPorts();

function store(
  name: StoreEnv["name"],
  port: number,
  postgresPort: number,
  sandboxPort: number,
  mail: { smtpPort: number; webPort: number } = { smtpPort: 0, webPort: 0 },
): StoreEnv {
  return {
    name,
    port,
    postgresPort,
    sandboxPort,
    mailSmtpPort: mail.smtpPort,
    mailWebPort: mail.webPort,
    inboxUrl: `http://127.0.0.1:${mail.webPort}`,
    baseUrl: `http://127.0.0.1:${port}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    dataDir: () => path.join(runDataDir(), name),
  };
}

/** The store as `npm start` runs it: embedded PostgreSQL and the embedded sandbox (an Argentine seller, ARS). */
export const MAIN_STORE = store("main", mainPort, mainPostgresPort, mainSandboxPort, {
  smtpPort: mainMailSmtpPort,
  webPort: mainMailWebPort,
});

/**
 * A Brazilian store (BRL, Pix): the same server in live mode, pointed at a sandbox whose seller is in MLB. The
 * embedded sandbox of `npm start` always plays an MLA seller, and Pix only exists in Brazil.
 */
export const BRAZIL_STORE = store("brazil", brazilPort, brazilPostgresPort, brazilSandboxPort);

/**
 * A store of its own for the one spec that moves the sandbox's clock (`e2e/admin/subscriptions-clock.spec.ts`):
 * `npm start` as is (embedded PostgreSQL and sandbox, an MLA seller), so moving its clock moves nothing another spec
 * sees. Only that spec may use it.
 */
export const CLOCK_STORE = store("clock", clockPort, clockPostgresPort, clockSandboxPort);

/**
 * `support/start-side-stores.ts` starts the Brazilian and the clock stores side by side (the machine builds once
 * and starts both at the same time, so the run waits for the slower one, not for their sum) and answers 200 here
 * once both are up: Playwright waits for this URL.
 */
export const SIDE_STORES_READY_URL = `http://127.0.0.1:${sideStoresReadyPort}/ready`;
export const SIDE_STORES_READY_PORT = sideStoresReadyPort;

export const ADMIN_EMAIL = "admin@e2e.test";
export const ADMIN_PASSWORD = "e2e-admin-password";

/** The sandbox's default seller (provider-sandbox README): its access token works on both sandboxes. */
export const SANDBOX_ACCESS_TOKEN = "TEST-0000000000000000-000000-00000000000000000000000000000000-1000001";

/** The superuser password the embedded PostgreSQL keeps in its data directory (db/embedded-postgres.ts). */
export function postgresConnectionString(target: StoreEnv): string {
  const password = readFileSync(path.join(target.dataDir(), "postgres", "cobro-password"), "utf8").trim();
  return `postgres://postgres:${password}@127.0.0.1:${target.postgresPort}/cobro`;
}
