// Fault injection: make the next N matching provider calls fail the ways the
// real provider (and the network) do, so retry, timeout and idempotency code
// can be tested. `commit-then-fail` is the nasty one: the request is fully
// processed (state changed, idempotency result stored) and only then does the
// client get a 500 or a dropped connection — exactly when a retry with the same
// key must replay instead of charging twice.

import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import type { SandboxEnv } from "../context";
import { classicError, isOrdersPath, ordersError } from "./errors";
import { isControlPath } from "./public-paths";

export type FaultAction =
  | { type: "status"; status: number; body?: unknown; headers?: Record<string, string> }
  | { type: "latency"; ms: number }
  | { type: "hang" }
  | { type: "drop" }
  | { type: "commit-then-fail"; then: "status" | "drop"; status?: number; body?: unknown };

export interface FaultRuleInput {
  /** HTTP method to match (any when absent). */
  method?: string;
  /** A glob (`/v1/payments*`, `*` matches anything including `/`) or, starting with `^`, a regular expression. */
  path: string;
  /** How many of the next matching requests get the fault. Default 1. */
  count?: number;
  action: FaultAction;
}

export interface FaultRule {
  id: string;
  method: string | null;
  path: string;
  count: number;
  /** Matching requests still to be hit. */
  remaining: number;
  action: FaultAction;
}

export interface FaultInjector {
  add(input: FaultRuleInput): FaultRule;
  list(): FaultRule[];
  remove(id: string): boolean;
  clear(): void;
  middleware(): MiddlewareHandler<SandboxEnv>;
  /** Ends hanging requests and pending latencies (on sandbox close). */
  close(): void;
}

/** Thrown for a rule that does not make sense (the control API answers it as a 400). */
export class FaultRuleError extends Error {
  override name = "FaultRuleError";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseAction(raw: unknown): FaultAction {
  if (!isRecord(raw) || typeof raw.type !== "string") throw new FaultRuleError("action.type is required");
  switch (raw.type) {
    case "status": {
      const status = raw.status;
      if (typeof status !== "number" || !Number.isInteger(status) || status < 400 || status > 599) {
        throw new FaultRuleError("action.status must be an HTTP error status (400-599)");
      }
      const headers = isRecord(raw.headers)
        ? Object.fromEntries(Object.entries(raw.headers).map(([k, v]) => [k, String(v)]))
        : undefined;
      return {
        type: "status",
        status,
        ...(raw.body !== undefined ? { body: raw.body } : {}),
        ...(headers ? { headers } : {}),
      };
    }
    case "latency": {
      if (typeof raw.ms !== "number" || !(raw.ms >= 0)) throw new FaultRuleError("action.ms must be a number ≥ 0");
      return { type: "latency", ms: raw.ms };
    }
    case "hang":
      return { type: "hang" };
    case "drop":
      return { type: "drop" };
    case "commit-then-fail": {
      const then = raw.then ?? "status";
      if (then !== "status" && then !== "drop") throw new FaultRuleError('action.then must be "status" or "drop"');
      const status = raw.status ?? 500;
      if (typeof status !== "number" || status < 500 || status > 599)
        throw new FaultRuleError("action.status must be 5xx");
      return { type: "commit-then-fail", then, status, ...(raw.body !== undefined ? { body: raw.body } : {}) };
    }
    default:
      throw new FaultRuleError(`unknown action.type ${raw.type}: use status, latency, hang, drop or commit-then-fail`);
  }
}

/** Validates an untrusted rule (control API body) into a `FaultRuleInput`. */
export function parseFaultRule(raw: unknown): FaultRuleInput {
  if (!isRecord(raw)) throw new FaultRuleError("a fault rule is an object");
  if (typeof raw.path !== "string" || raw.path === "") throw new FaultRuleError("path is required (glob or ^regex)");
  if (raw.method !== undefined && typeof raw.method !== "string") throw new FaultRuleError("method must be a string");
  const count = raw.count ?? 1;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1)
    throw new FaultRuleError("count must be an integer ≥ 1");
  if (raw.path.startsWith("^")) {
    try {
      new RegExp(raw.path);
    } catch {
      throw new FaultRuleError(`path is not a valid regular expression: ${raw.path}`);
    }
  }
  return { path: raw.path, count, action: parseAction(raw.action), ...(raw.method ? { method: raw.method } : {}) };
}

