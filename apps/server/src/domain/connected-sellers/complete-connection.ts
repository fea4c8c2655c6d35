// Step 2 of connecting a seller: the provider sent the admin back with `code` and `state`. The state must be one
// this admin's session started, unused and unexpired; it is spent (atomically) before the code is exchanged
// (`grant_type=authorization_code`, with the PKCE verifier), so a replayed callback does nothing. No transaction is
// held across a provider call. The tokens are stored encrypted; the seller's nickname and site come from
// `/users/me` with the new token. Reconnecting a seller reactivates its row.
import type { ConnectedAccount, OAuthCallbackError } from "@cobro/contracts";
import { type OAuthToken, ProviderConnectionError, ProviderError } from "@cobro/provider-client";
import { sql } from "kysely";
import { decryptSecret } from "../../crypto/token-encryption";
import type { AppDeps } from "../../deps";
import { recordAudit } from "../audit/record-audit";
import { toConnectedAccount } from "./connection-view";
import { resolveOAuthApp } from "./oauth-app";
import { hashState } from "./start-connection";
import { encryptToken } from "./token-storage";

export type CompleteConnectionResult =
  | { ok: true; account: ConnectedAccount }
  | { ok: false; error: OAuthCallbackError };

export interface CompleteConnectionOptions {
  deps: Pick<
    AppDeps,
    "db" | "env" | "provider" | "providerSettings" | "publicUrl" | "tokenEncryptionKey" | "now" | "logger"
  >;
  /** The signed-in admin's session and user. */
  sessionId: string;
  userId: string;
  /** The callback's query parameters. */
  state: string | null;
  code: string | null;
  /** `error` of the callback (e.g. `access_denied` when the seller denied). */
  error: string | null;
}

function failed(error: OAuthCallbackError): CompleteConnectionResult {
  return { ok: false, error };
}

export async function completeSellerConnection(options: CompleteConnectionOptions): Promise<CompleteConnectionResult> {
  const { deps } = options;
  const app = resolveOAuthApp(deps);
  if (!app) return failed("not_configured");
  if (!options.state) return failed("state_invalid");
  const stateHash = hashState(options.state);
  const row = await deps.db
    .selectFrom("oauth_states")
    .selectAll()
    .where("state_hash", "=", stateHash)
    .executeTakeFirst();
  if (!row) return failed("state_invalid");
  // Another session's state is refused without spending it: it may be the other admin's attempt in flight.
  if (row.session_id !== options.sessionId || row.user_id !== options.userId) return failed("state_other_session");
  if (row.used_at !== null) return failed("state_used");
  const now = deps.now();
  if (row.expires_at.getTime() <= now.getTime()) return failed("state_expired");
  const spent = await deps.db
    .updateTable("oauth_states")
    .set({ used_at: now })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return failed("state_used");

  if (options.error) return failed(options.error === "access_denied" ? "access_denied" : "code_refused");
  if (!options.code) return failed("code_refused");

  const codeVerifier = decryptSecret(
    deps.tokenEncryptionKey,
    row.code_verifier_ciphertext,
    `oauth_states:${stateHash}`,
  );
  let token: OAuthToken;
  try {
    token = await deps.provider.oauth.exchangeCode({
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      code: options.code,
      redirectUri: row.redirect_uri,
      codeVerifier,
    });
  } catch (error) {
    deps.logger.warn({ err: error }, "exchanging an OAuth code failed");
    if (error instanceof ProviderError && error.status === 401) return failed("client_refused");
    if (error instanceof ProviderError && error.status < 500) return failed("code_refused");
    if (error instanceof ProviderError || error instanceof ProviderConnectionError)
      return failed("provider_unavailable");
    throw error;
  }

  // Who the seller is, for the console (best effort: the connection stands without it).
  let nickname: string | null = null;
  let siteId: string | null = null;
  try {
    const me = await deps.provider.account.me({ accessToken: token.access_token });
    nickname = me.nickname ?? null;
    siteId = me.site_id ?? null;
  } catch (error) {
    deps.logger.warn({ err: error }, "reading a connected seller's account failed");
  }

  const userId = token.user_id;
  const key = deps.tokenEncryptionKey;
  const stored = {
    access_token_ciphertext: encryptToken(key, userId, "access", token.access_token),
    refresh_token_ciphertext: token.refresh_token ? encryptToken(key, userId, "refresh", token.refresh_token) : null,
    public_key: token.public_key ?? null,
    scope: token.scope ?? null,
    live_mode: token.live_mode === true,
    expires_at: new Date(now.getTime() + token.expires_in * 1000),
    status: "active" as const,
    nickname,
    site_id: siteId,
    connected_by: options.userId,
    connected_at: now,
    last_refreshed_at: null,
    last_error: null,
    last_error_at: null,
    ended_at: null,
    ended_reason: null,
    ended_by: null,
    refresh_lease_until: null,
    updated_at: now,
  };
  const account = await deps.db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto("provider_accounts")
      .values({ provider_user_id: userId, created_at: now, ...stored })
      .onConflict((oc) =>
        oc.column("provider_user_id").doUpdateSet({
          ...stored,
          nickname: sql`coalesce(excluded.nickname, provider_accounts.nickname)`,
          site_id: sql`coalesce(excluded.site_id, provider_accounts.site_id)`,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId: options.userId,
      action: "provider_account.connected",
      resourceType: "provider_account",
      resourceId: saved.id,
      details: { providerUserId: userId, nickname, siteId, liveMode: saved.live_mode },
      now,
    });
    return saved;
  });
  return { ok: true, account: toConnectedAccount(account) };
}
