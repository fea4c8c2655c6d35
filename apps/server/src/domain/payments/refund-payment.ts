// A staff refund of a payment, in full or in part. Money moves once:
//
// 1. The refund is stored as `pending` with the dialog's idempotency key in a
//    short transaction that locks the payment's mirror row, so what is left to
//    refund (amount − what is refunded, by the mirror or by our own completed
//    refunds, whichever says more − our refunds still open) is checked in minor
//    units against every other refund in flight: two concurrent full refunds
//    make one.
// 2. The provider is called outside any transaction with that key: a double
//    click, a retry after a timeout or a reload repeat the same call, and the
//    provider replays instead of refunding twice.
// 3. The answer completes the row; the payment is re-read into the mirror.
//
// provider: only approved payments are refunded, within 180 days of approval;
// several partial refunds may add up to the amount (provider-facts §7).
import { ProviderError, type Refund as ProviderRefund, type RefundCreateRequest } from "@cobro/provider-client";
import { type CurrencyCode, fromMinorUnits } from "@cobro/provider-client/money";
import { sql } from "kysely";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { isRefusedWithoutPayment, PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import { loadFreshPayment } from "./load-fresh-payment";
import { syncPaymentFromProvider } from "./sync-payment-from-provider";

/** provider: refunds are accepted within this many days of the payment's approval. */
export const REFUND_WINDOW_DAYS = 180;

/** provider: the payment statuses a refund may start from. */
const REFUNDABLE_STATUSES: ReadonlySet<string> = new Set(["approved"]);

export interface RefundPaymentOptions {
  deps: ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;
  /** The staff member refunding. */
  actorUserId: string;
  providerPaymentId: number;
  /** Minor units; omitted: everything left to refund. */
  amountMinor?: number;
  /** Why (required: it goes to the audit log and the payment's timeline). */
  reason: string;
  note?: string | null;
  /** One per refund dialog: every repeat of the same intent carries it. */
  idempotencyKey: string;
}

export interface RefundOutcome {
  refundId: string;
  /** approved / in_process / rejected as the provider said, or `unknown` when its answer was not seen. */
  status: string;
  amountMinor: number;
  currency: string;
  providerRefundId: number | null;
}

type StoredRefund = { kind: "stored" | "existing"; refundId: string; amountMinor: number; currency: string };

function dayMs(days: number): number {
  return days * 24 * 60 * 60 * 1000;
}

function approvedAtOf(snapshot: unknown): Date | null {
  if (typeof snapshot !== "object" || snapshot === null || !("date_approved" in snapshot)) return null;
  const value = snapshot.date_approved;
  if (typeof value !== "string") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Step 1: validate against what is left and store the refund, in one short transaction. */
async function storeRefund(options: RefundPaymentOptions): Promise<StoredRefund> {
  const { deps, providerPaymentId, idempotencyKey } = options;
  return deps.db.transaction().execute(async (trx): Promise<StoredRefund> => {
    const payment = await trx
      .selectFrom("payments")
      .selectAll()
      .where("provider_payment_id", "=", providerPaymentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom("refunds")
      .select(["id", "provider_payment_id", "amount_minor", "currency"])
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirst();
    if (existing) {
      if (existing.provider_payment_id !== providerPaymentId) {
        throw new AppError("CONFLICT", "This refund key belongs to another payment.", { reason: "action_in_progress" });
      }
      return {
        kind: "existing",
        refundId: existing.id,
        amountMinor: existing.amount_minor,
        currency: existing.currency,
      };
    }

    if (!REFUNDABLE_STATUSES.has(payment.status)) {
      throw new AppError("BAD_REQUEST", `A ${payment.status} payment cannot be refunded.`, {
        reason: "payment_not_refundable",
      });
    }
    const approvedAt = approvedAtOf(payment.snapshot);
    if (approvedAt && deps.now().getTime() - approvedAt.getTime() > dayMs(REFUND_WINDOW_DAYS)) {
      throw new AppError("BAD_REQUEST", `Payments can only be refunded within ${REFUND_WINDOW_DAYS} days.`, {
        reason: "refund_window_expired",
      });
    }
    // Our own refunds count even before the mirror shows them (the payment is re-read only after the answer);
    // the mirror counts refunds made elsewhere (the provider's own tools).
    const ours = await trx
      .selectFrom("refunds")
      .select([
        sql<number>`coalesce(sum(amount_minor) filter (where status in ('pending', 'unknown')), 0)::bigint`.as("open"),
        sql<number>`coalesce(sum(amount_minor) filter (where status in ('approved', 'in_process')), 0)::bigint`.as(
          "done",
        ),
      ])
      .where("provider_payment_id", "=", providerPaymentId)
      .executeTakeFirstOrThrow();
    const left = payment.amount_minor - Math.max(payment.refunded_minor, Number(ours.done)) - Number(ours.open);
    const amountMinor = options.amountMinor ?? left;
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > left) {
      throw new AppError(
        "BAD_REQUEST",
        left <= 0 ? "Nothing is left to refund on this payment." : "That is more than is left to refund.",
        { field: "amountMinor", reason: "refund_exceeds_balance" },
      );
    }
    const now = deps.now();
    const inserted = await trx
      .insertInto("refunds")
      .values({
        provider_payment_id: providerPaymentId,
        amount_minor: amountMinor,
        currency: payment.currency,
        status: "pending",
        created_by: options.actorUserId,
        idempotency_key: idempotencyKey,
        reason: options.reason,
        note: options.note ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: "refund.requested",
      resourceType: "payment",
      resourceId: String(providerPaymentId),
      idempotencyKey,
      details: { refundId: inserted.id, amountMinor, currency: payment.currency, reason: options.reason },
      now,
    });
    return { kind: "stored", refundId: inserted.id, amountMinor, currency: payment.currency };
  });
}

/** Step 3: the refund row after the provider's answer (or its absence), and the audit line. */
async function completeRefund(
  options: RefundPaymentOptions,
  stored: StoredRefund,
  outcome: { refund: ProviderRefund } | { refused: unknown } | { unknown: unknown },
): Promise<void> {
  const { deps } = options;
  const now = deps.now();
  const set =
    "refund" in outcome
      ? { status: outcome.refund.status ?? "approved", provider_refund_id: outcome.refund.id, completed_at: now }
      : "refused" in outcome
        ? { status: "failed", error: "Mercado Pago refused the refund.", completed_at: now }
        : { status: "unknown" };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("refunds")
      .set({ ...set, updated_at: now })
      .where("id", "=", stored.refundId)
      .execute();
    const error = "refund" in outcome ? null : "refused" in outcome ? outcome.refused : outcome.unknown;
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action:
        "refund" in outcome ? "refund.created" : "refused" in outcome ? "refund.failed" : "refund.outcome_unknown",
      resourceType: "payment",
      resourceId: String(options.providerPaymentId),
      idempotencyKey: options.idempotencyKey,
      details: {
        refundId: stored.refundId,
        amountMinor: stored.amountMinor,
        currency: stored.currency,
        ...("refund" in outcome ? { providerRefundId: outcome.refund.id, status: outcome.refund.status ?? null } : {}),
        ...(error instanceof ProviderError ? { status: error.status, code: error.code ?? null } : {}),
      },
      now,
    });
  });
}

