// `npm start`: one command from a fresh clone to a running shop. Loads the
// environment, starts (or connects to) PostgreSQL, migrates, seeds the demo
// catalog and the first admin, starts the provider (the embedded sandbox
// unless real credentials are set), the job queue and the HTTP server, and
// prints what a developer needs.
//
// Ctrl-C (SIGINT) or SIGTERM stops everything in order: stop accepting
// connections and let the requests in flight finish (bounded), stop the job
// queue (running jobs finish, bounded), the sandbox, the database pool, and
// the embedded PostgreSQL last. PostgreSQL runs in a session of its own, so a
// terminal's Ctrl-C reaches only this process and the database stays up until
// the work that needs it is done.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { resolveTokenEncryptionKey } from "./crypto/token-encryption";
import { createDatabase } from "./db/database";
import { isDatabaseUnavailableError } from "./db/database-errors";
import { type EmbeddedPostgres, findFreePorts, startEmbeddedPostgres } from "./db/embedded-postgres";
import { migrateToLatest } from "./db/migrate";
import type { AppDeps } from "./deps";
import { refreshDemoCatalog, seedDemoCatalog } from "./domain/catalog/seed-demo-catalog";
import { seedDemoPlans } from "./domain/subscriptions/seed-demo-plans";
import { ensureFirstAdmin } from "./domain/users/ensure-first-admin";
import { DEFAULT_MAIL_FROM, type Env, loadEnv } from "./env";
import { startJobQueue } from "./jobs/queue";
import { createLogger, type Logger } from "./logging/logger";
import type { MailCatcher } from "./mail/mail-catcher";
import { createSmtpMailer, type Mailer } from "./mail/mailer";
import { createProviderCallRecorder, type ProviderCallRecorder } from "./provider/provider-call-log";
import { SANDBOX_TEST_CARD_HINTS, startProvider } from "./provider/provider-setup";

/** A second signal this long after the first forces the exit. */
const FORCE_EXIT_AFTER_MS = 2000;
/** How long requests in flight may take to finish once shutdown begins; then their connections are cut. */
const HTTP_DRAIN_TIMEOUT_MS = 10_000;
/** pg-boss's pool size: enough for a shop's webhook and reconciliation jobs. */
const JOB_QUEUE_CONNECTIONS = 2;
/** At most one "database connection failed" warning per component this often (the rest at debug). */
const CONNECTION_WARNING_INTERVAL_MS = 30_000;
/** How long running jobs may take to finish once shutdown begins. */
const JOB_DRAIN_TIMEOUT_MS = 10_000;

/** Work still to undo on shutdown, run last-in first-out. */
type Stopper = { name: string; stop: () => Promise<void> };

/**
 * Stops accepting connections, ends idle keep-alive connections as they become
 * idle (a busy one once its response is sent), and after `drainMs` cuts
 * whatever is still open.
 */
