// GET /api/admin/account/oauth/callback?code=…&state=…: where the provider sends an admin back after a seller
// authorized (or denied) Cobro's application. A plain route (a browser navigation, not a tRPC call): it checks the
// session and the admin role itself, completes the connection, and sends the admin to the Accounts page with the
// outcome in the query (`?connected=<seller id>` or `?oauthError=<code>`). The code and state never reach a log.
import { hasRoleAtLeast, isStaffRole } from "@cobro/contracts";
import type { Handler } from "hono";
import { readSessionToken, validateSessionToken } from "../auth/sessions";
import type { AppDeps } from "../deps";
import { completeSellerConnection } from "../domain/connected-sellers/complete-connection";
import type { AppEnv } from "./app-env";

const ACCOUNT_PAGE = "/admin/account";

function param(value: string | undefined): string | null {
  return value === undefined || value === "" ? null : value;
}

export function oauthCallbackHandler(deps: AppDeps): Handler<AppEnv> {
  return async (c) => {
    const token = readSessionToken(c);
    const validated = token === null ? null : await validateSessionToken({ db: deps.db, token, now: deps.now() });
    if (!validated) return c.redirect(`/login?next=${encodeURIComponent(ACCOUNT_PAGE)}`, 303);
    const role = validated.user.role;
    if (!isStaffRole(role) || !hasRoleAtLeast(role, "admin")) {
      return c.redirect(`${ACCOUNT_PAGE}?oauthError=forbidden`, 303);
    }
    const query = c.req.query();
    const result = await completeSellerConnection({
      deps: { ...deps, logger: c.get("logger") ?? deps.logger },
      sessionId: validated.session.id,
      userId: validated.user.id,
      state: param(query.state),
      code: param(query.code),
      error: param(query.error),
    });
    const target = result.ok
      ? `${ACCOUNT_PAGE}?connected=${result.account.providerUserId}`
      : `${ACCOUNT_PAGE}?oauthError=${result.error}`;
    return c.redirect(target, 303);
  };
}
