// Rate limits with rate-limiter-flexible on the app's own PostgreSQL, so every
// server instance shares the counts (nothing is kept in one process's memory).
//
// All limiters share one table, `rate_limits`, created by migration 0003 (so
// `tableCreated: true`: no DDL at run time); each limiter's keys are prefixed
// with its name. The limiter talks to the database through the app's kysely
// pool (a pg-Pool-shaped adapter below), so it needs no connection of its own.
// Expired rows are deleted by the prune job (jobs/workers.ts), once per hour
// across all instances, instead of a timer in every process.
//
// rate-limiter-flexible reads the clock with Date.now(); tests move it with
// vi.setSystemTime.
import { CompiledQuery, type Kysely } from "kysely";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { DB } from "../db/schema";

export const RATE_LIMITS_TABLE = "rate_limits";

export interface RateLimitRule {
  /** Names the limiter; prefixes its keys. */
  name: string;
  /** Points (events) allowed per `durationSeconds`. */
  points: number;
  durationSeconds: number;
  /** Once over the limit, refuse for this long (default: until the window ends). */
  blockDurationSeconds?: number;
}

export type RateLimitOutcome = { limited: false; remaining: number; consumed: number } | RateLimited;

export interface RateLimited {
  limited: true;
  /** Whole seconds until the key may try again (at least 1). */
  retryAfterSeconds: number;
}

/** pg.Pool's `query(config)` as rate-limiter-flexible calls it, answered by kysely's pool. */
function poolAdapter(db: Kysely<DB>) {
  return {
    async query(config: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(config.text, config.values ?? []));
      const affected = result.numAffectedRows;
      return {
        rows: result.rows,
        rowCount: affected !== undefined ? Number(affected) : result.rows.length,
      };
    },
  };
}

const limiters = new WeakMap<Kysely<DB>, Map<string, RateLimiterPostgres>>();

/** The limiter for a rule on this database (one instance per database and rule). */
export function rateLimiterFor(db: Kysely<DB>, rule: RateLimitRule): RateLimiterPostgres {
  let byName = limiters.get(db);
  if (!byName) {
    byName = new Map();
    limiters.set(db, byName);
  }
  const cacheKey = `${rule.name}:${rule.points}:${rule.durationSeconds}:${rule.blockDurationSeconds ?? 0}`;
  let limiter = byName.get(cacheKey);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: poolAdapter(db),
      storeType: "pool",
      tableName: RATE_LIMITS_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.durationSeconds,
      ...(rule.blockDurationSeconds !== undefined ? { blockDuration: rule.blockDurationSeconds } : {}),
    });
    byName.set(cacheKey, limiter);
  }
  return limiter;
}

/** Counts one event for `key`; `limited` when it went over the rule (a database failure rejects). */
export async function consumeRateLimit(db: Kysely<DB>, rule: RateLimitRule, key: string): Promise<RateLimitOutcome> {
  try {
    const res = await rateLimiterFor(db, rule).consume(key);
    return { limited: false, remaining: res.remainingPoints, consumed: res.consumedPoints };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { limited: true, retryAfterSeconds: secondsOf(rejection) };
    throw rejection;
  }
}

/** The key's state without counting: `limited` when its points are used up (or it is blocked). */
export async function peekRateLimit(db: Kysely<DB>, rule: RateLimitRule, key: string): Promise<RateLimitOutcome> {
  const res = await rateLimiterFor(db, rule).get(key);
  if (res === null) return { limited: false, remaining: rule.points, consumed: 0 };
  if (res.consumedPoints >= rule.points && res.msBeforeNext > 0) {
    return { limited: true, retryAfterSeconds: secondsOf(res) };
  }
  return { limited: false, remaining: res.remainingPoints, consumed: res.consumedPoints };
}

/** Refuses the key for `seconds` from now, whatever it counted. */
export async function blockRateLimit(db: Kysely<DB>, rule: RateLimitRule, key: string, seconds: number): Promise<void> {
  await rateLimiterFor(db, rule).block(key, seconds);
}

/** Takes back `points` counted for the key (e.g. an attempt that turned out fine). */
export async function rewardRateLimit(db: Kysely<DB>, rule: RateLimitRule, key: string, points = 1): Promise<void> {
  await rateLimiterFor(db, rule).reward(key, points);
}

/** Forgets the key. */
export async function clearRateLimit(db: Kysely<DB>, rule: RateLimitRule, key: string): Promise<void> {
  await rateLimiterFor(db, rule).delete(key);
}

/** Deletes rows that expired before `olderThan`; for the prune job. Returns how many went. */
export async function pruneRateLimits(options: { db: Kysely<DB>; olderThan: Date }): Promise<number> {
  const result = await options.db
    .deleteFrom("rate_limits")
    .where("expire", "<", options.olderThan.getTime())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function secondsOf(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}