function pathMatcher(pattern: string): RegExp {
  if (pattern.startsWith("^")) return new RegExp(pattern);
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`);
}

/** The Node request behind a Hono context, when served by @hono/node-server. */
function incomingOf(c: Context<SandboxEnv>): IncomingMessage | null {
  const env: unknown = c.env;
  if (typeof env === "object" && env !== null && "incoming" in env) {
    const incoming = (env as { incoming: unknown }).incoming;
    if (typeof incoming === "object" && incoming !== null && "socket" in incoming) return incoming as IncomingMessage;
  }
  return null;
}

function dropConnection(c: Context<SandboxEnv>): Response {
  const incoming = incomingOf(c);
  if (!incoming) throw new Error("the drop fault needs a real HTTP server (createSandbox), not app.request()");
  incoming.socket.destroy();
  // Nothing reaches the client; the adapter still wants a Response.
  return new Response(null, { status: 499 });
}

function faultResponse(
  c: Context<SandboxEnv>,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  let payload = body;
  if (payload === undefined) {
    const message =
      status === 429
        ? "too_many_requests"
        : status === 503
          ? "service unavailable"
          : status === 502
            ? "bad gateway"
            : "internal_error";
    const error = isOrdersPath(c.req.path)
      ? ordersError(status, message.replace(/ /g, "_"), message)
      : classicError(status, message);
    payload = error.body;
  }
  return new Response(JSON.stringify(payload), { status, headers: { "content-type": "application/json", ...headers } });
}

/** Replaces the response entirely (Hono would otherwise carry the old response's headers over). */
function replaceResponse(c: Context<SandboxEnv>, response: Response): void {
  const keep = new Set<string>();
  response.headers.forEach((_value, name) => {
    keep.add(name);
  });
  c.res = response;
  const stale: string[] = [];
  c.res.headers.forEach((_value, name) => {
    if (!keep.has(name) && name !== "x-request-id") stale.push(name);
  });
  for (const name of stale) c.res.headers.delete(name);
}

/** Creates an empty set of fault rules and the middleware that applies them to provider paths. */
export function createFaultInjector(): FaultInjector {
  let rules: (FaultRule & { matcher: RegExp })[] = [];
  let nextId = 1;
  const pending = new Set<() => void>();

  function take(method: string, path: string): FaultRule | null {
    const rule = rules.find(
      (r) => r.remaining > 0 && (r.method === null || r.method === method) && r.matcher.test(path),
    );
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining === 0) rules = rules.filter((r) => r !== rule);
    return rule;
  }

  function wait(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        pending.delete(done);
        if (timer) clearTimeout(timer);
        resolve();
      };
      const timer = ms === null ? null : setTimeout(done, ms);
      pending.add(done);
    });
  }

  const publicRule = ({ matcher: _matcher, ...rule }: FaultRule & { matcher: RegExp }): FaultRule => ({
    ...rule,
    action: { ...rule.action },
  });

  return {
    add(input) {
      const parsed = parseFaultRule(input);
      const count = parsed.count ?? 1;
      const rule = {
        id: `fault_${nextId++}`,
        method: parsed.method ? parsed.method.toUpperCase() : null,
        path: parsed.path,
        count,
        remaining: count,
        action: parsed.action,
        matcher: pathMatcher(parsed.path),
      };
      rules.push(rule);
      return publicRule(rule);
    },
    list: () => rules.map(publicRule),
    remove(id) {
      const before = rules.length;
      rules = rules.filter((r) => r.id !== id);
      return rules.length !== before;
    },
    clear() {
      rules = [];
    },
    close() {
      for (const done of [...pending]) done();
    },
    middleware() {
      return async (c, next) => {
        // The sandbox's own control API must keep working while the provider "fails".
        if (isControlPath(c.req.path)) return next();
        const url = new URL(c.req.url);
        const rule = take(c.req.method.toUpperCase(), url.pathname);
        if (!rule) return next();
        const action = rule.action;
        switch (action.type) {
          case "status":
            return faultResponse(c, action.status, action.body, action.headers);
          case "latency":
            // A provider processes a request it has fully received even if the caller leaves during the wait:
            // read the body first (Hono keeps it for the JSON middleware), as the client's socket may be gone later.
            if (c.req.method !== "GET" && c.req.method !== "HEAD") await c.req.arrayBuffer().catch(() => undefined);
            await wait(action.ms);
            return next();
          case "hang":
            // Never answers; the connection is cut when the sandbox closes.
            await wait(null);
            return dropConnection(c);
          case "drop":
            return dropConnection(c);
          case "commit-then-fail":
            await next();
            if (action.then === "drop") {
              replaceResponse(c, dropConnection(c));
            } else {
              replaceResponse(c, faultResponse(c, action.status ?? 500, action.body));
            }
            return;
        }
      };
    },
  };
}
