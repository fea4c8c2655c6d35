// A staff refund of a payment, in full or in part, as a provider request (domain/provider-requests): money
// moves once.
//
// 1. The refund and its request (the dialog's key, the payment's account) are stored in one short transaction that
//    locks the payment's mirror row, so what is left to refund (amount − what is refunded, by the mirror or by our
//    own completed refunds, whichever says more − our refunds still open) is checked in minor units against every
//    other refund in flight: two concurrent full refunds make one.
// 2. The engine calls the provider outside any transaction with that key: a double click, a retry after a timeout
//    or a reload repeat the same call, and the provider replays instead of refunding twice.
// 3. The answer completes the refund row with the ledger; the payment is re-read into the mirror.
//
// provider: only approved payments are refunded, within 180 days of approval;
// several partial refunds may add up to the amount (provider-facts §7).
import type { Refund as ProviderRefund, RefundCreateRequest } from "@cobro/provider-client";
import { type CurrencyCode, fromMinorUnits, toMinorUnits } from "@cobro/provider-client/money";
import { type Kysely, sql } from "kysely";
import type { DB, ProviderRequest } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { NO_PAYMENT_AFTER_MS } from "../checkout/payment-attempt-policy";
import type { ProviderRequestKind } from "../provider-requests/provider-request-kind";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { runProviderRequest } from "../provider-requests/run-provider-request";
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

type StoredRefund = { refundId: string; amountMinor: number; currency: string; request: ProviderRequest };

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

/** The refund a request made (every `payment.refund` request has exactly one). */
async function refundOfRequest(db: Kysely<DB>, requestId: string) {
  return db.selectFrom("refunds").selectAll().where("provider_request_id", "=", requestId).executeTakeFirstOrThrow();
}

/** The checks a new refund passes, under the payment's row lock; returns the amount to refund. */
async function checkRefundable(
  trx: Kysely<DB>,
  options: RefundPaymentOptions,
  payment: { status: string; snapshot: unknown; amount_minor: number; refunded_minor: number },
): Promise<number> {
  const { deps, providerPaymentId } = options;
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
  return amountMinor;
}

