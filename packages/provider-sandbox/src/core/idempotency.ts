// X-Idempotency-Key (docs/provider-facts.md §1, §2.3): the SDK reuses one key for every
// retry of a call, so the same key with the same request must replay the first
// result instead of creating a duplicate. Same key with a different body is a
// 409, a key whose first request is still running is a 423 (retry in a moment).
// Records are kept per seller in the state store, so they survive a restart.

import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { SandboxClock, SandboxEnv, StateStore } from "../context";
import { classicError, isOrdersPath, ordersError, type SandboxHttpError } from "./errors";
import { normalizePath, type SpecIndex } from "./spec";

export const IDEMPOTENCY_HEADER = "x-idempotency-key";
/** Set on a replayed response, so clients and tests can tell a replay from a fresh result. */
export const REPLAYED_HEADER = "x-idempotency-replayed";
/** provider: keys longer than 128 characters are rejected (`invalid_idempotency_key_length`). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;
/** Third parties report a 24-hour window (unverified); after it a key may be reused. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const COLLECTION = "idempotency_keys";
/** Response headers stored with a result and sent again on replay. */
const STORED_HEADERS = ["content-type", "location"];

export interface IdempotencyRecord {
  method: string;
  path: string;
  key: string;
  fingerprint: string;
  status: number;
  body: string;
  headers: Record<string, string>;
  createdAt: string;
}

export interface IdempotencyOptions {
  store: StateStore;
  clock: SandboxClock;
  index: SpecIndex | null;
}

/** A stable JSON text: object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestFingerprint(query: string, body: unknown): string {
  return createHash("sha256")
    .update(`${query}\n${body === undefined ? "" : canonicalJson(body)}`)
    .digest("hex");
}

function missingKey(path: string): SandboxHttpError {
  if (isOrdersPath(path)) {
    return ordersError(400, "empty_required_header", "The header X-Idempotency-Key is required", {
      details: ["X-Idempotency-Key"],
    });
  }
  return classicError(400, "header X-Idempotency-Key is required", {
    cause: [
      { code: "empty_required_header", description: "header X-Idempotency-Key is required", data: "X-Idempotency-Key" },
    ],
  });
}

function keyTooLong(path: string): SandboxHttpError {
  const message = `X-Idempotency-Key must have at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`;
  if (isOrdersPath(path)) return ordersError(400, "invalid_idempotency_key_length", message);
  return classicError(400, message, {
    cause: [{ code: "invalid_idempotency_key_length", description: message, data: "X-Idempotency-Key" }],
  });
}

function keyReused(path: string): SandboxHttpError {
  const message = "the idempotency key was already used with a different request";
  if (isOrdersPath(path)) return ordersError(409, "idempotency_key_already_used", message);
  return classicError(409, message, { error: "idempotency_key_already_used" });
}

function keyLocked(path: string): SandboxHttpError {
  const message = "a request with this idempotency key is still being processed, retry in a moment";
  if (isOrdersPath(path)) return ordersError(423, "resource_locked", message);
  return classicError(423, message, { error: "resource_locked" });
}

/**
 * Enforces and honours X-Idempotency-Key. Required where the spec marks the
 * operation `x-idempotency: required`; on any other write a key, when sent,
 * still makes retries safe. Only 2xx and 4xx results are stored: a 5xx means
 * nothing happened, so the key is released and a retry runs again.
 */
export function createIdempotencyMiddleware(options: IdempotencyOptions): MiddlewareHandler<SandboxEnv> {
  const { store, clock, index } = options;
  const inFlight = new Set<string>();

  return async (c, next) => {
    const method = c.req.method.toUpperCase();
    const path = c.req.path;
    const key = c.req.header(IDEMPOTENCY_HEADER) ?? null;
    c.set("idempotencyKey", key && key.length > 0 ? key : null);
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();

    const operation = index?.find(method, path)?.operation ?? null;
    if (!key) {
      if (operation?.idempotency === "required") throw missingKey(path);
      return next();
    }
    if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) throw keyTooLong(path);

    const seller = c.get("seller");
    // Public calls (OAuth token exchange) have no seller: keys are not tracked there.
    if (!seller) return next();

    const recordId = `${method} ${normalizePath(path)} ${key}`;
    const lockId = `${seller.userId} ${recordId}`;
    const records = store.collection<IdempotencyRecord>(seller.userId, COLLECTION);
    const url = new URL(c.req.url);
    const fingerprint = requestFingerprint(url.search, c.get("jsonBody"));

    // Check and lock without awaiting in between, so two concurrent requests cannot both pass.
    if (inFlight.has(lockId)) throw keyLocked(path);
    const existing = records.get(recordId);
    if (existing && clock.now().getTime() - Date.parse(existing.createdAt) < IDEMPOTENCY_TTL_MS) {
      if (existing.fingerprint !== fingerprint) throw keyReused(path);
      return new Response(existing.body === "" ? null : existing.body, {
        status: existing.status,
        headers: { ...existing.headers, [REPLAYED_HEADER]: "true" },
      });
    }

    inFlight.add(lockId);
    try {
      await next();
      const status = c.res.status;
      if ((status >= 200 && status < 300) || (status >= 400 && status < 500)) {
        const headers: Record<string, string> = {};
        for (const name of STORED_HEADERS) {
          const value = c.res.headers.get(name);
          if (value !== null) headers[name] = value;
        }
        records.put(recordId, {
          method,
          path: normalizePath(path),
          key,
          fingerprint,
          status,
          body: await c.res.clone().text(),
          headers,
          createdAt: clock.nowIso(),
        });
      } else if (existing) {
        records.delete(recordId);
      }
    } finally {
      inFlight.delete(lockId);
    }
  };
}
