// Test helpers for connected seller accounts (imported by tests only): a seller's consent on the sandbox's OAuth
// page, and a connected account row made through the real token exchange.
import { randomUUID } from "node:crypto";
import type { Sandbox } from "mercadopago-sandbox";
import type { AppDeps } from "../deps";
import { resolveOAuthApp } from "../domain/connected-sellers/oauth-app";
import { encryptToken } from "../domain/connected-sellers/token-storage";

/**
 * Posts the sandbox's consent form the way a seller's browser does after `authorizationUrl` (its client id,
 * redirect URI, state and PKCE challenge), and returns the redirect back to Cobro (with `code` and `state`).
 * `sandboxUrl`: where the page is served when the URL names the live authorization host (a server in live mode).
 */
export async function consentAtSandbox(
  authorizationUrl: string,
  decision: "authorize" | "deny" = "authorize",
  sandboxUrl?: string,
): Promise<URL> {
  const url = new URL(authorizationUrl);
  const form = new URLSearchParams({ decision, site_id: "MLA" });
  for (const name of ["client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method"]) {
    const value = url.searchParams.get(name);
    if (value !== null) form.set(name, value);
  }
  const response = await fetch(`${sandboxUrl ?? url.origin}/authorization`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`consent answered ${response.status}`);
  return new URL(location);
}

/** The seller removes the application at the provider (the sandbox's control API). */
export async function revokeAtSandbox(sandbox: Sandbox, providerUserId: number): Promise<void> {
  const response = await fetch(`${sandbox.url}/__sandbox/oauth/revoke`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user_id: providerUserId }),
  });
  if (!response.ok) throw new Error(`revoke answered ${response.status}`);
}

/**
 * A seller connected for real at the sandbox (consent, code exchange) and stored as Cobro stores it; for tests of
 * refresh and disconnect that do not go through the callback.
 */
export async function insertConnectedSeller(
  deps: Pick<AppDeps, "db" | "env" | "provider" | "providerSettings" | "publicUrl" | "tokenEncryptionKey">,
): Promise<{ id: string; providerUserId: number; refreshToken: string }> {
  const app = resolveOAuthApp(deps);
  if (!app) throw new Error("no OAuth app in these deps");
  const back = await consentAtSandbox(
    `${deps.providerSettings.apiUrl}/authorization?${new URLSearchParams({
      client_id: app.clientId,
      redirect_uri: app.redirectUri,
      state: randomUUID(),
    })}`,
  );
  const token = await deps.provider.oauth.exchangeCode({
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    code: back.searchParams.get("code") ?? "",
    redirectUri: app.redirectUri,
  });
  const key = deps.tokenEncryptionKey;
  const row = await deps.db
    .insertInto("provider_accounts")
    .values({
      provider_user_id: token.user_id,
      access_token_ciphertext: encryptToken(key, token.user_id, "access", token.access_token),
      refresh_token_ciphertext: encryptToken(key, token.user_id, "refresh", token.refresh_token ?? ""),
      live_mode: false,
      scope: token.scope ?? null,
      public_key: token.public_key ?? null,
      nickname: `seller-${token.user_id}`,
      expires_at: new Date(Date.now() + token.expires_in * 1000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, providerUserId: token.user_id, refreshToken: token.refresh_token ?? "" };
}
