// The one reconcile loop: requests whose answer was never seen (`unknown`), or left `pending` by a process that
// died mid-call (its lease long over), are settled from what the provider holds, by their kind's reconciler. Run by
// one singleton job every minute, so one instance at a time; each settlement is also conditional on the request
// being open, so a late answer and a reconcile never both record.
import type { JsonValue } from "../../db/schema";
import { ORPHANED_ACTION_AFTER_MS, RECONCILE_AFTER_LEASE_MS } from "../checkout/payment-attempt-policy";
import type { ProviderRequestDeps, ProviderRequestKind } from "./provider-request-kind";
import { recordOutcome } from "./run-provider-request";

/** At most this many open requests are read per run (the next minute's run takes the rest). */
const BATCH = 50;

export interface ReconcileProviderRequestsResult {
  /** Requests now known to have had their effect. */
  settled: number;
  /** Requests now known to have had none. */
  failed: number;
  /** Still open (the provider shows nothing yet, or could not be read). */
  open: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every answer type.
export type AnyProviderRequestKind = ProviderRequestKind<any>;

/** One sweep over the given kinds (the registry); safe to run twice or concurrently. */
export async function reconcileProviderRequests(options: {
  deps: ProviderRequestDeps;
  kinds: readonly AnyProviderRequestKind[];
}): Promise<ReconcileProviderRequestsResult> {
  const { deps } = options;
  const byKind = new Map(options.kinds.map((kind) => [kind.kind, kind]));
  const result: ReconcileProviderRequestsResult = { settled: 0, failed: 0, open: 0 };
  if (byKind.size === 0) return result;
  const now = deps.now();
  // A pending request never claimed counts as orphaned once a lease would have run out, with the same margin.
  const orphanedBefore = new Date(now.getTime() - ORPHANED_ACTION_AFTER_MS);
  const leaseOverBefore = new Date(now.getTime() - RECONCILE_AFTER_LEASE_MS);
  const open = await deps.db
    .selectFrom("provider_requests")
    .selectAll()
    .where("kind", "in", [...byKind.keys()])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "unknown"), eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)])]),
        eb.and([
          eb("status", "=", "pending"),
          eb.or([
            eb.and([eb("lease_until", "is", null), eb("created_at", "<", orphanedBefore)]),
            eb("lease_until", "<", leaseOverBefore),
          ]),
        ]),
      ]),
    )
    .orderBy("created_at")
    .limit(BATCH)
    .execute();
  for (const request of open) {
    const kind = byKind.get(request.kind);
    if (!kind) continue;
    let verdict: Awaited<ReturnType<typeof kind.reconcile>>;
    try {
      verdict = await kind.reconcile(deps, request);
    } catch (error) {
      deps.logger.warn({ err: error, requestId: request.id, kind: request.kind }, "reconciling a request failed");
      result.open += 1;
      continue;
    }
    if (verdict === null) {
      result.open += 1;
      continue;
    }
    const outcome = await recordOutcome<JsonValue>(deps, kind, request, verdict, "reconcile");
    if (outcome.status === "unknown") {
      result.open += 1;
      continue;
    }
    result[outcome.status === "succeeded" ? "settled" : "failed"] += 1;
    try {
      await kind.afterReconcile?.(deps, request);
    } catch (error) {
      deps.logger.warn({ err: error, requestId: request.id }, "after settling a request, a follow-up failed");
    }
  }
  return result;
}
