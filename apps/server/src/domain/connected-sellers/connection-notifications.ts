// The provider's `mp-connect` notification: a seller linked or unlinked Cobro's application (OAuth). A link is
// made by the OAuth callback (complete-connection.ts), so it needs nothing here. An unlink ends the matching
// connected account — but only once the provider confirms it: the account's own access token is tried on
// `GET /users/me`, and only a refusal (401/403) ends the connection (status `revoked`, reason `deauthorized`,
// tokens wiped, audited). A token that still works keeps the connection, whatever the notification said.
import type { WebhookIgnoredReason } from "@cobro/contracts";
import { ProviderError } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { endConnection } from "./refresh-connection";
import { decryptToken } from "./token-storage";

type Deps = Pick<AppDeps, "db" | "provider" | "now" | "tokenEncryptionKey">;

/** The seller a `mp-connect` notification is about: the body's `user_id`, else a numeric `data.id`. */
export function connectionNotificationSeller(dataId: string | null, payload: unknown): number | null {
  const body = (payload ?? {}) as { user_id?: unknown };
  for (const candidate of [body.user_id, dataId]) {
    const value = typeof candidate === "string" && /^\d{1,19}$/.test(candidate) ? Number(candidate) : candidate;
    if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  }
  return null;
}

export async function handleSellerConnectionNotification(options: {
  deps: Deps;
  dataId: string | null;
  action: string | null;
  payload: unknown;
}): Promise<{ ignored: WebhookIgnoredReason } | undefined> {
  const { deps } = options;
  const sellerId = connectionNotificationSeller(options.dataId, options.payload);
  const account =
    sellerId === null
      ? undefined
      : await deps.db
          .selectFrom("provider_accounts")
          .selectAll()
          .where("provider_user_id", "=", sellerId)
          .where("status", "=", "active")
          .executeTakeFirst();
  if (!account || account.access_token_ciphertext === null) {
    // provider: `application.authorized` arrives after our callback stored the account; before it, or for a
    // seller connected elsewhere, there is nothing of ours to update.
    return {
      ignored: options.action === "application.authorized" ? "seller_authorized_at_callback" : "seller_not_connected",
    };
  }
  const accessToken = decryptToken(
    deps.tokenEncryptionKey,
    account.provider_user_id,
    "access",
    account.access_token_ciphertext,
  );
  try {
    await deps.provider.account.me({ accessToken });
  } catch (error) {
    if (error instanceof ProviderError && (error.status === 401 || error.status === 403)) {
      await endConnection(deps, account, "deauthorized", null);
      return undefined;
    }
    // No answer, or a 5xx: the job retries (the connection is not ended on a guess).
    throw error;
  }
  return {
    ignored: options.action === "application.authorized" ? "seller_authorized_at_callback" : "seller_still_authorized",
  };
}
