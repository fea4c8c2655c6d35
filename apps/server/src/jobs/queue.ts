// The job queue: pg-boss on the app's own PostgreSQL, in its own schema, so
// jobs survive restarts and several server instances share the work without a
// second piece of infrastructure. Which jobs exist and who handles them is
// decided in one place, `workers.ts`.
import PgBoss from "pg-boss";
import { DATABASE_CONNECTION_TIMEOUT_MS } from "../db/database";
import type { AppDeps, JobQueue } from "../deps";
import { fallbackLogger, type Logger } from "../logging/logger";
import { JOB_DEFINITIONS, type JobDefinition } from "./workers";

/** The PostgreSQL schema pg-boss keeps its tables in (never the app's schema). */
export const JOB_QUEUE_SCHEMA = "pgboss";

export interface StartJobQueueOptions {
  connectionString: string;
  /** Default `JOB_QUEUE_SCHEMA`. */
  schema?: string;
  /** How often idle workers look for jobs; default 2 s (a local enqueue wakes them at once anyway). */
  pollingIntervalSeconds?: number;
  /** Default `JOB_DEFINITIONS`; tests may shorten retry delays. */
  definitions?: readonly JobDefinition[];
  /** Where queue errors go; default: logged at error through `logger`. */
  onError?: (error: Error) => void;
  /** Default: a JSON logger (main.ts passes its root logger). Workers log through their deps' logger. */
  logger?: Logger;
  /** Size of pg-boss's own connection pool; default 4. */
  maxConnections?: number;
}

export interface StartedJobQueue {
  /** What the rest of the app uses to enqueue (`AppDeps.jobs`). */
  queue: JobQueue;
  /** Registers a worker for every job definition; call once `deps` is complete. */
  startWorkers(deps: AppDeps): Promise<void>;
  /** Stops taking jobs, waits for running ones (up to `timeoutMs`, default 10 s) and closes the pool. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * Connects pg-boss (creating or migrating its schema), creates the queues of
 * every job definition with their retry policy, and returns the enqueue side
 * at once; workers start with `startWorkers(deps)`, because the handlers need
 * the finished `AppDeps`, and that bag in turn holds this queue.
 */
export async function startJobQueue(options: StartJobQueueOptions): Promise<StartedJobQueue> {
  const definitions = options.definitions ?? JOB_DEFINITIONS;
  const logger = options.logger ?? fallbackLogger();
  const onError = options.onError ?? ((error: Error) => logger.error({ err: error }, "job queue failed"));
  // pg-boss hands its options to pg.Pool as they are (src/db.js), though its types list only a few: the same
  // connect timeout and keep-alive as the app's pool, so a failover's unreachable host fails a poll in seconds.
  const poolSettings: Record<string, unknown> = {
    connectionTimeoutMillis: DATABASE_CONNECTION_TIMEOUT_MS,
    keepAlive: true,
  };
  const boss = new PgBoss({
    ...poolSettings,
    connectionString: options.connectionString,
    schema: options.schema ?? JOB_QUEUE_SCHEMA,
    application_name: "cobro-jobs",
    max: options.maxConnections ?? 4,
    ...(options.pollingIntervalSeconds !== undefined ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
  });
  boss.on("error", onError);
  await boss.start();

  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  for (const definition of definitions) {
    const queue = {
      name: definition.name,
      policy: definition.policy,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: definition.retryBackoff,
      expireInSeconds: definition.expireInSeconds,
    };
    if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, queue);
    else await boss.createQueue(definition.name, queue);
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
  }

  const workerIds = new Map<string, string>();

  const queue: JobQueue = {
    async enqueue(name, data, enqueueOptions = {}) {
      if (!byName.has(name)) throw new Error(`Unknown job ${name}: add it to JOB_DEFINITIONS in src/jobs/workers.ts`);
      const id = await boss.send(name, data, {
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
        ...(enqueueOptions.startAfterSeconds ? { startAfter: enqueueOptions.startAfterSeconds } : {}),
      });
      // A worker in this process picks the job up now instead of at its next poll.
      const workerId = workerIds.get(name);
      if (workerId && !enqueueOptions.startAfterSeconds) boss.notifyWorker(workerId);
      return id;
    },
  };

  let stopping: Promise<void> | null = null;
  return {
    queue,
    async startWorkers(deps) {
      for (const definition of definitions) {
        if (workerIds.has(definition.name)) continue;
        const workerId = await boss.work<Record<string, unknown>>(definition.name, async (jobs) => {
          // batchSize is 1: one failing job must not fail (and retry) its neighbours.
          // Each job logs through its own child logger, so every line names the job.
          for (const job of jobs) {
            const jobDeps: AppDeps = { ...deps, logger: deps.logger.child({ job: definition.name, jobId: job.id }) };
            await definition.handle({ deps: jobDeps, data: job.data, jobId: job.id });
          }
        });
        workerIds.set(definition.name, workerId);
      }
    },
    stop(stopOptions = {}) {
      stopping ??= boss.stop({ graceful: true, wait: true, close: true, timeout: stopOptions.timeoutMs ?? 10_000 });
      return stopping;
    },
  };
}
