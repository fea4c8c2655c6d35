// Settles staff money actions whose answer was never seen: a refund or a
// capture/cancel left `unknown` (timeout, dropped connection, 5xx after the
// retries) or still `pending` long after its call's deadline (the process died
// mid-call). Until settled such an action blocks further actions on its payment
// and the console says "being confirmed", so a sweep reads the provider:
// - a refund is matched to a refund of the same amount the provider made at or
//   after ours was stored and that no other row of ours has claimed;
// - a capture is done once the payment is captured, a cancel once it is
//   cancelled, and neither can happen once the payment moved elsewhere.
// An action the provider still shows no effect of NO_PAYMENT_AFTER_MS after it
// was stored is recorded as failed (the provider answers such calls in seconds).
// Nothing here calls the provider to change anything: it only reads.
import type { Refund as ProviderRefund } from "@cobro/provider-client";
import { type CurrencyCode, toMinorUnits } from "@cobro/provider-client/money";
import { type Kysely, sql } from "kysely";
import type { DB, JsonValue } from "../../db/schema";
import type { AppDeps } from "../../deps";
import {
  accountIdOfPayment,
  type ConnectedProviderDeps,
  providerForAccount,
} from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { NO_PAYMENT_AFTER_MS, PAYMENT_LEASE_MS, RECONCILE_AFTER_LEASE_MS } from "../checkout/payment-attempt-policy";
import { applyPaymentSnapshot } from "./apply-payment-snapshot";
import { CANCELLABLE_STATUSES } from "./cancel-payment";

/** A `pending` action older than this was left by a call whose process never recorded the answer. */
export const ORPHANED_ACTION_AFTER_MS = PAYMENT_LEASE_MS + RECONCILE_AFTER_LEASE_MS;

/** Clocks differ: a provider refund dated up to this much before our row can still be ours. */
const CLOCK_SKEW_MS = 60_000;

/** provider: only an authorization is captured. */
const CAPTURABLE: ReadonlySet<string> = new Set(["authorized"]);

/** At most this many open actions are settled per run (the next minute's run takes the rest). */
const BATCH = 50;

type ReconcileDeps = ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;

/** The client for the account that holds a mirrored payment (each account is read with its own credentials). */
async function providerOfPayment(deps: ReconcileDeps, providerPaymentId: number) {
  const accountId = await accountIdOfPayment(deps, providerPaymentId);
  return { accountId, provider: await providerForAccount(deps, accountId) };
}

export interface ReconcileMoneyActionsResult {
  /** Actions now known to have happened. */
  settled: number;
  /** Actions now known not to have happened. */
  failed: number;
  /** Still open (the provider shows nothing yet, or could not be read). */
  open: number;
}

/** An action still to settle: `unknown`, or `pending` past its call's deadline (refunds and payment_actions alike). */
function isOpenAction(now: Date) {
  const orphanedBefore = new Date(now.getTime() - ORPHANED_ACTION_AFTER_MS);
  return sql<boolean>`status = 'unknown' or (status = 'pending' and created_at < ${orphanedBefore})`;
}

function minorOf(refund: ProviderRefund, currency: string): number | null {
  if (typeof refund.amount !== "number") return null;
  try {
    return toMinorUnits(refund.amount, currency.trim() as CurrencyCode);
  } catch {
    return null;
  }
}

