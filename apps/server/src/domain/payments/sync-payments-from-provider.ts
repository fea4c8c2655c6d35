// The payment mirror's sync: pages through the account's payments at the
// provider in the order they last changed, from a stored cursor, and applies
// each one with the webhook's code (applyPaymentSnapshot: never backwards,
// never a stale snapshot). It catches what a lost notification missed — a
// checkout whose payment was approved while its webhook never came ends paid —
// and brings in payments Cobro did not make (payment links, terminals, the
// provider's own tools). One run at a time across instances is the job
// queue's business (a singleton job); the cursor lives in PostgreSQL.
import type { Payment as ProviderPayment } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { applyPaymentSnapshot } from "./apply-payment-snapshot";

export const PAYMENTS_SYNC_RESOURCE = "payments";

/** provider: the most results one search page returns. */
export const SYNC_PAGE_SIZE = 100;

/** Pages one run reads at most; the next run goes on from the cursor. */
export const SYNC_MAX_PAGES = 50;

/**
 * The run reads from this long before the cursor: the provider's search index lags a few seconds behind its writes
 * (docs/provider-facts.md §4.1: search is eventually consistent), so a payment updated just before the last run may appear
 * only now. Re-applying a snapshot already mirrored changes nothing.
 */
export const SYNC_OVERLAP_MS = 5 * 60 * 1000;

/** A first run (no cursor yet) reads this far back. */
export const SYNC_FIRST_LOOKBACK_MS = 90 * 24 * 60 * 60 * 1000;

export interface SyncPaymentsResult {
  /** Snapshots read from the provider. */
  read: number;
  /** Mirror rows created or updated. */
  applied: number;
  /** Payments the mirror cannot hold (e.g. a currency it does not handle); logged, skipped. */
  skipped: number;
  /** The cursor after the run. */
  cursor: Date | null;
}

function lastUpdatedOf(payment: ProviderPayment): Date | null {
  const value = payment.date_last_updated ?? payment.date_created;
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type SyncDeps = ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;

/** The sync cursor's row of a connected account (the store's own account keeps PAYMENTS_SYNC_RESOURCE). */
export function paymentsSyncResourceOf(accountId: string): string {
  return `${PAYMENTS_SYNC_RESOURCE}:${accountId}`;
}

/**
 * One sync run (see the file comment): the store's own account, then each active connected account with its own
 * credentials and its own cursor, each payment mirrored under the account that read it. Provider errors of the
 * store's own account end the run, recorded as `last_error`, and propagate; a connection's are recorded on its
 * cursor row and logged, and the run goes on with the next account.
 */
export async function syncPaymentsFromProvider(options: {
  deps: SyncDeps;
  maxPages?: number;
}): Promise<SyncPaymentsResult> {
  const { deps } = options;
  const own = await syncAccountPayments({ ...options, accountId: null });
  const connections = await deps.db
    .selectFrom("provider_accounts")
    .select("id")
    .where("status", "=", "active")
    .orderBy("connected_at")
    .execute();
  for (const { id } of connections) {
    try {
      await syncAccountPayments({ ...options, accountId: id });
    } catch (error) {
      deps.logger.warn({ err: error, accountId: id }, "payments sync of a connected account failed");
    }
  }
  return own;
}

async function syncAccountPayments(options: {
  deps: SyncDeps;
  maxPages?: number;
  accountId: string | null;
}): Promise<SyncPaymentsResult> {
  const { deps, accountId } = options;
  const resource = accountId === null ? PAYMENTS_SYNC_RESOURCE : paymentsSyncResourceOf(accountId);
  const provider = await providerForAccount(deps, accountId);
  const startedAt = deps.now();
  const state = await deps.db
    .insertInto("provider_sync_state")
    .values({ resource, last_started_at: startedAt, updated_at: startedAt })
    .onConflict((conflict) =>
      conflict.column("resource").doUpdateSet({ last_started_at: startedAt, updated_at: startedAt }),
    )
    .returning(["cursor"])
    .executeTakeFirstOrThrow();

  const from = new Date(
    state.cursor ? state.cursor.getTime() - SYNC_OVERLAP_MS : startedAt.getTime() - SYNC_FIRST_LOOKBACK_MS,
  );
  let cursor = state.cursor;
  const result: SyncPaymentsResult = { read: 0, applied: 0, skipped: 0, cursor };
  try {
    for (let page = 0; page < (options.maxPages ?? SYNC_MAX_PAGES); page++) {
      const found = await provider.payments.search({
        sort: "date_last_updated",
        criteria: "asc",
        range: "date_last_updated",
        begin_date: from.toISOString(),
        end_date: "NOW",
        limit: SYNC_PAGE_SIZE,
        offset: page * SYNC_PAGE_SIZE,
      });
      const payments = found.results ?? [];
      for (const payment of payments) {
        result.read++;
        try {
          const applied = await applyPaymentSnapshot({
            db: deps.db,
            payment,
            now: deps.now(),
            jobs: deps.jobs,
            providerAccountId: accountId,
          });
          if (applied.outcome === "created" || applied.outcome === "updated") result.applied++;
        } catch (error) {
          result.skipped++;
          deps.logger.warn({ err: error, providerPaymentId: payment.id }, "sync: a payment could not be mirrored");
        }
        const updated = lastUpdatedOf(payment);
        if (updated && (!cursor || updated.getTime() > cursor.getTime())) cursor = updated;
      }
      if (payments.length < SYNC_PAGE_SIZE) break;
    }
  } catch (error) {
    await deps.db
      .updateTable("provider_sync_state")
      .set({
        cursor,
        last_error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 500) : String(error),
        updated_at: deps.now(),
      })
      .where("resource", "=", resource)
      .execute();
    throw error;
  }
  result.cursor = cursor;
  await deps.db
    .updateTable("provider_sync_state")
    .set({
      cursor,
      last_finished_at: deps.now(),
      last_applied: result.applied,
      last_error: null,
      updated_at: deps.now(),
    })
    .where("resource", "=", resource)
    .execute();
  deps.logger.info({ ...result, accountId, cursor: cursor?.toISOString() ?? null }, "payments sync finished");
  return result;
}
