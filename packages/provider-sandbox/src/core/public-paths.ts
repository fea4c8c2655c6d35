// Which paths skip the provider's auth. Provider API paths are decided by the
// spec's `security`; the pages the sandbox serves in place of the provider's
// web front (hosted checkout, OAuth consent, subscription checkout) and the
// control API are not provider API calls at all, so they are public.

import type { Hono } from "hono";
import type { SandboxEnv } from "../context";

/** Prefix of the sandbox's own control API (never a provider path). */
export const CONTROL_PATH_PREFIX = "/__sandbox";

/**
 * Pages served instead of the provider's web front, open without a bearer
 * token: hosted checkout (`init_point` → `/checkout/v1/redirect`), the OAuth
 * consent page (`/authorization`) and subscription checkout
 * (`/subscriptions/checkout`). Resource handlers that serve another such page
 * call `markPublicPath(app, prefix)` when they register it.
 */
export const PUBLIC_PATH_PREFIXES: readonly string[] = ["/checkout/v1", "/authorization", "/subscriptions/checkout"];

const extraPublicPrefixes = new WeakMap<object, Set<string>>();

function matchesPrefix(path: string, prefix: string): boolean {
  const base = prefix.length > 1 && prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  return path === base || path.startsWith(`${base}/`);
}

export function isControlPath(path: string): boolean {
  return matchesPrefix(path, CONTROL_PATH_PREFIX);
}

/**
 * Marks a path prefix of this app as public (no bearer token, no spec
 * validation), for non-provider pages a resource handler serves. `prefix`
 * matches itself and everything below it (`/pay` matches `/pay` and `/pay/x`).
 *
 * @example markPublicPath(app, "/checkout/v1/redirect");
 */
export function markPublicPath(app: Hono<SandboxEnv>, prefix: string): void {
  let set = extraPublicPrefixes.get(app);
  if (!set) {
    set = new Set();
    extraPublicPrefixes.set(app, set);
  }
  set.add(prefix);
}

/** True for the control API, the default public pages and prefixes marked on this app. */
export function isPublicPath(app: Hono<SandboxEnv>, path: string): boolean {
  if (isControlPath(path)) return true;
  if (PUBLIC_PATH_PREFIXES.some((prefix) => matchesPrefix(path, prefix))) return true;
  const extra = extraPublicPrefixes.get(app);
  return extra ? [...extra].some((prefix) => matchesPrefix(path, prefix)) : false;
}
