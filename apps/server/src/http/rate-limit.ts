// Per-IP rate limits at the HTTP edge, counted in PostgreSQL
// (`rate_limit_buckets`, through db/rate-limit-buckets.ts) so a limit holds
// across every server instance behind a load balancer.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { Kysely } from "kysely";
import { hitRateLimit, type RateLimitRule } from "../db/rate-limit-buckets";
import type { DB } from "../db/schema";
import { respondWithError } from "./error-pages";

export interface HttpRateLimitRule extends RateLimitRule {
  /** Names the limit in bucket keys, e.g. "sign-in". */
  name: string;
}

/**
 * The client's IP: the socket's remote address. Forwarding headers are
 * ignored on purpose: any client can write them, and trusting them would let a
 * client choose its own bucket. `unknown` for in-process requests (tests).
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

export interface RateLimitOptions {
  db: Kysely<DB>;
  rule: HttpRateLimitRule;
  now: () => Date;
  /** Limit only the requests this accepts (e.g. the sign-in procedure); default all. */
  applies?: (c: Context) => boolean;
}

/** Middleware answering 429 with `Retry-After` once a client exceeds the rule. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const { db, rule, now } = options;
  return async (c, next) => {
    if (options.applies && !options.applies(c)) return next();
    const state = await hitRateLimit({ db, key: `http:${rule.name}:${clientAddress(c)}`, rule, now: now() });
    if (state.limited) {
      return respondWithError(c, 429, {
        message: "Too many requests. Try again later.",
        headers: { "Retry-After": String(Math.max(1, state.retryAfterSeconds)) },
      });
    }
    return next();
  };
}
