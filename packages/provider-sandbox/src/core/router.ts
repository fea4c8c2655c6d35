// Hono with `strict: false` ignores a trailing slash on the request, but a
// route registered *with* one (`/checkout/preferences/`, the SDK's spelling)
// would then never match. This router drops the trailing slash when a route is
// added, so handlers may spell provider paths exactly as the provider does and
// both forms of the request reach them.

import type { Result, Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";

export class TrailingSlashTolerantRouter<T> implements Router<T> {
  readonly name = "TrailingSlashTolerantRouter";
  private readonly inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });

  add(method: string, path: string, handler: T): void {
    const normalized = path.length > 1 && path.endsWith("/") && !path.endsWith("*/") ? path.slice(0, -1) : path;
    this.inner.add(method, normalized, handler);
  }

  match(method: string, path: string): Result<T> {
    return this.inner.match(method, path);
  }
}
