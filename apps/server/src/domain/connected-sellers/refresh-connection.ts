// Renewing a connected seller's tokens (`grant_type=refresh_token`). provider: the answer carries a new refresh
// token and the old one stops working, so:
// - one refresher per account at a time (a lease on the row, taken before the call and committed), since two
//   refreshes with one token would make the second look like a revocation;
// - the new tokens replace the old in one update, compare-and-set on the refresh token read (nothing is dropped
//   before its replacement is stored);
// - a refresh the provider refuses (`invalid_grant`: the seller revoked access) ends the connection: status
//   `revoked`, tokens wiped, the reason kept for the console. Any other failure is recorded as the last error and
//   the connection stays (the job tries again).
import type { ConnectedAccount, ConnectionErrorCode } from "@cobro/contracts";
import { type OAuthToken, ProviderConnectionError, ProviderError } from "@cobro/provider-client";
import type { ProviderAccount } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { lockChargingSetting, onConnectionEnding } from "./charging-setting";
import { toConnectedAccount } from "./connection-view";
import { resolveOAuthApp } from "./oauth-app";
import { decryptToken, encryptToken } from "./token-storage";

/** How long a refresher holds an account (longer than a provider call with its retries). */
const REFRESH_LEASE_MS = 2 * 60_000;
/** The job refreshes tokens this long before they expire (they live 180 days). */
export const REFRESH_BEFORE_EXPIRY_MS = 30 * 24 * 60 * 60_000;
/** Accounts one job run refreshes at most (the next run takes the rest). */
const REFRESH_BATCH = 50;

type Deps = Pick<
  AppDeps,
  "db" | "env" | "provider" | "providerSettings" | "publicUrl" | "tokenEncryptionKey" | "now" | "logger"
>;

export interface RefreshOutcome {
  account: ConnectedAccount;
  /** `refreshed`, `revoked` (the provider refused: the connection ended), or `failed` (recorded, kept). */
  outcome: "refreshed" | "revoked" | "failed";
}

function classify(error: unknown): ConnectionErrorCode | null {
  if (error instanceof ProviderError) {
    if (error.status === 400 && error.code === "invalid_grant") return "refresh_refused";
    if (error.status === 401) return "client_refused";
    if (error.status >= 500 || error.status === 429) return "provider_unavailable";
    return "refresh_refused";
  }
  if (error instanceof ProviderConnectionError) return "provider_unavailable";
  return null;
}

/** Refreshes one account's tokens; `actorUserId` is the admin who asked (null for the job). */
export async function refreshSellerConnection(options: {
  deps: Deps;
  accountId: string;
  actorUserId: string | null;
}): Promise<RefreshOutcome> {
  const { deps } = options;
  const app = resolveOAuthApp(deps);
  if (!app) throw new AppError("BAD_REQUEST", "Connecting seller accounts needs MP_CLIENT_ID and MP_CLIENT_SECRET.");
  const now = deps.now();
  const claimed = await deps.db
    .updateTable("provider_accounts")
    .set({ refresh_lease_until: new Date(now.getTime() + REFRESH_LEASE_MS) })
    .where("id", "=", options.accountId)
    .where("status", "=", "active")
    .where((eb) => eb.or([eb("refresh_lease_until", "is", null), eb("refresh_lease_until", "<", now)]))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const row = await deps.db
      .selectFrom("provider_accounts")
      .select(["status"])
      .where("id", "=", options.accountId)
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "No such connected account.", { reason: "not_found" });
    if (row.status !== "active") throw new AppError("CONFLICT", "This connection has ended. Connect the seller again.");
    throw new AppError("CONFLICT", "This connection is being refreshed right now.", { reason: "action_in_progress" });
  }
  if (!claimed.refresh_token_ciphertext) {
    return { account: await endConnection(deps, claimed, "refresh_refused", options.actorUserId), outcome: "revoked" };
  }
  const providerUserId = Number(claimed.provider_user_id);
  const refreshToken = decryptToken(
    deps.tokenEncryptionKey,
    providerUserId,
    "refresh",
    claimed.refresh_token_ciphertext,
  );

  let token: OAuthToken;
  try {
    token = await deps.provider.oauth.refreshToken({
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      refreshToken,
    });
  } catch (error) {
    const code = classify(error);
    if (code === null) {
      await releaseLease(deps, claimed.id);
      throw error;
    }
    deps.logger.warn({ err: error, accountId: claimed.id }, "refreshing a seller's tokens failed");
    if (code === "refresh_refused") {
      // A refresher that ran meanwhile (its lease expired under it) may have rotated the token: not a revocation.
      const current = await deps.db
        .selectFrom("provider_accounts")
        .select("refresh_token_ciphertext")
        .where("id", "=", claimed.id)
        .executeTakeFirst();
      if (current && current.refresh_token_ciphertext === claimed.refresh_token_ciphertext) {
        return {
          account: await endConnection(deps, claimed, "refresh_refused", options.actorUserId),
          outcome: "revoked",
        };
      }
    }
    const failedAt = deps.now();
    const row = await deps.db
      .updateTable("provider_accounts")
      .set({ last_error: code, last_error_at: failedAt, refresh_lease_until: null, updated_at: failedAt })
      .where("id", "=", claimed.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { account: toConnectedAccount(row), outcome: "failed" };
  }

  const refreshedAt = deps.now();
  const key = deps.tokenEncryptionKey;
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("provider_accounts")
      .set({
        access_token_ciphertext: encryptToken(key, providerUserId, "access", token.access_token),
        // provider: the refresh token rotates; the new one replaces the old in this same update.
        refresh_token_ciphertext: token.refresh_token
          ? encryptToken(key, providerUserId, "refresh", token.refresh_token)
          : claimed.refresh_token_ciphertext,
        public_key: token.public_key ?? claimed.public_key,
        scope: token.scope ?? claimed.scope,
        live_mode: token.live_mode === true,
        expires_at: new Date(refreshedAt.getTime() + token.expires_in * 1000),
        last_refreshed_at: refreshedAt,
        last_error: null,
        last_error_at: null,
        refresh_lease_until: null,
        updated_at: refreshedAt,
      })
      .where("id", "=", claimed.id)
      .where("refresh_token_ciphertext", "=", claimed.refresh_token_ciphertext)
      .returningAll()
      .executeTakeFirst();
    if (row) {
      await recordAudit({
        db: trx,
        actorUserId: options.actorUserId,
        action: "provider_account.refreshed",
        resourceType: "provider_account",
        resourceId: row.id,
        details: { providerUserId, expiresAt: row.expires_at?.toISOString() ?? null },
        now: refreshedAt,
      });
    }
    return row;
  });
  if (!updated) {
    // Disconnected (tokens wiped) while the call was in flight: the disconnection stands.
    throw new AppError("CONFLICT", "This connection changed while it was being refreshed. Reload the page.");
  }
  return { account: toConnectedAccount(updated), outcome: "refreshed" };
}

