// The /api request filter: JSON in, JSON out, and no state change from another
// site. Browsers let any site send a "simple" cross-site POST (form
// encodings and text/plain) without a preflight, so those content types are
// refused outright; `Origin` and `Sec-Fetch-Site` catch the rest.
import type { MiddlewareHandler } from "hono";
import { respondWithError } from "./error-pages";

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Content types a cross-site HTML form (or a no-cors fetch) can send without a CORS preflight. */
const SIMPLE_CONTENT_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]);

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "" ? undefined : mediaType;
}

function isJsonMediaType(mediaType: string): boolean {
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

function hasBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  if (length !== null) return length.trim() !== "0";
  return headers.has("transfer-encoding");
}

export interface ApiGuardOptions {
  /** Origins allowed to change state (the app's public origin); the request's own origin is always allowed. */
  allowedOrigins: readonly string[];
  /** Paths exempt from the cross-site checks (machine-to-machine callbacks such as the provider's webhooks). */
  isCsrfExempt?: (path: string) => boolean;
}

/**
 * Refuses, for POST/PUT/PATCH/DELETE under /api: form and text bodies (415),
 * any other non-JSON body (415), and cross-site requests (403) judged by
 * `Sec-Fetch-Site: cross-site` or an `Origin` that is not ours. Safe methods
 * pass untouched; CSRF-exempt paths still must send JSON.
 */
export function apiGuard(options: ApiGuardOptions): MiddlewareHandler {
  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    if (!STATE_CHANGING_METHODS.has(c.req.method)) return next();
    const mediaType = mediaTypeOf(c.req.header("content-type"));
    if (mediaType !== undefined && SIMPLE_CONTENT_TYPES.has(mediaType)) {
      return respondWithError(c, 415, { message: "Send the request body as application/json." });
    }
    if (mediaType === undefined ? hasBody(c.req.raw.headers) : !isJsonMediaType(mediaType)) {
      return respondWithError(c, 415, { message: "Send the request body as application/json." });
    }
    if (options.isCsrfExempt?.(c.req.path)) return next();
    if (c.req.header("sec-fetch-site")?.toLowerCase() === "cross-site") {
      return respondWithError(c, 403, { message: "Cross-site requests are not allowed." });
    }
    const origin = c.req.header("origin");
    if (origin !== undefined && !allowed.has(origin) && origin !== new URL(c.req.url).origin) {
      return respondWithError(c, 403, { message: "Cross-site requests are not allowed." });
    }
    return next();
  };
}
