// Rate limits kept in PostgreSQL (table rate_limit_buckets), so they hold
// across several server instances and restarts.
//
// Sliding-window counter: each key has one row per fixed window; the estimate
// for "the last window length" is the current window's count plus the previous
// window's count weighted by how much of it still overlaps. It avoids the burst
// a plain fixed window allows at a window boundary, for two rows per key.
import { type Kysely, sql } from "kysely";
import type { DB } from "./schema";

export interface RateLimitRule {
  /** Events allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  /** Weighted count of events over the last window length. */
  estimate: number;
  /** True when the events counted before this one had already reached the limit. */
  limited: boolean;
  /** Seconds until the estimate falls back under the limit (0 when not limited). */
  retryAfterSeconds: number;
}

interface BucketCounts {
  current: number;
  previous: number;
  currentStart: number;
}

/** The current estimate for a key, without counting anything. `limited` means one more event would exceed the rule. */
export async function peekRateLimit(options: {
  db: Kysely<DB>;
  key: string;
  rule: RateLimitRule;
  now: Date;
}): Promise<RateLimitState> {
  const counts = await readCounts(options.db, options.key, options.rule.windowMs, options.now);
  const estimate = estimateOf(counts, options.rule.windowMs, options.now);
  const limited = estimate >= options.rule.limit;
  return {
    estimate,
    limited,
    retryAfterSeconds: limited ? retryAfterSeconds(counts, options.rule, options.now) : 0,
  };
}

/** Counts one event for a key (atomically) and returns the estimate including it. */
export async function hitRateLimit(options: {
  db: Kysely<DB>;
  key: string;
  rule: RateLimitRule;
  now: Date;
}): Promise<RateLimitState> {
  const { db, key, rule, now } = options;
  const currentStart = windowStartOf(now, rule.windowMs);
  await db
    .insertInto("rate_limit_buckets")
    .values({ key, window_start: new Date(currentStart), count: 1 })
    .onConflict((oc) =>
      oc.columns(["key", "window_start"]).doUpdateSet({ count: sql<number>`rate_limit_buckets.count + 1` }),
    )
    .execute();
  const counts = await readCounts(db, key, rule.windowMs, now);
  const estimate = estimateOf(counts, rule.windowMs, now);
  // Same test as peekRateLimit, on the events before this one: they had
  // already reached the limit (only a race past the peek gets here).
  const limited = estimate - 1 >= rule.limit;
  return { estimate, limited, retryAfterSeconds: limited ? retryAfterSeconds(counts, rule, now) : 0 };
}

/** Takes back one event counted in the current window (e.g. an attempt that turned out fine). */
export async function undoRateLimitHit(options: {
  db: Kysely<DB>;
  key: string;
  windowMs: number;
  now: Date;
}): Promise<void> {
  await options.db
    .updateTable("rate_limit_buckets")
    .set({ count: sql<number>`count - 1` })
    .where("key", "=", options.key)
    .where("window_start", "=", new Date(windowStartOf(options.now, options.windowMs)))
    .where("count", ">", 0)
    .execute();
}

/** Forgets every window of a key (e.g. an account's failures after a successful sign-in). */
export async function clearRateLimit(options: { db: Kysely<DB>; key: string }): Promise<void> {
  await options.db.deleteFrom("rate_limit_buckets").where("key", "=", options.key).execute();
}

/** Deletes windows that started before `olderThan`; for a periodic cleanup job. */
export async function pruneRateLimitBuckets(options: { db: Kysely<DB>; olderThan: Date }): Promise<number> {
  const result = await options.db
    .deleteFrom("rate_limit_buckets")
    .where("window_start", "<", options.olderThan)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function windowStartOf(now: Date, windowMs: number): number {
  return Math.floor(now.getTime() / windowMs) * windowMs;
}

async function readCounts(db: Kysely<DB>, key: string, windowMs: number, now: Date): Promise<BucketCounts> {
  const currentStart = windowStartOf(now, windowMs);
  const rows = await db
    .selectFrom("rate_limit_buckets")
    .select(["window_start", "count"])
    .where("key", "=", key)
    .where("window_start", "in", [new Date(currentStart), new Date(currentStart - windowMs)])
    .execute();
  let current = 0;
  let previous = 0;
  for (const row of rows) {
    if (row.window_start.getTime() === currentStart) current = row.count;
    else previous = row.count;
  }
  return { current, previous, currentStart };
}

function estimateOf(counts: BucketCounts, windowMs: number, now: Date): number {
  const elapsed = (now.getTime() - counts.currentStart) / windowMs;
  return counts.current + counts.previous * (1 - elapsed);
}

/** When the weighted estimate drops below the limit again, assuming no new events. */
function retryAfterSeconds(counts: BucketCounts, rule: RateLimitRule, now: Date): number {
  const { limit, windowMs } = rule;
  let freeAt: number;
  if (counts.current < limit && counts.previous > 0) {
    // Within this window: current + previous·(1 − f) < limit.
    freeAt = counts.currentStart + windowMs * (1 - (limit - counts.current) / counts.previous);
  } else {
    // Next window, where today's count becomes the weighted "previous".
    freeAt = counts.currentStart + windowMs + windowMs * Math.max(0, 1 - limit / Math.max(counts.current, 1));
  }
  // Strictly after freeAt: at freeAt itself the estimate equals the limit.
  return Math.max(1, Math.floor((freeAt - now.getTime()) / 1000) + 1);
}
