// Which account new charges are made on: the store's own account (the default) or an active connected seller.
// Kept as the `charging_account` row of `store_settings` and read from PostgreSQL on every use (several server
// instances share one database: no process keeps a copy that could disagree, and a change needs no restart).
//
// Money safety: the setting only decides where a NEW checkout charges. A checkout records its account when it is
// created (checkouts.provider_account_id), and everything after that (the payment, its retries with the same key,
// the hosted preference, re-reads, refunds) follows the checkout or the payment, never the setting, so switching
// between two steps of one payment cannot send its key to another account.
//
// Switching, disconnecting the charging account, and the fallback after a revocation all take one advisory lock
// (the store settings' own), so "is this the charging account?" and "end this connection" cannot interleave.
import type { ChargingSetting, ConnectionErrorCode } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { type DB, toJsonb } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";

/** The `store_settings` key of the setting. */
export const CHARGING_ACCOUNT_KEY = "charging_account";

interface StoredValue {
  accountId: string | null;
  fallback: { at: string; fromAccountId: string; reason: ConnectionErrorCode } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseStored(value: unknown): StoredValue {
  if (typeof value !== "object" || value === null) return { accountId: null, fallback: null };
  const raw = value as Record<string, unknown>;
  const accountId = typeof raw.accountId === "string" && UUID.test(raw.accountId) ? raw.accountId : null;
  const fallback =
    typeof raw.fallback === "object" && raw.fallback !== null ? (raw.fallback as StoredValue["fallback"]) : null;
  return { accountId, fallback };
}

/** Serialises changes of the charging account with disconnections and revocations (call inside a transaction). */
export async function lockChargingSetting(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('cobro:store-settings'))`.execute(trx);
}

async function readStored(db: Kysely<DB>): Promise<StoredValue & { updatedAt: Date | null }> {
  const row = await db
    .selectFrom("store_settings")
    .select(["value", "updated_at"])
    .where("key", "=", CHARGING_ACCOUNT_KEY)
    .executeTakeFirst();
  return { ...parseStored(row?.value ?? null), updatedAt: row?.updated_at ?? null };
}

/** The setting as the console shows it. */
export async function getChargingSetting(options: { db: Kysely<DB> }): Promise<ChargingSetting> {
  const stored = await readStored(options.db);
  return {
    accountId: stored.accountId,
    updatedAt: stored.updatedAt ? stored.updatedAt.toISOString() : null,
    fallback: stored.fallback,
  };
}

/**
 * The account a checkout created now charges on: the stored connection while it is active, else null (the store's
 * own account). One read per checkout, never cached.
 */
export async function resolveChargingAccountId(options: { db: Kysely<DB> }): Promise<string | null> {
  const row = await options.db
    .selectFrom("store_settings")
    .leftJoin("provider_accounts", (join) =>
      join.on(sql`provider_accounts.id::text`, "=", sql`store_settings.value->>'accountId'`),
    )
    .select(["provider_accounts.id as accountId", "provider_accounts.status as status"])
    .where("store_settings.key", "=", CHARGING_ACCOUNT_KEY)
    .executeTakeFirst();
  return row?.accountId && row.status === "active" ? row.accountId : null;
}

async function writeStored(trx: Kysely<DB>, value: StoredValue, actorUserId: string | null, now: Date): Promise<void> {
  await trx
    .insertInto("store_settings")
    .values({ key: CHARGING_ACCOUNT_KEY, value: toJsonb(value), updated_by: actorUserId, updated_at: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        value: toJsonb(value),
        version: sql`store_settings.version + 1`,
        updated_by: actorUserId,
        updated_at: now,
      }),
    )
    .execute();
}

/** Switches the charging account (admin only; the console confirms first). Audited with before and after. */
export async function setChargingAccount(options: {
  db: Kysely<DB>;
  accountId: string | null;
  actorUserId: string;
  now: Date;
}): Promise<ChargingSetting> {
  const { accountId, actorUserId, now } = options;
  await options.db.transaction().execute(async (trx) => {
    await lockChargingSetting(trx);
    const before = await readStored(trx);
    if (accountId !== null) {
      const target = await trx
        .selectFrom("provider_accounts")
        .select(["id", "status"])
        .where("id", "=", accountId)
        .executeTakeFirst();
      if (!target) {
        throw new AppError("NOT_FOUND", "No such connected account.", { field: "accountId", reason: "not_found" });
      }
      if (target.status !== "active") {
        throw new AppError("CONFLICT", "This connection has ended: connect the seller again before charging on it.", {
          field: "accountId",
          reason: "account_connection_ended",
        });
      }
    }
    if (before.accountId === accountId) return;
    await writeStored(trx, { accountId, fallback: null }, actorUserId, now);
    await recordAudit({
      db: trx,
      actorUserId,
      action: "charging_account.changed",
      resourceType: "store_setting",
      resourceId: CHARGING_ACCOUNT_KEY,
      details: { from: before.accountId, to: accountId },
      now,
    });
  });
  return getChargingSetting({ db: options.db });
}

/**
 * Called inside the transaction that ends a connection, after `lockChargingSetting`. A disconnection of the
 * charging account is refused (switch first); a revocation by the provider moves the setting back to the store's
 * own account, audited as the system's change.
 */
export async function onConnectionEnding(options: {
  trx: Kysely<DB>;
  accountId: string;
  reason: ConnectionErrorCode;
  now: Date;
}): Promise<void> {
  const { trx, accountId, reason, now } = options;
  const stored = await readStored(trx);
  if (stored.accountId !== accountId) return;
  if (reason === "disconnected") {
    throw new AppError(
      "CONFLICT",
      "The shop charges with this account. Switch the charging account to another one before disconnecting it.",
      { field: "accountId", reason: "charging_account_in_use" },
    );
  }
  await writeStored(
    trx,
    { accountId: null, fallback: { at: now.toISOString(), fromAccountId: accountId, reason } },
    null,
    now,
  );
  await recordAudit({
    db: trx,
    actorUserId: null,
    action: "charging_account.changed",
    resourceType: "store_setting",
    resourceId: CHARGING_ACCOUNT_KEY,
    details: { from: accountId, to: null, reason },
    now,
  });
}
