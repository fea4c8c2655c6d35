// `npm start`: one command from a fresh clone to a running shop. Loads the
// environment, starts (or connects to) PostgreSQL, migrates, seeds the demo
// catalog and the first admin, starts the provider (the embedded sandbox
// unless real credentials are set), the job queue and the HTTP server, and
// prints what a developer needs. Ctrl-C stops everything in reverse order, so
// no PostgreSQL process is left behind.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { resolveTokenEncryptionKey } from "./crypto/token-encryption";
import { createDatabase } from "./db/database";
import { findFreePort, startEmbeddedPostgres } from "./db/embedded-postgres";
import { migrateToLatest } from "./db/migrate";
import type { AppDeps } from "./deps";
import { ensureFirstAdmin } from "./domain/accounts/ensure-first-admin";
import { seedDemoCatalog } from "./domain/catalog/seed-demo-catalog";
import { loadEnv } from "./env";
import { startJobQueue } from "./jobs/queue";
import { createLogger, type Logger } from "./logging/logger";
import { SANDBOX_TEST_CARD_HINTS, startProvider } from "./provider/provider-setup";

/** A second signal this long after the first forces the exit. */
const FORCE_EXIT_AFTER_MS = 2000;

/** Work still to undo on shutdown, run last-in first-out. */
type Stopper = { name: string; stop: () => Promise<void> };

function log(message: string): void {
  console.log(`[cobro] ${message}`);
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolveClose) => {
    // Keep-alive sockets would hold close() open: end idle ones now and any busy one after a grace period.
    const force = setTimeout(() => server.closeAllConnections(), 5000);
    server.close(() => {
      clearTimeout(force);
      resolveClose();
    });
    server.closeIdleConnections();
  });
}

function listen(server: Server): Promise<AddressInfo> {
  return new Promise((resolveListen, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      resolveListen(server.address() as AddressInfo);
    });
  });
}

function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

let logger: Logger = createLogger({ level: "info", pretty: false });

async function main(): Promise<void> {
  const stoppers: Stopper[] = [];
  let stoppingSince: number | null = null;

  const shutdown = async (reason: string, exitCode: number): Promise<void> => {
    if (stoppingSince !== null) {
      // Ctrl-C reaches us twice at once (the terminal signals the whole process group, and tsx relays it):
      // only a later, deliberate second signal skips the orderly shutdown.
      if (Date.now() - stoppingSince < FORCE_EXIT_AFTER_MS) return;
      log(`${reason} again: exiting at once`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    log(`${reason}: shutting down…`);
    for (const { name, stop } of stoppers.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error(`[cobro] stopping ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        exitCode = 1;
      }
    }
    log(exitCode === 0 ? "Stopped." : "Stopped, with errors.");
    process.exit(exitCode);
  };
  // Registered first: a signal during startup still stops what already runs. `on`, not `once`: while our
  // listener stays registered, embedded-postgres leaves the shutdown order to us.
  process.on("SIGINT", () => void shutdown("SIGINT", 0));
  process.on("SIGTERM", () => void shutdown("SIGTERM", 0));

  try {
    const env = loadEnv();
    logger = createLogger({
      level: env.LOG_LEVEL,
      pretty: (env.LOG_FORMAT ?? (env.NODE_ENV === "production" ? "json" : "pretty")) === "pretty",
    });
    const dataDir = resolve(env.DATA_DIR);
    // PORT=0 means "any free port"; the URL must be known before the sandbox starts (it posts webhooks there).
    const port = env.PORT === 0 ? await findFreePort() : env.PORT;
    const publicUrl = (env.PUBLIC_URL ?? `http://${hostForUrl(env.HOST)}:${port}`).replace(/\/+$/, "");

    let connectionString = env.DATABASE_URL;
    if (!connectionString) {
      const postgres = await startEmbeddedPostgres({
        dataDir: resolve(dataDir, "postgres"),
        port: env.EMBEDDED_POSTGRES_PORT,
      });
      stoppers.push({ name: "PostgreSQL", stop: postgres.stop });
      connectionString = postgres.connectionString;
      log(`Embedded PostgreSQL on port ${postgres.port} (data in ${postgres.dataDir})`);
    }
    // A terminal's Ctrl-C also reaches PostgreSQL (same process group), which then drops our connections
    // while we shut down in order: those errors are expected, not worth a log line.
    const quietWhileStopping = (label: string) => (error: Error) => {
      if (stoppingSince === null) console.error(`[cobro] ${label}: ${error.message}`);
    };
    const db = createDatabase(connectionString, { onPoolError: quietWhileStopping("database connection") });
    stoppers.push({ name: "database pool", stop: () => db.destroy() });
    const migrations = await migrateToLatest(db);
    if (migrations.length > 0) log(`Applied ${migrations.length} migration(s)`);

    const seeded = await seedDemoCatalog({ db });
    if (seeded > 0) log(`Seeded the demo catalog (${seeded} products)`);
    const admin = await ensureFirstAdmin({ db, email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

    const providerRuntime = await startProvider({ env, dataDir, publicUrl });
    stoppers.push({ name: "provider sandbox", stop: () => providerRuntime.close() });
    const tokenEncryptionKey = await resolveTokenEncryptionKey({
      configuredKey: env.TOKEN_ENCRYPTION_KEY,
      mode: providerRuntime.settings.mode,
      dataDir,
    });

    const jobQueue = await startJobQueue({ connectionString, onError: quietWhileStopping("job queue") });
    stoppers.push({ name: "job queue", stop: () => jobQueue.stop() });

    const deps: AppDeps = {
      env,
      db,
      provider: providerRuntime.provider,
      providerSettings: providerRuntime.settings,
      jobs: jobQueue.queue,
      tokenEncryptionKey,
      publicUrl,
      now: () => new Date(),
      logger,
    };
    await jobQueue.startWorkers(deps);

    const server = serve({ fetch: createApp(deps).fetch, port, hostname: env.HOST }) as Server;
    await listen(server);
    stoppers.push({ name: "HTTP server", stop: () => closeServer(server) });

    const lines = [
      `Cobro is running at ${publicUrl}`,
      `Provider: ${providerRuntime.settings.mode === "sandbox" ? `embedded sandbox at ${providerRuntime.settings.apiUrl}` : `Mercado Pago (live) at ${providerRuntime.settings.apiUrl}`}`,
      admin.notice,
    ];
    if (admin.generatedPassword) {
      lines.push(`  Admin sign-in: ${admin.email}  password: ${admin.generatedPassword}  (shown only this once)`);
    }
    if (providerRuntime.settings.mode === "sandbox") lines.push(...SANDBOX_TEST_CARD_HINTS);
    lines.push("Press Ctrl-C to stop.");
    for (const line of lines) log(line);
  } catch (error) {
    console.error(`[cobro] could not start: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown("startup failed", 1);
  }
}

void main();
