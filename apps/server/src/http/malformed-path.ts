// A request whose path cannot be decoded (a stray `%`, invalid UTF-8, a NUL
// byte) is the client's mistake: 400, before any filter or route tries to
// decode it and fails with a 500.
import { isWellFormedPath } from "@cobro/contracts";
import type { MiddlewareHandler } from "hono";
import { respondWithError } from "./error-pages";

export function rejectMalformedPaths(): MiddlewareHandler {
  return async (c, next) => {
    if (!isWellFormedPath(new URL(c.req.url).pathname)) return respondWithError(c, 400);
    await next();
  };
}