async function releaseLease(deps: Deps, accountId: string): Promise<void> {
  await deps.db
    .updateTable("provider_accounts")
    .set({ refresh_lease_until: null })
    .where("id", "=", accountId)
    .execute();
}

/** Ends a connection: tokens wiped, status and reason kept for the console, audited. */
export async function endConnection(
  deps: Pick<Deps, "db" | "now">,
  row: ProviderAccount,
  reason: ConnectionErrorCode,
  actorUserId: string | null,
): Promise<ConnectedAccount> {
  const now = deps.now();
  const status = reason === "disconnected" ? "disconnected" : "revoked";
  return deps.db.transaction().execute(async (trx) => {
    // A disconnection of the charging account is refused; a revocation moves the setting to the store's own account.
    await lockChargingSetting(trx);
    await onConnectionEnding({ trx, accountId: row.id, reason, now });
    const ended = await trx
      .updateTable("provider_accounts")
      .set({
        status,
        access_token_ciphertext: null,
        refresh_token_ciphertext: null,
        ended_at: now,
        ended_reason: reason,
        ended_by: reason === "disconnected" ? actorUserId : null,
        last_error: reason === "disconnected" ? row.last_error : reason,
        last_error_at: reason === "disconnected" ? row.last_error_at : now,
        refresh_lease_until: null,
        updated_at: now,
      })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId,
      action: reason === "disconnected" ? "provider_account.disconnected" : "provider_account.revoked",
      resourceType: "provider_account",
      resourceId: row.id,
      details: { providerUserId: Number(row.provider_user_id), reason },
      now,
    });
    return toConnectedAccount(ended);
  });
}

/** The job: refreshes every active connection whose access token expires within REFRESH_BEFORE_EXPIRY_MS. */
export async function refreshDueConnections(options: { deps: Deps }): Promise<{
  refreshed: number;
  revoked: number;
  failed: number;
}> {
  const { deps } = options;
  const counts = { refreshed: 0, revoked: 0, failed: 0 };
  if (!resolveOAuthApp(deps)) return counts;
  const now = deps.now();
  const due = await deps.db
    .selectFrom("provider_accounts")
    .select("id")
    .where("status", "=", "active")
    .where("expires_at", "<", new Date(now.getTime() + REFRESH_BEFORE_EXPIRY_MS))
    .where((eb) => eb.or([eb("refresh_lease_until", "is", null), eb("refresh_lease_until", "<", now)]))
    .orderBy("expires_at")
    .limit(REFRESH_BATCH)
    .execute();
  for (const { id } of due) {
    try {
      const result = await refreshSellerConnection({ deps, accountId: id, actorUserId: null });
      counts[result.outcome] += 1;
    } catch (error) {
      counts.failed += 1;
      deps.logger.warn({ err: error, accountId: id }, "refreshing a connected account failed");
    }
  }
  return counts;
}
