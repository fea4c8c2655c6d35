// The limiter against a real PostgreSQL: counts, refusals, blocks, and that
// two server instances (two pools on one database) share one count.
import { afterAll, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../db/database";
import { createTestDatabase } from "../test/test-database";
import {
  blockRateLimit,
  clearRateLimit,
  consumeRateLimit,
  peekRateLimit,
  pruneRateLimits,
  type RateLimitRule,
  rewardRateLimit,
} from "./limiter";

const testDb = await createTestDatabase();
// A second "server instance": its own pool on the same database.
const otherInstance = createDatabase(testDb.connectionString, { maxConnections: 2 });
afterAll(async () => {
  await otherInstance.destroy();
  await testDb.drop();
});
const { db } = testDb;

const rule: RateLimitRule = { name: "test:limiter", points: 3, durationSeconds: 60 };

describe("rate limits on PostgreSQL", () => {
  it("counts per key across instances and refuses past the points, with a Retry-After within the window", async () => {
    const key = "203.0.113.1";
    expect(await consumeRateLimit(db, rule, key)).toMatchObject({ limited: false, consumed: 1 });
    expect(await consumeRateLimit(otherInstance, rule, key)).toMatchObject({ limited: false, consumed: 2 });
    expect(await consumeRateLimit(db, rule, key)).toMatchObject({ limited: false, consumed: 3, remaining: 0 });
    const refused = await consumeRateLimit(otherInstance, rule, key);
    expect(refused.limited).toBe(true);
    if (refused.limited) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    expect((await peekRateLimit(db, rule, key)).limited).toBe(true);
    // Another key is untouched.
    expect(await peekRateLimit(db, rule, "203.0.113.2")).toMatchObject({ limited: false, consumed: 0 });
  });

  it("frees the key when the window ends (on the real clock, moved here)", async () => {
    const key = "window";
    for (let i = 0; i < 4; i++) await consumeRateLimit(db, rule, key);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    try {
      expect(await consumeRateLimit(db, rule, key)).toMatchObject({ limited: false, consumed: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("blocks, rewards and clears a key", async () => {
    const key = "block";
    await blockRateLimit(db, rule, key, 600);
    const blocked = await peekRateLimit(otherInstance, rule, key);
    expect(blocked.limited && blocked.retryAfterSeconds).toBeGreaterThan(500);
    await clearRateLimit(db, rule, key);
    expect((await peekRateLimit(db, rule, key)).limited).toBe(false);

    await consumeRateLimit(db, rule, "reward");
    await consumeRateLimit(db, rule, "reward");
    await rewardRateLimit(db, rule, "reward");
    expect(await peekRateLimit(db, rule, "reward")).toMatchObject({ consumed: 1 });
  });

  it("prunes rows that expired before a moment", async () => {
    await consumeRateLimit(db, { name: "test:short", points: 1, durationSeconds: 1 }, "old");
    const pruned = await pruneRateLimits({ db, olderThan: new Date(Date.now() + 5_000) });
    expect(pruned).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom("rate_limits").select("key").where("key", "=", "test:short:old").execute();
    expect(left).toEqual([]);
  });
});
