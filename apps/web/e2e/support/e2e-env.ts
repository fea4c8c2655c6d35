// Where the stores of an end-to-end run live. Fixed ports, so a test and the
// config agree without passing anything around; a fresh data directory per run
// (created by playwright.config.ts and handed to the workers through the
// environment they inherit).
import { readFileSync } from "node:fs";
import path from "node:path";

/** A store the tests drive: the product as `npm start` runs it, on its own ports and data. */
export interface StoreEnv {
  name: "main" | "brazil";
  port: number;
  postgresPort: number;
  sandboxPort: number;
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

function store(name: StoreEnv["name"], port: number, postgresPort: number, sandboxPort: number): StoreEnv {
  return {
    name,
    port,
    postgresPort,
    sandboxPort,
    baseUrl: `http://127.0.0.1:${port}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    dataDir: () => path.join(runDataDir(), name),
  };
}

/** The store as `npm start` runs it: embedded PostgreSQL and the embedded sandbox (an Argentine seller, ARS). */
export const MAIN_STORE = store("main", 3210, 54330, 8795);

/**
 * A Brazilian store (BRL, Pix): the same server in live mode, pointed at a sandbox whose seller is in MLB. The
 * embedded sandbox of `npm start` always plays an MLA seller, and Pix only exists in Brazil.
 */
export const BRAZIL_STORE = store("brazil", 3211, 54331, 8796);

export const ADMIN_EMAIL = "admin@e2e.test";
export const ADMIN_PASSWORD = "e2e-admin-password";

/** The sandbox's default seller (provider-sandbox README): its access token works on both sandboxes. */
export const SANDBOX_ACCESS_TOKEN = "TEST-0000000000000000-000000-00000000000000000000000000000000-1000001";

/** The superuser password the embedded PostgreSQL keeps in its data directory (db/embedded-postgres.ts). */
export function postgresConnectionString(target: StoreEnv): string {
  const password = readFileSync(path.join(target.dataDir(), "postgres", "cobro-password"), "utf8").trim();
  return `postgres://postgres:${password}@127.0.0.1:${target.postgresPort}/cobro`;
}