/** Step 1: the request and its refund, stored in one short transaction (or the ones a repeat of the key finds). */
async function storeRefund(options: RefundPaymentOptions, providerAccountId: string | null): Promise<StoredRefund> {
  const { deps, providerPaymentId, idempotencyKey } = options;
  return deps.db.transaction().execute(async (trx): Promise<StoredRefund> => {
    const payment = await trx
      .selectFrom("payments")
      .selectAll()
      .where("provider_payment_id", "=", providerPaymentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = deps.now();
    let amountMinor = 0;
    const { request, isNew } = await recordProviderRequest(
      trx,
      {
        kind: REFUND_REQUEST.kind,
        idempotencyKey,
        providerAccountId,
        body: { amountMinor: options.amountMinor ?? null },
        resource: { type: "payment", id: String(providerPaymentId) },
        now,
      },
      {
        beforeInsert: async () => {
          amountMinor = await checkRefundable(trx, options, payment);
        },
      },
    );
    if (!isNew) {
      const existing = await refundOfRequest(trx, request.id);
      return { refundId: existing.id, amountMinor: existing.amount_minor, currency: existing.currency, request };
    }
    const inserted = await trx
      .insertInto("refunds")
      .values({
        provider_payment_id: providerPaymentId,
        amount_minor: amountMinor,
        currency: payment.currency,
        status: "pending",
        created_by: options.actorUserId,
        provider_request_id: request.id,
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
    return { refundId: inserted.id, amountMinor, currency: payment.currency, request };
  });
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

/** Clocks differ: a provider refund dated up to this much before our row can still be ours. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The refund as a provider request: its row follows the ledger (the provider's word once answered), and an unseen
 * answer is settled from the payment's refunds at the provider: one of the same amount, made at or after ours was
 * stored, that no other refund of ours has claimed.
 */
export const REFUND_REQUEST: ProviderRequestKind<ProviderRefund> = {
  kind: "payment.refund",
  async onOutcome(trx, request, outcome, { now, by }) {
    const refund = await refundOfRequest(trx, request.id);
    const set =
      outcome.status === "succeeded"
        ? {
            status: outcome.answer.status ?? "approved",
            provider_refund_id: outcome.answer.id,
            completed_at: now,
          }
        : outcome.status === "failed"
          ? { status: "failed", error: outcome.error.message, completed_at: now }
          : { status: "unknown" };
    await trx
      .updateTable("refunds")
      .set({ ...set, updated_at: now })
      .where("id", "=", refund.id)
      .execute();
    const action = {
      call: { succeeded: "refund.created", failed: "refund.failed", unknown: "refund.outcome_unknown" },
      reconcile: { succeeded: "refund.reconciled", failed: "refund.not_found", unknown: "refund.outcome_unknown" },
    }[by][outcome.status];
    await recordAudit({
      db: trx,
      actorUserId: by === "call" ? refund.created_by : null,
      action,
      resourceType: "payment",
      resourceId: String(refund.provider_payment_id),
      idempotencyKey: request.idempotency_key,
      details: {
        refundId: refund.id,
        amountMinor: refund.amount_minor,
        currency: refund.currency,
        ...(outcome.status === "succeeded"
          ? { providerRefundId: outcome.answer.id, status: outcome.answer.status ?? null }
          : outcome.error
            ? { status: outcome.error.httpStatus, code: outcome.error.code }
            : {}),
      },
      now,
    });
  },
  async reconcile(deps, request) {
    const refund = await refundOfRequest(deps.db, request.id);
    const provider = await providerForAccount(deps, request.provider_account_id);
    const providerRefunds = await provider.refunds.list(refund.provider_payment_id);
    const claimed = await deps.db
      .selectFrom("refunds")
      .select("provider_refund_id")
      .where("provider_payment_id", "=", refund.provider_payment_id)
      .where("provider_refund_id", "is not", null)
      .execute();
    const taken = new Set(claimed.map((row) => row.provider_refund_id));
    const match = providerRefunds.find(
      (candidate) =>
        !taken.has(candidate.id) &&
        minorOf(candidate, refund.currency) === refund.amount_minor &&
        timeOf(candidate.date_created) >= refund.created_at.getTime() - CLOCK_SKEW_MS,
    );
    if (match) return { status: "succeeded", answer: match };
    const lastTry = request.attempted_at ?? request.created_at;
    if (deps.now().getTime() - lastTry.getTime() >= NO_PAYMENT_AFTER_MS) {
      return {
        status: "failed",
        error: { type: "not_found", httpStatus: null, code: null, message: "Mercado Pago shows no such refund." },
      };
    }
    return null;
  },
  async afterReconcile(deps, request) {
    // The mirror shows the refund without waiting for the webhook or the next sync.
    await syncPaymentFromProvider({ deps, providerPaymentId: Number(request.resource_id) });
  },
};

/** Refunds a payment (see the file comment); staff-facing errors name the field and say why. */
export async function refundPayment(options: RefundPaymentOptions): Promise<RefundOutcome> {
  const { deps, providerPaymentId, idempotencyKey } = options;
  const payment = await loadFreshPayment({ deps, providerPaymentId, action: "refund the payment" });
  // The account that holds the payment (never the charging setting): resolved before the refund is stored, so an
  // ended connection stores nothing, and every repeat of this key goes to the same account.
  await providerForAccount(deps, payment.provider_account_id);
  const stored = await storeRefund(options, payment.provider_account_id);

  const fullRefund = stored.amountMinor === payment.amount_minor && payment.refunded_minor === 0;
  const body: RefundCreateRequest = fullRefund
    ? {}
    : { amount: fromMinorUnits(stored.amountMinor, stored.currency.trim() as CurrencyCode) };
  const { outcome, called, cause } = await runProviderRequest({
    deps,
    kind: REFUND_REQUEST,
    request: stored.request,
    refusedMessage: "Mercado Pago refused the refund.",
    call: ({ provider, idempotencyKey: key, signal }) =>
      provider.refunds.create(providerPaymentId, body, { idempotencyKey: key, signal }),
  });
  if (outcome.status === "failed" && called) {
    throw new AppError("BAD_REQUEST", "Mercado Pago refused this refund. Check the payment and try again.", {
      reason: "provider_rejected_request",
      cause,
    });
  }
  if (outcome.status === "unknown") {
    if (called) deps.logger.warn({ err: cause, providerPaymentId, idempotencyKey }, "refund outcome unknown");
    return outcomeOf(stored, "unknown", null);
  }
  const row = await refundOfRequest(deps.db, stored.request.id);
  if (outcome.status === "succeeded" && called) {
    // Answered just now: the mirror shows the refund without waiting for the webhook or the next sync.
    try {
      await syncPaymentFromProvider({ deps, providerPaymentId });
    } catch (error) {
      // The refund is recorded; the mirror catches up with the webhook or the next sync.
      deps.logger.warn({ err: error, providerPaymentId }, "re-reading a refunded payment failed");
    }
  }
  return outcomeOf(stored, row.status, row.provider_refund_id);
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
