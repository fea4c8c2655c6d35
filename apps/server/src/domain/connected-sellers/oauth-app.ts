// Which OAuth application connects seller accounts, and where sellers authorize it: MP_CLIENT_ID / MP_CLIENT_SECRET
// when set; in sandbox mode, without them, the sandbox's built-in application and consent page; in live mode
// without them, none (the console hides "Connect").
import { OAUTH_CALLBACK_PATH } from "@cobro/contracts";
import { DEFAULT_AUTHORIZATION_BASE_URL } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { SANDBOX_OAUTH_CLIENT_ID, SANDBOX_OAUTH_CLIENT_SECRET } from "../../env";

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** Origin of the provider's `/authorization` page. */
  authorizationBaseUrl: string;
  /** Cobro's callback, where the provider sends the admin back. */
  redirectUri: string;
}

export function resolveOAuthApp(deps: Pick<AppDeps, "env" | "providerSettings" | "publicUrl">): OAuthApp | null {
  const sandbox = deps.providerSettings.mode === "sandbox";
  const configured = deps.env.MP_CLIENT_ID && deps.env.MP_CLIENT_SECRET;
  if (!configured && !sandbox) return null;
  return {
    clientId: configured ? (deps.env.MP_CLIENT_ID as string) : SANDBOX_OAUTH_CLIENT_ID,
    clientSecret: configured ? (deps.env.MP_CLIENT_SECRET as string) : SANDBOX_OAUTH_CLIENT_SECRET,
    authorizationBaseUrl: sandbox
      ? deps.providerSettings.apiUrl
      : (deps.env.MP_OAUTH_AUTHORIZATION_URL ?? DEFAULT_AUTHORIZATION_BASE_URL),
    redirectUri: `${deps.publicUrl.replace(/\/+$/, "")}${OAUTH_CALLBACK_PATH}`,
  };
}
