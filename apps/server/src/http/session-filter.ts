// Sessions at the HTTP edge: the sliding-expiry refresh for pages, and the
// admin-area guard. Both read the session cookie once per request and send the
// cookie again only when validation pushed the expiry forward (or clear it
// when the session is gone), so most page views cost one indexed lookup.
import { isStaffRole } from "@cobro/contracts";
import type { Context, MiddlewareHandler } from "hono";
import {
  deleteSessionCookie,
  readSessionToken,
  setSessionCookie,
  shouldUseSecureCookies,
  type ValidatedSession,
  validateSessionToken,
} from "../auth/sessions";
import type { AppDeps } from "../deps";
import { respondWithError } from "./error-pages";

type SessionDeps = Pick<AppDeps, "db" | "publicUrl" | "now">;

/** What the cookie must do once the response exists. */
type CookieUpdate = { kind: "set"; token: string; expiresAt: Date } | { kind: "delete" } | null;

interface SessionLookup {
  validated: ValidatedSession | null;
  cookie: CookieUpdate;
}

async function lookUpSession(c: Context, deps: SessionDeps): Promise<SessionLookup> {
  const token = readSessionToken(c);
  if (token === null) return { validated: null, cookie: null };
  const validated = await validateSessionToken({ db: deps.db, token, now: deps.now() });
  if (validated === null) return { validated: null, cookie: { kind: "delete" } };
  if (validated.renewed) return { validated, cookie: { kind: "set", token, expiresAt: validated.session.expiresAt } };
  return { validated, cookie: null };
}

function applyCookie(response: Response, cookie: CookieUpdate, secure: boolean): void {
  // Written on the final response: headers set on the context before a handler
  // that builds its own Response would be lost.
  if (cookie?.kind === "set") setSessionCookie(response.headers, cookie.token, cookie.expiresAt, secure);
  else if (cookie?.kind === "delete") deleteSessionCookie(response.headers, secure);
}

/** Page group: validates the session cookie (if any) and refreshes or clears it. */
export function refreshSession(deps: SessionDeps): MiddlewareHandler {
  const secure = shouldUseSecureCookies(deps.publicUrl);
  return async (c, next) => {
    const { cookie } = await lookUpSession(c, deps);
    await next();
    applyCookie(c.res, cookie, secure);
  };
}

/** `/login?next=<path and query>`: where an anonymous visitor of the admin area is sent. */
export function loginRedirectLocation(url: string): string {
  const { pathname, search } = new URL(url);
  return `/login?next=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * Admin group (the staff console): anonymous visitors are redirected (302) to
 * the login page with `next` set to where they were going; a signed-in shopper
 * gets the 403 page; staff (viewers, operators, admins) pass, and the console
 * shows each only what their role may use.
 */
export function adminGuard(deps: SessionDeps): MiddlewareHandler {
  const secure = shouldUseSecureCookies(deps.publicUrl);
  return async (c, next) => {
    const { validated, cookie } = await lookUpSession(c, deps);
    let response: Response;
    if (validated === null) {
      response = c.redirect(loginRedirectLocation(c.req.url), 302);
      response.headers.set("Cache-Control", "no-store");
    } else if (!isStaffRole(validated.user.role)) {
      response = respondWithError(c, 403);
    } else {
      await next();
      response = c.res;
    }
    applyCookie(response, cookie, secure);
    return response;
  };
}
