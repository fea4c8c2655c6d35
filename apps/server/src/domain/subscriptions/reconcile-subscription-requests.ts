// Settles the console's subscription creates whose answer was never seen: a create left `unknown` (timeout,
// dropped connection, 5xx after the retries) or still `pending` long after its call's deadline (the process died
// mid-call). The card token is never kept, so the request cannot be sent again once the operator has left the
// dialog; instead the provider is searched for what the request would have made: a subscription of the same payer,
// reason, amount, currency and frequency, made at or after the request was stored, that no other request of ours
// has claimed. Found: the request succeeded, with that subscription. Nothing found NO_PAYMENT_AFTER_MS after the
// request was stored: it failed (the provider answers a create in seconds). This only reads the provider.
//
// A card change left unknown is not settled here: a read of the subscription cannot tell which card is on file,
// and an amount change is settled by any read of its subscription (`settleUnknownChanges`).
import type { Subscription as ProviderSubscription } from "@cobro/provider-client";
import { isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import { sql } from "kysely";
import type { AppDeps } from "../../deps";
import { recordAudit } from "../audit/record-audit";
import { NO_PAYMENT_AFTER_MS, ORPHANED_ACTION_AFTER_MS } from "../checkout/payment-attempt-policy";

/** Clocks differ: a subscription dated up to this much before our row can still be ours. */
const CLOCK_SKEW_MS = 60_000;
/** At most this many open creates are settled per run (the next run takes the rest). */
const BATCH = 25;
/** The payer's newest subscriptions read per request: a console create is among the latest. */
const SEARCH_LIMIT = 50;

type Deps = Pick<AppDeps, "db" | "provider" | "now" | "logger">;

export interface ReconcileSubscriptionRequestsResult {
  settled: number;
  failed: number;
  open: number;
}

interface StoredCreate {
  payer_email?: unknown;
  reason?: unknown;
  auto_recurring?: { frequency?: unknown; frequency_type?: unknown; currency_id?: unknown };
}

/** Whether `subscription` is what `request` (the stored body) with `amountMinor` would have made. */
function matches(subscription: ProviderSubscription, request: StoredCreate, amountMinor: number | null): boolean {
  const recurring = subscription.auto_recurring;
  const currency = recurring?.currency_id;
  if (!recurring || !currency || !isSupportedCurrency(currency) || typeof recurring.transaction_amount !== "number") {
    return false;
  }
  return (
    subscription.reason === request.reason &&
    currency === request.auto_recurring?.currency_id &&
    recurring.frequency === request.auto_recurring?.frequency &&
    recurring.frequency_type === request.auto_recurring?.frequency_type &&
    toMinorUnits(recurring.transaction_amount, currency) === amountMinor
  );
}

export async function reconcileSubscriptionRequests(options: {
  deps: Deps;
}): Promise<ReconcileSubscriptionRequestsResult> {
  const { deps } = options;
  const now = deps.now();
  const orphanedBefore = new Date(now.getTime() - ORPHANED_ACTION_AFTER_MS);
  const open = await deps.db
    .selectFrom("subscription_requests")
    .selectAll()
    .where("kind", "=", "create")
    .where(sql<boolean>`request_status = 'unknown' or (request_status = 'pending' and created_at < ${orphanedBefore})`)
    .orderBy("created_at")
    .limit(BATCH)
    .execute();
  const result: ReconcileSubscriptionRequestsResult = { settled: 0, failed: 0, open: 0 };
  for (const row of open) {
    const request = row.request as StoredCreate;
    if (typeof request.payer_email !== "string") {
      result.open += 1;
      continue;
    }
    let candidates: ProviderSubscription[];
    try {
      const page = await deps.provider.subscriptions.search({
        payer_email: request.payer_email,
        sort: "date_created:desc",
        limit: SEARCH_LIMIT,
      });
      candidates = page.results ?? [];
    } catch (error) {
      deps.logger.warn({ err: error, requestId: row.id }, "subscription request reconcile: provider search failed");
      result.open += 1;
      continue;
    }
    const notBefore = row.created_at.getTime() - CLOCK_SKEW_MS;
    const claimed = new Set(
      (
        await deps.db
          .selectFrom("subscription_requests")
          .select("provider_subscription_id")
          .where("kind", "=", "create")
          .where("provider_subscription_id", "is not", null)
          .where(
            "provider_subscription_id",
            "in",
            candidates.length > 0 ? candidates.map((candidate) => candidate.id) : [""],
          )
          .execute()
      ).map((claim) => claim.provider_subscription_id),
    );
    const found = candidates.find(
      (candidate) =>
        !claimed.has(candidate.id) &&
        candidate.date_created !== undefined &&
        Date.parse(candidate.date_created) >= notBefore &&
        matches(candidate, request, row.amount_minor),
    );
    const giveUp = now.getTime() - row.created_at.getTime() >= NO_PAYMENT_AFTER_MS;
    if (!found && !giveUp) {
      result.open += 1;
      continue;
    }
    const status = found ? "succeeded" : "failed";
    await deps.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("subscription_requests")
        .set({
          request_status: status,
          ...(found ? { provider_subscription_id: found.id } : {}),
          error: found ? null : "Mercado Pago shows no subscription made by this request.",
          updated_at: now,
        })
        .where("id", "=", row.id)
        .where("request_status", "=", row.request_status)
        .returning("id")
        .executeTakeFirst();
      if (!changed) return;
      await recordAudit({
        db: trx,
        actorUserId: null,
        action: `subscription.create_${status}`,
        resourceType: "provider_subscription",
        resourceId: found?.id ?? row.id,
        idempotencyKey: row.idempotency_key,
        details: { requestId: row.id, settledBy: "reconcile", requestedBy: row.created_by },
        now,
      });
    });
    if (found) result.settled += 1;
    else result.failed += 1;
  }
  return result;
}
