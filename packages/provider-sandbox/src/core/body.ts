// Reads the request body once, as JSON (or as a form for the OAuth token
// exchange, which the provider accepts both ways), and hands it to validation
// and handlers as `jsonBody`. Malformed JSON is a 400 in the path's error shape.

import type { MiddlewareHandler } from "hono";
import type { SandboxEnv } from "../context";
import { classicError, isOrdersPath, ordersError } from "./errors";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Parses the body into `c.var.jsonBody` (undefined when there is none); the raw body stays readable. */
export function createJsonBodyMiddleware(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    c.set("jsonBody", undefined);
    if (!METHODS_WITH_BODY.has(c.req.method.toUpperCase())) return next();
    const contentType = (c.req.header("content-type") ?? "").toLowerCase();
    if (contentType.startsWith("multipart/")) return next();
    // Hono caches the body, so handlers can still call c.req.text()/parseBody() afterwards.
    const text = await c.req.text();
    if (text.trim() === "") return next();
    if (contentType.startsWith("application/x-www-form-urlencoded")) {
      c.set("jsonBody", Object.fromEntries(new URLSearchParams(text)));
      return next();
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      const detail = error instanceof Error ? error.message : "invalid JSON";
      if (isOrdersPath(c.req.path)) {
        throw ordersError(400, "json_syntax_error", "The request body is not valid JSON", { details: [detail] });
      }
      throw classicError(400, "malformed JSON body", {
        cause: [{ code: "json_syntax_error", description: detail, data: null }],
      });
    }
    c.set("jsonBody", parsed);
    return next();
  };
}
