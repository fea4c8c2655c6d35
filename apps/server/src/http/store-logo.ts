// GET /api/store/logo/<sha256>: the store's logo image. The hash names the bytes, so the answer never changes and
// is cached for a year (a new logo is a new URL). Only images whose type was checked by their first bytes are
// stored, and nosniff (security headers) keeps the browser to the declared type.
import type { Handler } from "hono";
import type { AppDeps } from "../deps";
import { readStoreLogo } from "../domain/settings/store-logo";
import { respondWithError } from "./error-pages";

export const STORE_LOGO_ROUTE = "/api/store/logo/:sha256";

export function storeLogoHandler(deps: Pick<AppDeps, "db">): Handler {
  return async (c) => {
    const logo = await readStoreLogo({ db: deps.db, sha256: c.req.param("sha256") ?? "" });
    if (!logo) return respondWithError(c, 404);
    return c.body(new Uint8Array(logo.data), 200, {
      "Content-Type": logo.contentType,
      "Content-Length": String(logo.data.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'",
    });
  };
}