function timeOf(value: string | null | undefined): number {
  const time = value ? new Date(value).getTime() : Number.NaN;
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

async function audit(
  db: Kysely<DB>,
  action: string,
  paymentId: number,
  key: string | null,
  details: { [key: string]: JsonValue },
  now: Date,
) {
  await recordAudit({
    db,
    actorUserId: null,
    action,
    resourceType: "payment",
    resourceId: String(paymentId),
    idempotencyKey: key,
    details,
    now,
  });
}

async function reconcileRefunds(deps: ReconcileDeps, result: ReconcileMoneyActionsResult): Promise<Set<number>> {
  const now = deps.now();
  const open = await deps.db
    .selectFrom("refunds")
    .select(["id", "provider_payment_id", "amount_minor", "currency", "idempotency_key", "created_at"])
    .where(isOpenAction(now))
    .orderBy("created_at")
    .limit(BATCH)
    .execute();
  const touched = new Set<number>();
  const paymentIds = [...new Set(open.map((row) => row.provider_payment_id))];
  for (const paymentId of paymentIds) {
    let providerRefunds: ProviderRefund[];
    try {
      providerRefunds = await (await providerOfPayment(deps, paymentId)).provider.refunds.list(paymentId);
    } catch (error) {
      deps.logger.warn({ err: error, providerPaymentId: paymentId }, "reading refunds to settle an unknown one failed");
      result.open += open.filter((row) => row.provider_payment_id === paymentId).length;
      continue;
    }
    const claimed = new Set(
      (
        await deps.db
          .selectFrom("refunds")
          .select("provider_refund_id")
          .where("provider_payment_id", "=", paymentId)
          .where("provider_refund_id", "is not", null)
          .execute()
      ).map((row) => row.provider_refund_id),
    );
    for (const row of open.filter((candidate) => candidate.provider_payment_id === paymentId)) {
      const match = providerRefunds.find(
        (refund) =>
          !claimed.has(refund.id) &&
          minorOf(refund, row.currency) === row.amount_minor &&
          timeOf(refund.date_created) >= row.created_at.getTime() - CLOCK_SKEW_MS,
      );
      if (match) {
        claimed.add(match.id);
        const settled = await deps.db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable("refunds")
            .set({
              status: match.status ?? "approved",
              provider_refund_id: match.id,
              completed_at: now,
              updated_at: now,
            })
            .where("id", "=", row.id)
            .where("status", "in", ["pending", "unknown"])
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) return false;
          await audit(
            trx,
            "refund.reconciled",
            paymentId,
            row.idempotency_key,
            { refundId: row.id, providerRefundId: match.id },
            now,
          );
          return true;
        });
        if (settled) {
          result.settled += 1;
          touched.add(paymentId);
        }
      } else if (now.getTime() - row.created_at.getTime() >= NO_PAYMENT_AFTER_MS) {
        const failed = await deps.db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable("refunds")
            .set({ status: "failed", error: "Mercado Pago shows no such refund.", completed_at: now, updated_at: now })
            .where("id", "=", row.id)
            .where("status", "in", ["pending", "unknown"])
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) return false;
          await audit(trx, "refund.not_found", paymentId, row.idempotency_key, { refundId: row.id }, now);
          return true;
        });
        if (failed) result.failed += 1;
      } else {
        result.open += 1;
      }
    }
  }
  return touched;
}

