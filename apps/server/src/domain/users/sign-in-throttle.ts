// Sign-in failures are throttled in PostgreSQL (rate-limiter-flexible), so the limits hold across instances. The key
// is account + client address: past FREE_FAILURES each failure doubles that pair's wait (30 s … 1 h), so an attacker
// elsewhere slows only their own pair and never locks the owner out. Looser per-address and per-account limits catch
// what the pair cannot see (one address across accounts, many addresses on one account); a success clears its pair.
// Attempts are counted before the password check and, past FREE_FAILURES, must claim the pair's one slot (an atomic
// upsert), so a parallel burst reaches at most FREE_FAILURES password checks.
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import {
  blockRateLimit,
  clearRateLimit,
  consumeRateLimit,
  peekRateLimit,
  type RateLimited,
  type RateLimitOutcome,
  type RateLimitRule,
  rewardRateLimit,
} from "../../rate-limits/limiter";

/** Consecutive failures of one account from one address before the first wait (the last free one claims the slot). */
export const FREE_FAILURES = 5;
const FIRST_WAIT_SECONDS = 30;
const MAX_WAIT_SECONDS = 60 * 60;

/** Counts consecutive failures per account + address (a day's memory; a success forgets them). */
export const SIGN_IN_PAIR_FAILURES_RULE: RateLimitRule = {
  name: "sign-in:failures:account-ip",
  points: 1_000_000,
  durationSeconds: 24 * 60 * 60,
};
/** The pair's slot: claimed by each attempt from the FREE_FAILURES-th on, then blocked for the wait. */
export const SIGN_IN_PAIR_WAIT_RULE: RateLimitRule = {
  name: "sign-in:wait:account-ip",
  points: 1,
  // A claim that is never followed by its block (a crash) frees the slot after the longest wait.
  durationSeconds: MAX_WAIT_SECONDS,
};
/** One address guessing across accounts (loose: offices and carriers share addresses). */
export const SIGN_IN_IP_FAILURES_RULE: RateLimitRule = {
  name: "sign-in:failures:ip",
  points: 50,
  durationSeconds: 15 * 60,
};
/** Many addresses guessing one account (generous: only a distributed attack reaches it). */
export const SIGN_IN_ACCOUNT_FAILURES_RULE: RateLimitRule = {
  name: "sign-in:failures:account",
  points: 100,
  durationSeconds: 60 * 60,
};

/** The wait after the n-th consecutive failure of a pair: none for the first few, then doubling up to an hour. */
export function waitAfterFailureSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (failures - FREE_FAILURES));
}

export interface SignInAttempt {
  db: Kysely<DB>;
  /** Normalized e-mail (whether or not an account has it: unknown accounts are throttled the same way). */
  email: string;
  /** The client's address; null when unknown (then all unknown clients share one pair per account). */
  clientIp: string | null;
}

/**
 * Refuses the attempt (TOO_MANY_REQUESTS with Retry-After) when its pair is waiting or a looser limit is used up;
 * otherwise counts it as a failure in advance (so parallel guesses cannot slip past) and sets the wait the next
 * attempt of the pair will meet should this one fail. `succeeded()` undoes all of it.
 */
export async function beginSignInAttempt(attempt: SignInAttempt): Promise<{ succeeded(): Promise<void> }> {
  const { db, email } = attempt;
  const ip = attempt.clientIp ?? "unknown";
  const pair = `${email}|${ip}`;

  // Already refused: answer without counting, so retries do not push the end further away.
  throwIfLimited(
    await Promise.all([
      peekRateLimit(db, SIGN_IN_PAIR_WAIT_RULE, pair),
      peekRateLimit(db, SIGN_IN_IP_FAILURES_RULE, ip),
      peekRateLimit(db, SIGN_IN_ACCOUNT_FAILURES_RULE, email),
    ]),
  );

  const [pairCount, ipCount, accountCount] = await Promise.all([
    consumeRateLimit(db, SIGN_IN_PAIR_FAILURES_RULE, pair),
    consumeRateLimit(db, SIGN_IN_IP_FAILURES_RULE, ip),
    consumeRateLimit(db, SIGN_IN_ACCOUNT_FAILURES_RULE, email),
  ]);
  const failures = pairCount.limited ? SIGN_IN_PAIR_FAILURES_RULE.points : pairCount.consumed;
  const claim = failures >= FREE_FAILURES ? await consumeRateLimit(db, SIGN_IN_PAIR_WAIT_RULE, pair) : null;
  if (ipCount.limited || accountCount.limited || claim?.limited) {
    // Refused: this attempt is no guess, so it does not count (the refusal itself was decided atomically), and a
    // slot it did claim is given back.
    await Promise.all([
      rewardRateLimit(db, SIGN_IN_PAIR_FAILURES_RULE, pair),
      ipCount.limited ? null : rewardRateLimit(db, SIGN_IN_IP_FAILURES_RULE, ip),
      accountCount.limited ? null : rewardRateLimit(db, SIGN_IN_ACCOUNT_FAILURES_RULE, email),
      claim && !claim.limited ? clearRateLimit(db, SIGN_IN_PAIR_WAIT_RULE, pair) : null,
    ]);
    // A slot lost to a parallel attempt stays taken until that attempt sets its wait (at most this one's).
    const lostSlot: RateLimitOutcome = claim?.limited
      ? { limited: true, retryAfterSeconds: Math.min(claim.retryAfterSeconds, waitAfterFailureSeconds(failures)) }
      : { limited: false, remaining: 0, consumed: 0 };
    throwIfLimited([ipCount, accountCount, lostSlot]);
  }
  // Should this attempt fail, the next one of the pair waits; set before the check so a crash cannot skip it.
  const wait = waitAfterFailureSeconds(failures);
  if (wait > 0) await blockRateLimit(db, SIGN_IN_PAIR_WAIT_RULE, pair, wait);

  return {
    async succeeded() {
      await Promise.all([
        clearRateLimit(db, SIGN_IN_PAIR_FAILURES_RULE, pair),
        clearRateLimit(db, SIGN_IN_PAIR_WAIT_RULE, pair),
        rewardRateLimit(db, SIGN_IN_IP_FAILURES_RULE, ip),
        rewardRateLimit(db, SIGN_IN_ACCOUNT_FAILURES_RULE, email),
      ]);
    },
  };
}

function throwIfLimited(outcomes: ReadonlyArray<{ limited: boolean }>): void {
  const limited = outcomes.filter((outcome): outcome is RateLimited => outcome.limited);
  if (limited.length === 0) return;
  const retryAfterSeconds = Math.max(...limited.map((outcome) => outcome.retryAfterSeconds));
  throw new AppError("TOO_MANY_REQUESTS", tooManyAttemptsMessage(retryAfterSeconds), { retryAfterSeconds });
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    return `Too many sign-in attempts. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
