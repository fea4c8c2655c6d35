// The provider client acting for one account: the store's own (`deps.provider`, for a null account) or a connected
// seller's, with that seller's decrypted access token, the same base URL and the same call log. The token lives only
// inside the client (the transport redacts it from errors); nothing here logs or returns it.
import { createProviderClient, type ProviderClient } from "@cobro/provider-client";
import type { AppDeps } from "../deps";
import { decryptToken } from "../domain/connected-sellers/token-storage";
import { AppError } from "../errors/app-error";
import { createProviderCallRecorder } from "./provider-call-log";

/**
 * What the resolver needs. The connected-account fields are optional in the type only so that code which never
 * charges on a connection (subscriptions, terminals) can keep its narrower deps; every runtime deps object has them,
 * and a connected account asked for without them is a programming error, thrown as such.
 */
export type AccountProviderDeps = Pick<AppDeps, "db" | "provider"> &
  Partial<Pick<AppDeps, "providerSettings" | "tokenEncryptionKey" | "logger">>;

/** The same, all fields required: code that may act for a connected account (checkouts, payments, webhooks). */
export type ConnectedProviderDeps = Pick<
  AppDeps,
  "db" | "provider" | "providerSettings" | "tokenEncryptionKey" | "logger"
>;

/** A connected account's client, or `deps.provider` for the store's own account (null). */
export async function providerForAccount(deps: AccountProviderDeps, accountId: string | null): Promise<ProviderClient> {
  if (accountId === null) return deps.provider;
  const { providerSettings, tokenEncryptionKey, logger } = deps;
  if (!providerSettings || !tokenEncryptionKey || !logger) {
    throw new Error("providerForAccount: a connected account needs providerSettings, tokenEncryptionKey and logger");
  }
  const row = await deps.db
    .selectFrom("provider_accounts")
    .select(["id", "provider_user_id", "status", "access_token_ciphertext", "public_key"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such connected account.", { reason: "not_found" });
  if (row.status !== "active" || !row.access_token_ciphertext) {
    throw new AppError(
      "CONFLICT",
      "The seller account this payment belongs to is no longer connected. Connect it again to act on its payments.",
      { reason: "account_connection_ended" },
    );
  }
  const accessToken = decryptToken(
    tokenEncryptionKey,
    Number(row.provider_user_id),
    "access",
    row.access_token_ciphertext,
  );
  return createProviderClient({
    accessToken,
    baseUrl: providerSettings.apiUrl,
    onCallEnd: createProviderCallRecorder({ db: deps.db, logger }).onCallEnd,
  });
}

/** The browser public key of an account (the card token must be made for the account that charges). */
export async function publicKeyForAccount(
  deps: Pick<AppDeps, "db" | "providerSettings">,
  accountId: string | null,
): Promise<string> {
  if (accountId === null) return deps.providerSettings.publicKey;
  const row = await deps.db
    .selectFrom("provider_accounts")
    .select(["public_key", "status"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!row?.public_key || row.status !== "active") {
    throw new AppError("CONFLICT", "This checkout's seller account is no longer connected.", {
      reason: "account_connection_ended",
    });
  }
  return row.public_key;
}

/** The connection whose provider user id a notification names (`user_id`); null: not a connection (the store's own). */
export async function accountIdOfProviderUser(
  deps: Pick<AppDeps, "db">,
  providerUserId: number | null,
): Promise<string | null> {
  if (providerUserId === null) return null;
  const row = await deps.db
    .selectFrom("provider_accounts")
    .select("id")
    .where("provider_user_id", "=", providerUserId)
    .orderBy((eb) => eb.case().when("status", "=", "active").then(0).else(1).end())
    .orderBy("connected_at", "desc")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The account a mirrored payment is held by (null: the store's own, or not mirrored yet). */
export async function accountIdOfPayment(deps: Pick<AppDeps, "db">, providerPaymentId: number): Promise<string | null> {
  const row = await deps.db
    .selectFrom("payments")
    .select("provider_account_id")
    .where("provider_payment_id", "=", providerPaymentId)
    .executeTakeFirst();
  return row?.provider_account_id ?? null;
}
