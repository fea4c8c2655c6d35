// Refunds the provider answered `in_process` (it accepted them and is still moving the money): each is re-read by
// its id (`GET /v1/payments/{id}/refunds/{refund_id}`) until the provider settles it, so the payment's page shows
// the refund completed (or rejected) without staff asking. Not a provider request of its own: the request
// succeeded, and this follows the provider's word about the refund it made. Run with the reconcile loop.
import { accountIdOfPayment, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import type { ProviderRequestDeps } from "../provider-requests/provider-request-kind";
import type { ReconcileProviderRequestsResult } from "../provider-requests/reconcile-provider-requests";
import { syncPaymentFromProvider } from "./sync-payment-from-provider";

/** At most this many refunds are re-read per run (the next minute's run takes the rest). */
const BATCH = 50;

export async function settleProcessingRefunds(options: {
  deps: ProviderRequestDeps;
}): Promise<ReconcileProviderRequestsResult> {
  const { deps } = options;
  const result: ReconcileProviderRequestsResult = { settled: 0, failed: 0, open: 0 };
  const rows = await deps.db
    .selectFrom("refunds")
    .leftJoin("provider_requests", "provider_requests.id", "refunds.provider_request_id")
    .select([
      "refunds.id",
      "refunds.provider_payment_id",
      "refunds.provider_refund_id",
      "refunds.status",
      "provider_requests.idempotency_key",
    ])
    .where("refunds.status", "=", "in_process")
    .where("refunds.provider_refund_id", "is not", null)
    .orderBy("refunds.updated_at")
    .limit(BATCH)
    .execute();
  const touched = new Set<number>();
  for (const row of rows) {
    const refundId = row.provider_refund_id;
    if (refundId === null) continue;
    let status: string | undefined;
    try {
      // Read with the credentials of the account that holds the payment.
      const provider = await providerForAccount(deps, await accountIdOfPayment(deps, row.provider_payment_id));
      status = (await provider.refunds.get(row.provider_payment_id, refundId)).status;
    } catch (error) {
      deps.logger.warn({ err: error, providerRefundId: refundId }, "re-reading a refund in process failed");
      result.open += 1;
      continue;
    }
    if (!status || status === row.status) {
      result.open += 1;
      continue;
    }
    const now = deps.now();
    const changed = await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("refunds")
        .set({ status, completed_at: now, updated_at: now })
        .where("id", "=", row.id)
        .where("status", "=", "in_process")
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await recordAudit({
        db: trx,
        actorUserId: null,
        action: "refund.settled",
        resourceType: "payment",
        resourceId: String(row.provider_payment_id),
        idempotencyKey: row.idempotency_key,
        details: { refundId: row.id, providerRefundId: refundId, status },
        now,
      });
      return true;
    });
    if (changed) {
      result[status === "rejected" || status === "cancelled" ? "failed" : "settled"] += 1;
      touched.add(row.provider_payment_id);
    }
  }
  for (const providerPaymentId of touched) {
    try {
      await syncPaymentFromProvider({ deps, providerPaymentId });
    } catch (error) {
      // The refund is settled; the mirror catches up with the webhook or the next sync.
      deps.logger.warn({ err: error, providerPaymentId }, "re-reading a settled refund's payment failed");
    }
  }
  return result;
}
