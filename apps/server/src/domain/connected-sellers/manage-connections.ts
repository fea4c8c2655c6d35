// The console's list of connected seller accounts, and disconnecting one (tokens wiped at once; the seller can
// also remove the application from their Mercado Pago account).
import type { AccountOption, ConnectedAccount } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toConnectedAccount } from "./connection-view";
import { resolveOAuthApp } from "./oauth-app";
import { endConnection } from "./refresh-connection";

/** The console shows this many connections, newest first (active ones before ended ones). */
export const CONNECTED_ACCOUNTS_LIMIT = 100;

export async function listConnectedAccounts(options: {
  deps: Pick<AppDeps, "db" | "env" | "providerSettings" | "publicUrl">;
}): Promise<{ items: ConnectedAccount[]; oauthAvailable: boolean }> {
  const rows = await options.deps.db
    .selectFrom("provider_accounts")
    .selectAll()
    .orderBy((eb) => eb.case().when("status", "=", "active").then(0).else(1).end())
    .orderBy("connected_at", "desc")
    .orderBy("id")
    .limit(CONNECTED_ACCOUNTS_LIMIT)
    .execute();
  return { items: rows.map(toConnectedAccount), oauthAvailable: resolveOAuthApp(options.deps) !== null };
}

export async function disconnectSellerAccount(options: {
  deps: Pick<AppDeps, "db" | "now">;
  accountId: string;
  actorUserId: string;
}): Promise<ConnectedAccount> {
  const row = await options.deps.db
    .selectFrom("provider_accounts")
    .selectAll()
    .where("id", "=", options.accountId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such connected account.", { reason: "not_found" });
  if (row.status !== "active") return toConnectedAccount(row);
  return endConnection(options.deps, row, "disconnected", options.actorUserId);
}

/** Every connection, ended ones included (their payments stay listed under them), for filters and labels. */
export async function listAccountOptions(options: { db: Kysely<DB> }): Promise<AccountOption[]> {
  const rows = await options.db
    .selectFrom("provider_accounts")
    .select(["id", "provider_user_id", "nickname", "status"])
    .orderBy("connected_at")
    .orderBy("id")
    .limit(CONNECTED_ACCOUNTS_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    providerUserId: Number(row.provider_user_id),
    nickname: row.nickname,
    status: row.status,
  }));
}