function closeServer(server: Server, drainMs: number): Promise<void> {
  return new Promise((resolveClose) => {
    const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearInterval(idleSweep);
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

function createRootLogger(env: Env | null): Logger {
  if (!env) return createLogger({ level: "info", pretty: true });
  const format = env.LOG_FORMAT ?? (env.NODE_ENV === "production" ? "json" : "pretty");
  return createLogger({ level: env.LOG_LEVEL, pretty: format === "pretty" });
}

/** Writes out buffered log lines (pino's pretty output goes through a worker) before the process exits. */
function flushLogs(logger: Logger): Promise<void> {
  return new Promise((resolveFlush) => {
    const timer = setTimeout(resolveFlush, 1000);
    logger.flush(() => {
      clearTimeout(timer);
      resolveFlush();
    });
  });
}

async function main(): Promise<void> {
  const stoppers: Stopper[] = [];
  let stoppingSince: number | null = null;
  let env: Env | null = null;
  let configError: unknown = null;
  try {
    env = loadEnv();
  } catch (error) {
    configError = error;
  }
  const logger = createRootLogger(env);

  const shutdown = async (reason: string, exitCode: number): Promise<void> => {
    if (stoppingSince !== null) {
      // Ctrl-C in a terminal reaches us twice at once (the terminal signals the foreground process group, and
      // npm relays it): only a later, deliberate second signal skips the orderly shutdown.
      if (Date.now() - stoppingSince < FORCE_EXIT_AFTER_MS) return;
      logger.warn(`${reason} again: exiting at once`);
      await flushLogs(logger);
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info(`${reason}: shutting down…`);
    for (const { name, stop } of stoppers.reverse()) {
      try {
        await stop();
        logger.debug(`stopped ${name}`);
      } catch (error) {
        logger.error({ err: error }, `stopping ${name} failed`);
        exitCode = 1;
      }
    }
    logger.info(exitCode === 0 ? "Stopped." : "Stopped, with errors.");
    await flushLogs(logger);
    process.exit(exitCode);
  };
  // Registered first: a signal during startup still stops what already runs. `on`, not `once`: while our
  // listener stays registered, embedded-postgres leaves the shutdown order to us.
  process.on("SIGINT", () => void shutdown("SIGINT", 0));
  process.on("SIGTERM", () => void shutdown("SIGTERM", 0));
  // A promise nobody awaited that failed because the database is away (a restart, a failover) is that outage
  // again, already answered elsewhere with 503s: not a reason to die. Any other is a bug: logged, then the same
  // exit Node would make, but in order.
  process.on("unhandledRejection", (reason) => {
    if (isDatabaseUnavailableError(reason)) {
      logger.warn({ err: reason }, "database unavailable (a promise nobody awaited)");
      return;
    }
    logger.fatal({ err: reason }, "unhandled promise rejection");
    void shutdown("unhandled promise rejection", 1);
  });

  try {
    if (!env) throw configError;
    const dataDir = resolve(env.DATA_DIR);
    // A port of 0 means "any free port". They are chosen together, so the HTTP server, the embedded PostgreSQL,
    // the sandbox and the mail catcher (SMTP and inbox) never pick the same one; the URL must be known before the
    // sandbox starts (it posts webhooks there).
    const [freeHttp, freePostgres, freeSandbox, freeMailSmtp, freeMailWeb] = await findFreePorts(5);
    const port = env.PORT === 0 ? (freeHttp ?? 0) : env.PORT;
    const postgresPort = env.EMBEDDED_POSTGRES_PORT === 0 ? (freePostgres ?? 0) : env.EMBEDDED_POSTGRES_PORT;
    const sandboxPort = env.SANDBOX_PORT === 0 ? (freeSandbox ?? 0) : env.SANDBOX_PORT;
    const mailSmtpPort = env.MAIL_CATCHER_SMTP_PORT === 0 ? (freeMailSmtp ?? 0) : env.MAIL_CATCHER_SMTP_PORT;
    const mailWebPort = env.MAIL_CATCHER_WEB_PORT === 0 ? (freeMailWeb ?? 0) : env.MAIL_CATCHER_WEB_PORT;
    const publicUrl = (env.PUBLIC_URL ?? `http://${hostForUrl(env.HOST)}:${port}`).replace(/\/+$/, "");

    // The provider (the sandbox: importing it and loading its spec take a few hundred ms) needs neither the
    // database nor the queue, so it starts while PostgreSQL does. Awaited below, where a failure surfaces.
    // The call log needs the database, which starts meanwhile: calls are recorded once it is there (none are made
    // before the server is up).
    let recordProviderCall: ProviderCallRecorder["onCallEnd"] | null = null;
    const providerStarting = startProvider({
      env: { ...env, SANDBOX_PORT: sandboxPort },
      dataDir,
      publicUrl,
      onCallEnd: (info) => recordProviderCall?.(info),
    });
    providerStarting.catch(() => {});

    let connectionString = env.DATABASE_URL;
    if (!connectionString) {
      // The embedded PostgreSQL is ours to keep running: if it dies (killed, out of memory), it is started again
      // on the same data and port, so the connection string stays valid. Meanwhile requests get a 503 and jobs
      // wait, exactly as when an external DATABASE_URL restarts.
      const postgresDataDir = resolve(dataDir, "postgres");
      let postgres: EmbeddedPostgres;
      const startPostgres = (onPort: number) =>
        startEmbeddedPostgres({
          dataDir: postgresDataDir,
          port: onPort,
          onUnexpectedExit: (exit) => void restart(exit),
        });
      const restart = async (exit: { code: number | null; signal: string | null }): Promise<void> => {
        if (stoppingSince !== null) return;
        logger.error(
          `Embedded PostgreSQL exited unexpectedly (code ${exit.code}, signal ${exit.signal}); starting it again`,
        );
        for (let attempt = 1; stoppingSince === null; attempt++) {
          try {
            postgres = await startPostgres(postgres.port);
            logger.info(`Embedded PostgreSQL is running again on port ${postgres.port}`);
            return;
          } catch (error) {
            const waitMs = Math.min(30_000, 500 * 2 ** attempt);
            logger.error({ err: error }, `Embedded PostgreSQL did not start again; next attempt in ${waitMs} ms`);
            await new Promise((resolveWait) => setTimeout(resolveWait, waitMs));
          }
        }
      };
      postgres = await startPostgres(postgresPort);
      stoppers.push({ name: "PostgreSQL", stop: () => postgres.stop() });
      connectionString = postgres.connectionString;
      logger.info(`Embedded PostgreSQL on port ${postgres.port} (data in ${postgres.dataDir})`);
    }
    // An idle pooled connection can fail (the database restarts, the network blips): pg reports it as an 'error'
    // event, which would end the process if nobody listened. The next query opens a fresh connection. Once a
    // pool is being closed, its connections' goodbyes can still cross PostgreSQL's own shutdown (closing a pool
    // does not wait for the sockets): expected, so only a debug line.
    // While the database is away, the job queue's workers fail at every poll (each queue every few seconds): one
    // warning per component every CONNECTION_WARNING_INTERVAL_MS says so, with the count of those in between.
    const closing = new Set<string>();
    const lastWarning = new Map<string, { at: number; suppressed: number }>();
    const onConnectionError = (component: string) => (error: Error) => {
      if (closing.has(component)) {
        logger.debug({ err: error }, `${component}: connection error while closing`);
        return;
      }
      const last = lastWarning.get(component);
      if (last && Date.now() - last.at < CONNECTION_WARNING_INTERVAL_MS) {
        last.suppressed += 1;
        logger.debug({ err: error }, `${component}: database connection failed`);
        return;
      }
      logger.warn(
        { err: error, alikeSinceLastWarning: last?.suppressed ?? 0 },
        `${component}: database connection failed`,
      );
      lastWarning.set(component, { at: Date.now(), suppressed: 0 });
    };
    const closeWith = (component: string, stop: () => Promise<void>) => () => {
      closing.add(component);
      return stop();
    };
    const db = createDatabase(connectionString, { onPoolError: onConnectionError("database pool") });
    stoppers.push({ name: "database pool", stop: closeWith("database pool", () => db.destroy()) });
    const migrations = await migrateToLatest(db);
    recordProviderCall = createProviderCallRecorder({ db, logger }).onCallEnd;
    if (migrations.length > 0) logger.info(`Applied ${migrations.length} migration(s)`);

    const seeded = await seedDemoCatalog({ db });
    if (seeded > 0) logger.info(`Seeded the demo catalog (${seeded} products)`);
    const refreshed = await refreshDemoCatalog({ db });
    if (refreshed > 0) logger.info(`Gave ${refreshed} demo product(s) their picture and translations`);
    const admin = await ensureFirstAdmin({ db, email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

    const providerRuntime = await providerStarting;
    stoppers.push({ name: "provider sandbox", stop: () => providerRuntime.close() });
    const tokenEncryptionKey = await resolveTokenEncryptionKey({
      configuredKey: env.TOKEN_ENCRYPTION_KEY,
      mode: providerRuntime.settings.mode,
      dataDir,
    });

    // E-mail: the configured SMTP server, or on embedded defaults (the sandbox, no SMTP_URL) the local mail catcher,
    // which keeps what it catches under DATA_DIR. Started before the job queue, so it stops after the queue has
    // drained (a send in flight at shutdown still reaches it). With real credentials and no SMTP_URL nothing is
    // sent: messages wait in the outbox and the send job fails (retried with backoff) until SMTP_URL is set.
    let mailCatcher: MailCatcher | null = null;
    if (!env.SMTP_URL && providerRuntime.settings.mode === "sandbox") {
      // Loaded only here: with SMTP_URL set, or in live mode, MailDev (and its web server) is never imported.
      const { startMailCatcher } = await import("./mail/mail-catcher");
      mailCatcher = await startMailCatcher({
        smtpPort: mailSmtpPort,
        webPort: mailWebPort,
        mailDirectory: resolve(dataDir, "mail"),
      });
      const catcher = mailCatcher;
      stoppers.push({ name: "mail catcher", stop: () => catcher.stop() });
    }
    const smtpUrl = env.SMTP_URL ?? mailCatcher?.smtpUrl ?? null;
    const mailer: Mailer = smtpUrl
      ? createSmtpMailer({ smtpUrl, from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM })
      : {
          send: () => Promise.reject(new Error("SMTP_URL is not set: e-mail cannot be sent")),
          close: () => {},
        };
    stoppers.push({ name: "mailer", stop: async () => mailer.close() });

    // Two connections carry a shop's jobs (the workers poll in turn); each idle PostgreSQL connection is a
    // process of its own, which on embedded defaults is most of the memory the product uses.
    const jobQueue = await startJobQueue({
      connectionString,
      onError: onConnectionError("job queue"),
      maxConnections: JOB_QUEUE_CONNECTIONS,
    });
    stoppers.push({
      name: "job queue",
      stop: closeWith("job queue", () => jobQueue.stop({ timeoutMs: JOB_DRAIN_TIMEOUT_MS })),
    });

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
      mailer,
    };
    if (providerRuntime.settings.mode === "sandbox") {
      // A fresh sandbox has no plans: two demo plans let a newcomer subscribe at once. Not fatal when it fails.
      await seedDemoPlans({ provider: providerRuntime.provider, publicUrl }).then(
        (created) => {
          if (created > 0) logger.info(`Seeded ${created} demo subscription plan(s)`);
        },
        (error: unknown) => logger.warn({ err: error }, "Could not seed the demo subscription plans"),
      );
    }
    await jobQueue.startWorkers(deps);

    const server = serve({
      fetch: createApp(deps).fetch,
      port,
      hostname: env.HOST,
      serverOptions: {
        // A client that trickles its headers or body holds a connection and a request slot: cut it off.
        headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
        requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
        // How often Node checks those two timeouts (default 30 s, which would stretch them by up to that much).
        connectionsCheckingInterval: Math.min(1000, env.HTTP_HEADERS_TIMEOUT_MS),
      },
    }) as Server;
    await listen(server);
    stoppers.push({ name: "HTTP server", stop: () => closeServer(server, HTTP_DRAIN_TIMEOUT_MS) });

    const lines = [
      `Cobro is running at ${publicUrl}`,
      `Provider: ${providerRuntime.settings.mode === "sandbox" ? `embedded sandbox at ${providerRuntime.settings.apiUrl}` : `Mercado Pago (live) at ${providerRuntime.settings.apiUrl}`}`,
      mailCatcher
        ? `E-mail: caught locally; inbox at ${mailCatcher.inboxUrl}`
        : env.SMTP_URL
          ? "E-mail: sent through SMTP_URL"
          : "E-mail: NOT sent (set SMTP_URL and MAIL_FROM); messages wait in the outbox",
      admin.notice,
    ];
    if (admin.generatedPassword) {
      lines.push(`  Admin sign-in: ${admin.email}  password: ${admin.generatedPassword}  (shown only this once)`);
    }
    if (providerRuntime.settings.mode === "sandbox") lines.push(...SANDBOX_TEST_CARD_HINTS);
    lines.push("Press Ctrl-C to stop.");
    for (const line of lines) logger.info(line);
  } catch (error) {
    logger.fatal({ err: error }, `could not start: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown("startup failed", 1);
  }
}

void main();
