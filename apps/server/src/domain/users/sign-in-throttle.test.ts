// The throttle's rules on a real PostgreSQL, without password hashing: each
// beginSignInAttempt is one attempt that fails unless `succeeded()` is called.
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error";
import { createTestDatabase } from "../../test/test-database";
import {
  beginSignInAttempt,
  FREE_FAILURES,
  SIGN_IN_ACCOUNT_FAILURES_RULE,
  tooManyAttemptsMessage,
  waitAfterFailureSeconds,
} from "./sign-in-throttle";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("TOO_MANY_REQUESTS");
  return error as AppError;
}

describe("sign-in throttle", () => {
  it("waits nothing for the first failures, then doubles up to an hour", () => {
    const waits = Array.from({ length: 14 }, (_, index) => waitAfterFailureSeconds(index + 1));
    expect(waits.slice(0, FREE_FAILURES - 1)).toEqual(Array(FREE_FAILURES - 1).fill(0));
    expect(waits.slice(FREE_FAILURES - 1, FREE_FAILURES + 3)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...waits)).toBe(3600);
    expect(tooManyAttemptsMessage(30)).toBe("Too many sign-in attempts. Try again in 30 seconds.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many sign-in attempts. Try again in 2 minutes.");
  });

  it("stops a distributed attack on one account at the per-account ceiling, from any address", async () => {
    const email = "ceiling@example.test";
    // Four failures per address: none of the addresses meets its own wait.
    for (let attempt = 0; attempt < SIGN_IN_ACCOUNT_FAILURES_RULE.points; attempt++) {
      await beginSignInAttempt({ db, email, clientIp: `203.0.113.${Math.floor(attempt / 4)}` });
    }
    const error = await refusal(beginSignInAttempt({ db, email, clientIp: "198.51.100.250" }));
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_FAILURES_RULE.durationSeconds);
    // Another account from the same new address is unaffected.
    await expect(
      beginSignInAttempt({ db, email: "other@example.test", clientIp: "198.51.100.250" }),
    ).resolves.toBeTruthy();
  });

  it("a success clears the pair's failures and wait", async () => {
    const attempt = { db, email: "clears@example.test", clientIp: "198.51.100.251" };
    for (let i = 0; i < FREE_FAILURES - 1; i++) await beginSignInAttempt(attempt);
    const fine = await beginSignInAttempt(attempt);
    await fine.succeeded();
    // A fresh run of free failures, no wait.
    for (let i = 0; i < FREE_FAILURES; i++) await beginSignInAttempt(attempt);
    await refusal(beginSignInAttempt(attempt));
  });
});
