import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-database";
import {
  clearRateLimit,
  hitRateLimit,
  peekRateLimit,
  pruneRateLimitBuckets,
  undoRateLimitHit,
} from "./rate-limit-buckets";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;

const MINUTE = 60_000;
const rule = { limit: 3, windowMs: 10 * MINUTE };
const windowStart = new Date("2026-02-01T10:00:00.000Z").getTime();
const at = (ms: number) => new Date(windowStart + ms);

describe("rate limit buckets", () => {
  it("counts hits per key and limits after `limit` events", async () => {
    const key = "test:basic";
    for (let i = 1; i <= 3; i++) {
      const state = await hitRateLimit({ db, key, rule, now: at(i * 1000) });
      expect(state).toMatchObject({ estimate: i, limited: false, retryAfterSeconds: 0 });
    }
    const peek = await peekRateLimit({ db, key, rule, now: at(5000) });
    expect(peek.limited).toBe(true);
    // All three fall out of the sliding window only at the end of the next window.
    expect(peek.retryAfterSeconds).toBe((10 * MINUTE - 5000) / 1000 + 1);
    const fourth = await hitRateLimit({ db, key, rule, now: at(6000) });
    expect(fourth.limited).toBe(true);
    expect(await peekRateLimit({ db, key: "test:other", rule, now: at(6000) })).toMatchObject({ limited: false });
  });

  it("weights the previous window by how much of it still overlaps", async () => {
    const key = "test:sliding";
    for (let i = 0; i < 3; i++) await hitRateLimit({ db, key, rule, now: at(MINUTE) });
    // Halfway through the next window, half of the 3 old events still count.
    const half = await peekRateLimit({ db, key, rule, now: at(15 * MINUTE) });
    expect(half.estimate).toBeCloseTo(1.5);
    expect(half.limited).toBe(false);
    const hit = await hitRateLimit({ db, key, rule, now: at(15 * MINUTE) });
    expect(hit.estimate).toBeCloseTo(2.5);
    // In the next window only the hit at minute 15 still counts; the first three are two windows back.
    expect((await peekRateLimit({ db, key, rule, now: at(20 * MINUTE) })).estimate).toBeCloseTo(1);
    expect((await peekRateLimit({ db, key, rule, now: at(30 * MINUTE) })).estimate).toBe(0);
  });

  it("undoes one hit, clears a key and prunes old windows", async () => {
    const key = "test:undo";
    await hitRateLimit({ db, key, rule, now: at(0) });
    await hitRateLimit({ db, key, rule, now: at(0) });
    await undoRateLimitHit({ db, key, windowMs: rule.windowMs, now: at(0) });
    expect((await peekRateLimit({ db, key, rule, now: at(0) })).estimate).toBe(1);
    await clearRateLimit({ db, key });
    expect((await peekRateLimit({ db, key, rule, now: at(0) })).estimate).toBe(0);

    await hitRateLimit({ db, key: "test:prune", rule, now: at(-60 * MINUTE) });
    expect(await pruneRateLimitBuckets({ db, olderThan: at(-30 * MINUTE) })).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom("rate_limit_buckets").select("key").where("key", "=", "test:prune").execute();
    expect(left).toEqual([]);
  });
});