async function reconcilePaymentActions(
  deps: ReconcileDeps,
  result: ReconcileMoneyActionsResult,
  refreshed: Set<number>,
) {
  const now = deps.now();
  const open = await deps.db
    .selectFrom("payment_actions")
    .select(["id", "provider_payment_id", "kind", "idempotency_key", "created_at"])
    .where(isOpenAction(now))
    .orderBy("created_at")
    .limit(BATCH)
    .execute();
  for (const row of open) {
    let payment: Awaited<ReturnType<ReconcileDeps["provider"]["payments"]["get"]>>;
    let accountId: string | null;
    try {
      const owner = await providerOfPayment(deps, row.provider_payment_id);
      accountId = owner.accountId;
      payment = await owner.provider.payments.get(row.provider_payment_id);
    } catch (error) {
      deps.logger.warn(
        { err: error, providerPaymentId: row.provider_payment_id },
        "reading a payment to settle an action failed",
      );
      result.open += 1;
      continue;
    }
    await applyPaymentSnapshot({ db: deps.db, payment, now, jobs: deps.jobs, providerAccountId: accountId });
    refreshed.add(row.provider_payment_id);
    const done =
      row.kind === "capture"
        ? payment.captured === true && payment.status === "approved"
        : payment.status === "cancelled";
    // While the payment is still in a state the action applies to, it may yet land; anything else rules it out.
    const stillPossible = (row.kind === "capture" ? CAPTURABLE : CANCELLABLE_STATUSES).has(payment.status);
    const verdict = done
      ? "succeeded"
      : !stillPossible || now.getTime() - row.created_at.getTime() >= NO_PAYMENT_AFTER_MS
        ? "failed"
        : null;
    if (verdict === null) {
      result.open += 1;
      continue;
    }
    const changed = await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("payment_actions")
        .set({
          status: verdict,
          completed_at: now,
          ...(verdict === "failed"
            ? {
                error: `Mercado Pago shows the payment ${payment.status}, not ${row.kind === "capture" ? "captured" : "cancelled"}.`,
              }
            : {}),
        })
        .where("id", "=", row.id)
        .where("status", "in", ["pending", "unknown"])
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await audit(
        trx,
        `payment.${row.kind}_${verdict === "succeeded" ? "reconciled" : "not_done"}`,
        row.provider_payment_id,
        row.idempotency_key,
        { actionId: row.id, paymentStatus: payment.status },
        now,
      );
      return true;
    });
    if (changed) result[verdict === "succeeded" ? "settled" : "failed"] += 1;
  }
}

/**
 * Refunds the provider answered `in_process` (it accepted them and is still moving the money): each is re-read by
 * its id (`GET /v1/payments/{id}/refunds/{refund_id}`) until the provider settles it, so the payment's page shows
 * the refund completed (or rejected) without staff asking.
 */
async function settleProcessingRefunds(deps: ReconcileDeps, result: ReconcileMoneyActionsResult): Promise<Set<number>> {
  const rows = await deps.db
    .selectFrom("refunds")
    .select(["id", "provider_payment_id", "provider_refund_id", "idempotency_key", "status"])
    .where("status", "=", "in_process")
    .where("provider_refund_id", "is not", null)
    .orderBy("updated_at")
    .limit(BATCH)
    .execute();
  const touched = new Set<number>();
  for (const row of rows) {
    const refundId = row.provider_refund_id;
    if (refundId === null) continue;
    let status: string | undefined;
    try {
      status = (await deps.provider.refunds.get(row.provider_payment_id, refundId)).status;
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
      await audit(
        trx,
        "refund.settled",
        row.provider_payment_id,
        row.idempotency_key,
        { refundId: row.id, providerRefundId: refundId, status },
        now,
      );
      return true;
    });
    if (changed) {
      result[status === "rejected" || status === "cancelled" ? "failed" : "settled"] += 1;
      touched.add(row.provider_payment_id);
    }
  }
  return touched;
}

/** One sweep (the every-minute job): settles what the provider now shows; safe to run twice or concurrently. */
export async function reconcileMoneyActions(options: { deps: ReconcileDeps }): Promise<ReconcileMoneyActionsResult> {
  const { deps } = options;
  const result: ReconcileMoneyActionsResult = { settled: 0, failed: 0, open: 0 };
  const refundedPayments = await reconcileRefunds(deps, result);
  for (const paymentId of await settleProcessingRefunds(deps, result)) refundedPayments.add(paymentId);
  const refreshed = new Set<number>();
  await reconcilePaymentActions(deps, result, refreshed);
  for (const paymentId of refundedPayments) {
    if (refreshed.has(paymentId)) continue;
    try {
      const owner = await providerOfPayment(deps, paymentId);
      const payment = await owner.provider.payments.get(paymentId);
      await applyPaymentSnapshot({
        db: deps.db,
        payment,
        now: deps.now(),
        jobs: deps.jobs,
        providerAccountId: owner.accountId,
      });
    } catch (error) {
      // The refund is settled; the mirror catches up with the webhook or the next sync.
      deps.logger.warn({ err: error, providerPaymentId: paymentId }, "re-reading a reconciled payment failed");
    }
  }
  return result;
}