/** Refunds a payment (see the file comment); staff-facing errors name the field and say why. */
export async function refundPayment(options: RefundPaymentOptions): Promise<RefundOutcome> {
  const { deps, providerPaymentId, idempotencyKey } = options;
  const payment = await loadFreshPayment({ deps, providerPaymentId, action: "refund the payment" });
  // The account that holds the payment (never the charging setting): resolved before the refund is stored, so an
  // ended connection stores nothing, and every repeat of this key goes to the same account.
  const provider = await providerForAccount(deps, payment.provider_account_id);
  const stored = await storeRefund(options);
  if (stored.kind === "existing") {
    const row = await deps.db
      .selectFrom("refunds")
      .select(["status", "provider_refund_id"])
      .where("id", "=", stored.refundId)
      .executeTakeFirstOrThrow();
    if (row.status !== "pending" && row.status !== "unknown") {
      return outcomeOf(stored, row.status, row.provider_refund_id);
    }
    // A repeat of an intent whose answer was never seen: the same key makes the provider replay, not refund again.
  }

  const fullRefund = stored.amountMinor === payment.amount_minor && payment.refunded_minor === 0;
  const body: RefundCreateRequest = fullRefund
    ? {}
    : { amount: fromMinorUnits(stored.amountMinor, stored.currency.trim() as CurrencyCode) };
  let refund: ProviderRefund;
  try {
    refund = await provider.refunds.create(providerPaymentId, body, {
      idempotencyKey,
      signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
    });
  } catch (error) {
    if (isRefusedWithoutPayment(error)) {
      await completeRefund(options, stored, { refused: error });
      throw new AppError("BAD_REQUEST", "Mercado Pago refused this refund. Check the payment and try again.", {
        reason: "provider_rejected_request",
        cause: error,
      });
    }
    await completeRefund(options, stored, { unknown: error });
    deps.logger.warn({ err: error, providerPaymentId, idempotencyKey }, "refund outcome unknown");
    return outcomeOf(stored, "unknown", null);
  }
  await completeRefund(options, stored, { refund });
  try {
    await syncPaymentFromProvider({ deps, providerPaymentId });
  } catch (error) {
    // The refund is recorded; the mirror catches up with the webhook or the next sync.
    deps.logger.warn({ err: error, providerPaymentId }, "re-reading a refunded payment failed");
  }
  return outcomeOf(stored, refund.status ?? "approved", refund.id);
}

function outcomeOf(stored: StoredRefund, status: string, providerRefundId: number | null): RefundOutcome {
  return {
    refundId: stored.refundId,
    status,
    amountMinor: stored.amountMinor,
    currency: stored.currency,
    providerRefundId,
  };
}
