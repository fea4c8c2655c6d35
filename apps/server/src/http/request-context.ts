// The first middleware after the request id: gives the request its child
// logger and its client address, and logs one line when the answer is ready.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../logging/logger";
import type { AppEnv } from "./app-env";
import { resolveClientIp, type TrustProxy } from "./trust-proxy";

export interface RequestContextOptions {
  logger: Logger;
  trustProxy: TrustProxy;
}

/** The socket's peer address; undefined for app.request() in tests, which has no socket. */
export function socketAddressOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Sets `logger` (a child with `requestId`) and `clientIp` on the context; once the response exists, makes sure it
 * carries `X-Request-Id` and logs `method`, `path` (never the query, which may carry tokens), `status` and
 * `durationMs` at info.
 */
export function requestContext(options: RequestContextOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const logger = options.logger.child({ requestId: c.get("requestId") });
    c.set("logger", logger);
    c.set(
      "clientIp",
      resolveClientIp({
        socketAddress: socketAddressOf(c),
        forwardedFor: c.req.header("x-forwarded-for"),
        trustProxy: options.trustProxy,
      }),
    );
    await next();
    // hono/request-id set it on the context; a handler that builds its own Response (tRPC) drops that, so again here.
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}
