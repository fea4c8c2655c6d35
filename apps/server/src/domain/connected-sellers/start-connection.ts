// Step 1 of connecting a seller: a fresh `state` (32 random bytes) bound to the admin's session, single use, valid
// OAUTH_STATE_TTL_MS, stored only as its SHA-256; a PKCE verifier (stored encrypted) whose S256 challenge goes in
// the URL. The provider sends the admin back to Cobro's callback with `?code=…&state=…`.
import { createHash, randomBytes } from "node:crypto";
import { buildAuthorizationUrl } from "@cobro/provider-client";
import { encryptSecret } from "../../crypto/token-encryption";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { resolveOAuthApp } from "./oauth-app";

/** How long an authorization attempt may take (the provider's own codes live 10 minutes). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export function hashState(state: string): string {
  return createHash("sha256").update(state, "utf8").digest("hex");
}

export async function startSellerConnection(options: {
  deps: Pick<AppDeps, "db" | "env" | "providerSettings" | "publicUrl" | "tokenEncryptionKey" | "now">;
  userId: string;
  sessionId: string;
}): Promise<{ authorizationUrl: string; expiresAt: string }> {
  const { deps } = options;
  const app = resolveOAuthApp(deps);
  if (!app) {
    throw new AppError(
      "BAD_REQUEST",
      "Connecting seller accounts needs MP_CLIENT_ID and MP_CLIENT_SECRET (the OAuth application).",
    );
  }
  const state = randomBytes(32).toString("base64url");
  const stateHash = hashState(state);
  const codeVerifier = randomBytes(32).toString("base64url");
  const codeChallenge = createHash("sha256").update(codeVerifier).digest("base64url");
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS);
  await deps.db
    .insertInto("oauth_states")
    .values({
      state_hash: stateHash,
      session_id: options.sessionId,
      user_id: options.userId,
      redirect_uri: app.redirectUri,
      code_verifier_ciphertext: encryptSecret(deps.tokenEncryptionKey, codeVerifier, `oauth_states:${stateHash}`),
      expires_at: expiresAt,
      created_at: now,
    })
    .execute();
  const authorizationUrl = buildAuthorizationUrl({
    clientId: app.clientId,
    redirectUri: app.redirectUri,
    state,
    codeChallenge,
    authorizationBaseUrl: app.authorizationBaseUrl,
  });
  return { authorizationUrl, expiresAt: expiresAt.toISOString() };
}

/** Deletes authorization attempts that can no longer complete (the prune job). */
export async function deleteExpiredOAuthStates(options: { db: AppDeps["db"]; now: Date }): Promise<void> {
  await options.db.deleteFrom("oauth_states").where("expires_at", "<", options.now).execute();
}
