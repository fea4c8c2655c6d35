// Staff actions on an order: process (manual mode), capture, cancel, refund (whole, or one transaction in part),
// and the payment transaction of a manual order (add, change, remove) before it is processed. Each follows the
// same three steps as the create:
//
// 1. Claim: in a short transaction that locks the order's row, the action is checked against the mirrored state,
//    refused while another action on the order is unfinished, and stored `pending` with the dialog's idempotency
//    key (and an audit line). A key already stored repeats that action instead (never a second one).
// 2. Call: outside any transaction, with that key.
// 3. Record: the answer is mirrored (a transaction answer is followed by a re-read of the order); a 402 decline
//    mirrors the failed order; a refusal is said in words; no answer seen leaves the action `unknown` ("being
//    confirmed") and the order is re-read.
import { isAppErrorReason, type OrderCardInput } from "@cobro/contracts";
import type { Order as ProviderOrder } from "@cobro/provider-client";
import { type CurrencyCode, toDecimalString } from "@cobro/provider-client/money";
import type { OrderActionKind, OrderCallStatus, OrderRow } from "../../db/schema";
import { AppError, type AppErrorReason } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import { cardPaymentTypeOf, type OrderDeps, orderPaymentRequest } from "./create-order";
import { classifyOrderCallFailure, refusalReasonOf } from "./order-call-outcome";
import { applyOrderSnapshot, orderAmountToMinor } from "./order-mirror";

/**
 * Actions Cobro can repeat by itself with their stored key (their request is rebuilt from the row). An unseen
 * add/change of the payment cannot be (its card token is not kept): the re-read order shows whether it happened,
 * so such an action does not hold the order.
 */
export const REPEATABLE_KINDS: readonly OrderActionKind[] = [
  "process",
  "capture",
  "cancel",
  "refund",
  "delete_transaction",
];

/** A `pending` action older than this was cut short (the process stopped mid-call): its outcome is unknown. */
export const STALE_PENDING_MS = PAYMENT_CALL_DEADLINE_MS + 45_000;

export interface OrderActionOutcome {
  actionId: string;
  /** done: the provider answered; declined: the card was declined (402); unknown: no answer seen. */
  outcome: "done" | "declined" | "unknown";
  status: string | null;
  statusDetail: string | null;
}

interface ActionSpec {
  kind: OrderActionKind;
  /** What the staff member asked, in words for messages ("capture the order"). */
  action: string;
  transactionId?: string;
  amountMinor?: number | null;
  reason?: string | null;
  /** The reason a refusal is reported with, when the provider's code says nothing more precise. */
  refusal: AppErrorReason;
  /** Throws the staff-facing AppError when the mirrored order does not allow the action. */
  check(order: OrderRow): void;
  /** The provider call; the order it answers with, or null when the answer is not an order (re-read then). */
  call(
    providerOrderId: string,
    options: { idempotencyKey: string; signal: AbortSignal },
  ): Promise<ProviderOrder | null>;
}

export interface OrderActionOptions {
  deps: OrderDeps;
  actorUserId: string;
  orderId: string;
  /** One per dialog: every repeat of the same intent carries it. */
  idempotencyKey: string;
}

/** Re-reads the order from the provider into the mirror; false when the provider could not be read. */
export async function rereadOrder(deps: OrderDeps, providerOrderId: string): Promise<boolean> {
  try {
    const order = await deps.provider.orders.get(providerOrderId, { signal: AbortSignal.timeout(10_000) });
    await applyOrderSnapshot({ db: deps.db, order, now: deps.now() });
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, providerOrderId }, "re-reading an order failed");
    return false;
  }
}

interface PaymentTx {
  id: string;
  status?: string;
  amount?: string;
  paid_amount?: string;
  refunded_amount?: string;
}

export function paymentTransactionsOf(order: Pick<OrderRow, "transactions">): PaymentTx[] {
  const transactions = order.transactions;
  if (typeof transactions !== "object" || transactions === null || Array.isArray(transactions)) return [];
  const payments = (transactions as { payments?: unknown }).payments;
  return Array.isArray(payments) ? (payments as unknown as PaymentTx[]) : [];
}

/** What is left to refund of a processed transaction (minor units), before our refunds still open. */
export function refundableOfTransaction(tx: PaymentTx, currency: string): number {
  if (tx.status !== "processed") return 0;
  const paid = orderAmountToMinor(tx.paid_amount ?? tx.amount, currency);
  return Math.max(0, paid - orderAmountToMinor(tx.refunded_amount, currency));
}

async function runOrderAction(options: OrderActionOptions, spec: ActionSpec): Promise<OrderActionOutcome> {
  const { deps, idempotencyKey } = options;
  const before = await deps.db.selectFrom("orders").selectAll().where("id", "=", options.orderId).executeTakeFirst();
  if (!before) throw new AppError("NOT_FOUND", "There is no such order.", { reason: "not_found" });
  if (!before.provider_order_id) {
    throw new AppError("CONFLICT", "This order is still being confirmed with Mercado Pago.", {
      reason: "order_being_confirmed",
    });
  }
  const providerOrderId = before.provider_order_id;
  // Staff act on what they see, but the provider is the truth: re-read before checking (best effort).
  await rereadOrder(deps, providerOrderId);

  const stored = await deps.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", options.orderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom("order_actions")
      .selectAll()
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirst();
    if (existing) {
      if (existing.order_id !== order.id || existing.kind !== spec.kind) {
        throw new AppError("CONFLICT", "This action key belongs to another action.", { reason: "action_in_progress" });
      }
      return { action: existing, order };
    }
    const unfinished = await trx
      .selectFrom("order_actions")
      .select("id")
      .where("order_id", "=", order.id)
      .where((eb) =>
        eb.or([
          eb("status", "=", "pending"),
          eb.and([eb("status", "=", "unknown"), eb("kind", "in", [...REPEATABLE_KINDS])]),
        ]),
      )
      .executeTakeFirst();
    if (unfinished) {
      throw new AppError("CONFLICT", "Another action on this order is not finished yet. Refresh and try again.", {
        reason: "action_in_progress",
      });
    }
    spec.check(order);
    const now = deps.now();
    const action = await trx
      .insertInto("order_actions")
      .values({
        order_id: order.id,
        kind: spec.kind,
        transaction_id: spec.transactionId ?? null,
        amount_minor: spec.amountMinor ?? null,
        status: "pending",
        idempotency_key: idempotencyKey,
        reason: spec.reason ?? null,
        created_by: options.actorUserId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: `order.${spec.kind}_requested`,
      resourceType: "order",
      resourceId: order.id,
      idempotencyKey,
      details: {
        actionId: action.id,
        ...(spec.transactionId ? { transactionId: spec.transactionId } : {}),
        ...(spec.amountMinor ? { amountMinor: spec.amountMinor } : {}),
        ...(spec.reason ? { reason: spec.reason } : {}),
      },
      now,
    });
    return { action, order };
  });
  if (stored.action.status === "failed" && stored.action.error && isAppErrorReason(stored.action.error)) {
    // A repeat of a refused action: refused again, in the same words, without calling.
    throw new AppError("BAD_REQUEST", `Mercado Pago refused to ${spec.action}.`, { reason: stored.action.error });
  }
  if (stored.action.status === "succeeded" || stored.action.status === "failed") {
    return {
      actionId: stored.action.id,
      outcome: stored.action.status === "failed" && stored.action.error ? "declined" : "done",
      status: stored.order.status,
      statusDetail: stored.action.status === "failed" ? stored.action.error : stored.order.status_detail,
    };
  }

  let answered: ProviderOrder | null = null;
  let failure: unknown = null;
  try {
    answered = await spec.call(providerOrderId, {
      idempotencyKey,
      signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
    });
  } catch (error) {
    failure = error;
  }
  const classified = failure === null ? null : classifyOrderCallFailure(failure);
  const mirrored = answered ?? (classified?.kind === "declined" ? classified.order : null);
  if (mirrored) await applyOrderSnapshot({ db: deps.db, order: mirrored, now: deps.now() });
  else if (classified === null || classified.kind !== "refused") await rereadOrder(deps, providerOrderId);

  const status: OrderCallStatus =
    classified === null ? "succeeded" : classified.kind === "unknown" ? "unknown" : "failed";
  const error =
    classified?.kind === "declined"
      ? classified.detail
      : classified?.kind === "refused"
        ? refusalReasonOf(classified.code, spec.refusal)
        : null;
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("order_actions")
      .set({ status, error, ...(status === "unknown" ? {} : { completed_at: now }) })
      .where("id", "=", stored.action.id)
      .execute();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: `order.${spec.kind}_${classified?.kind === "declined" ? "declined" : status}`,
      resourceType: "order",
      resourceId: stored.order.id,
      idempotencyKey,
      details: {
        actionId: stored.action.id,
        ...(error ? { error } : {}),
        ...(spec.amountMinor ? { amountMinor: spec.amountMinor } : {}),
      },
      now,
    });
  });
  if (classified?.kind === "refused") {
    const reason = refusalReasonOf(classified.code, spec.refusal);
    throw new AppError("BAD_REQUEST", `Mercado Pago refused to ${spec.action}.`, { reason, cause: failure });
  }
  if (classified?.kind === "unknown") {
    deps.logger.warn({ err: failure, orderId: stored.order.id, idempotencyKey }, "order action outcome unknown");
  }
  const after = await deps.db
    .selectFrom("orders")
    .select(["status", "status_detail"])
    .where("id", "=", stored.order.id)
    .executeTakeFirstOrThrow();
  return {
    actionId: stored.action.id,
    outcome: classified === null ? "done" : classified.kind === "declined" ? "declined" : "unknown",
    status: after.status,
    // A decline says why (the failed transaction's detail); the order's own detail is just `failed`.
    statusDetail: classified?.kind === "declined" ? classified.detail : after.status_detail,
  };
}

function requireStatus(order: OrderRow, statuses: readonly string[], reason: AppErrorReason, message: string): void {
  if (!order.status || !statuses.includes(order.status)) throw new AppError("BAD_REQUEST", message, { reason });
}

/** Processes a manual-mode order (`POST /v1/orders/{id}/process`). */
export function processOrder(options: OrderActionOptions): Promise<OrderActionOutcome> {
  const { deps } = options;
  return runOrderAction(options, {
    kind: "process",
    action: "process the order",
    refusal: "order_not_processable",
    check: (order) => {
      if (order.processing_mode !== "manual") {
        throw new AppError("BAD_REQUEST", "Only orders in manual mode are processed by hand.", {
          reason: "order_not_processable",
        });
      }
      requireStatus(order, ["created"], "order_not_processable", "Only orders not processed yet can be processed.");
    },
    call: (id, call) => deps.provider.orders.process(id, call),
  });
}

/**
 * Captures an authorized order in full (`POST /v1/orders/{id}/capture`). Not checked locally: the provider is the
 * one that says whether the order waits for capture (409 `cannot_capture_order` otherwise, shown in words).
 */
export function captureOrder(options: OrderActionOptions): Promise<OrderActionOutcome> {
  const { deps } = options;
  return runOrderAction(options, {
    kind: "capture",
    action: "capture the order",
    refusal: "order_not_capturable",
    check: () => {},
    call: (id, call) => deps.provider.orders.capture(id, call),
  });
}

/** Cancels an order not processed yet, releasing an authorization (`POST /v1/orders/{id}/cancel`). */
export function cancelOrder(options: OrderActionOptions): Promise<OrderActionOutcome> {
  const { deps } = options;
  return runOrderAction(options, {
    kind: "cancel",
    action: "cancel the order",
    refusal: "order_not_cancellable",
    check: () => {},
    call: (id, call) => deps.provider.orders.cancel(id, call),
  });
}

/**
 * Refunds the whole order, or `amountMinor` of one payment transaction (`POST /v1/orders/{id}/refund`). A part
 * larger than what is left of the transaction is refused here, naming the amount, before anything is sent.
 */
export function refundOrder(
  options: OrderActionOptions & { transactionId?: string; amountMinor?: number; reason: string },
): Promise<OrderActionOutcome> {
  const { deps } = options;
  const partial = options.transactionId !== undefined;
  if (!partial && options.amountMinor !== undefined) {
    throw new AppError("BAD_REQUEST", "Choose the transaction to refund part of.", {
      field: "transactionId",
      reason: "refund_exceeds_balance",
    });
  }
  let currency = "";
  let partAmountMinor = 0;
  return runOrderAction(options, {
    kind: "refund",
    action: "refund the order",
    refusal: partial ? "refund_exceeds_balance" : "order_not_refundable",
    ...(options.transactionId ? { transactionId: options.transactionId } : {}),
    amountMinor: options.amountMinor ?? null,
    reason: options.reason,
    check: (order) => {
      currency = order.currency.trim();
      requireStatus(order, ["processed"], "order_not_refundable", "Only processed orders can be refunded.");
      if (!partial) return;
      const tx = paymentTransactionsOf(order).find((candidate) => candidate.id === options.transactionId);
      if (!tx) {
        throw new AppError("BAD_REQUEST", "This order has no such transaction.", {
          field: "transactionId",
          reason: "not_found",
        });
      }
      const left = refundableOfTransaction(tx, currency);
      const amount = options.amountMinor ?? left;
      partAmountMinor = amount;
      if (amount <= 0 || amount > left) {
        throw new AppError(
          "BAD_REQUEST",
          left <= 0 ? "Nothing is left to refund on this transaction." : "That is more than is left to refund.",
          { field: "amountMinor", reason: "refund_exceeds_balance" },
        );
      }
    },
    call: (id, call) => {
      // provider: no body refunds what is left of the whole order; `transactions` refunds part of one payment.
      const body =
        partial && options.transactionId
          ? {
              transactions: [
                { id: options.transactionId, amount: toDecimalString(partAmountMinor, currency as CurrencyCode) },
              ],
            }
          : undefined;
      return deps.provider.orders.refund(id, body, call);
    },
  });
}

function requireEditable(order: OrderRow): void {
  if (order.processing_mode !== "manual" || order.status !== "created") {
    throw new AppError("BAD_REQUEST", "The payment of this order can no longer be changed.", {
      reason: "order_not_editable",
    });
  }
}

/** Adds the payment transaction of a manual order (`POST /v1/orders/{id}/transactions`), for the order's total. */
export async function addOrderTransaction(
  options: OrderActionOptions & { card: OrderCardInput },
): Promise<OrderActionOutcome> {
  const { deps } = options;
  const paymentType = await cardPaymentTypeOf(deps, options.card.paymentMethodId);
  let payment: ReturnType<typeof orderPaymentRequest> | null = null;
  return runOrderAction(options, {
    kind: "add_transaction",
    action: "add the payment",
    refusal: "order_not_editable",
    check: (order) => {
      requireEditable(order);
      payment = orderPaymentRequest({
        amountMinor: order.amount_minor,
        currency: order.currency.trim(),
        card: options.card,
        paymentType,
      });
    },
    call: async (id, call) => {
      if (!payment) throw new AppError("INTERNAL", "The payment to add was not prepared.");
      await deps.provider.orders.createTransactions(id, { payments: [payment] } as never, call);
      return null;
    },
  });
}

/** Changes the card of a manual order's payment transaction (`PUT /v1/orders/{id}/transactions/{tx}`). */
export async function updateOrderTransaction(
  options: OrderActionOptions & { transactionId: string; card: OrderCardInput },
): Promise<OrderActionOutcome> {
  const { deps } = options;
  const paymentType = await cardPaymentTypeOf(deps, options.card.paymentMethodId);
  return runOrderAction(options, {
    kind: "update_transaction",
    action: "change the payment",
    refusal: "order_not_editable",
    transactionId: options.transactionId,
    check: (order) => requireEditable(order),
    call: async (id, call) => {
      const { payment_method } = orderPaymentRequest({
        amountMinor: 1,
        currency: "ARS",
        card: options.card,
        paymentType,
      });
      await deps.provider.orders.updateTransaction(id, options.transactionId, { payment_method } as never, call);
      return null;
    },
  });
}

/** Removes a manual order's payment transaction (`DELETE /v1/orders/{id}/transactions/{tx}`). */
export function deleteOrderTransaction(
  options: OrderActionOptions & { transactionId: string },
): Promise<OrderActionOutcome> {
  const { deps } = options;
  return runOrderAction(options, {
    kind: "delete_transaction",
    action: "remove the payment",
    refusal: "order_not_editable",
    transactionId: options.transactionId,
    check: (order) => requireEditable(order),
    call: async (id, call) => {
      await deps.provider.orders.deleteTransaction(id, options.transactionId, call);
      return null;
    },
  });
}

/**
 * Confirms the order's actions whose answer was never seen by repeating each with its stored key: the provider
 * replays what it did (or does it now, once). Refusals are recorded by the repeat itself; nothing is thrown.
 */
async function settleUnseenActions(deps: OrderDeps, orderId: string, actorUserId: string): Promise<void> {
  const staleBefore = new Date(deps.now().getTime() - STALE_PENDING_MS);
  const unseen = await deps.db
    .selectFrom("order_actions")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("kind", "in", [...REPEATABLE_KINDS])
    .where((eb) =>
      eb.or([eb("status", "=", "unknown"), eb.and([eb("status", "=", "pending"), eb("created_at", "<", staleBefore)])]),
    )
    .orderBy("created_at", "asc")
    .execute();
  for (const action of unseen) {
    const options = {
      deps,
      actorUserId: action.created_by ?? actorUserId,
      orderId,
      idempotencyKey: action.idempotency_key,
    };
    try {
      if (action.kind === "process") await processOrder(options);
      else if (action.kind === "capture") await captureOrder(options);
      else if (action.kind === "cancel") await cancelOrder(options);
      else if (action.kind === "delete_transaction" && action.transaction_id) {
        await deleteOrderTransaction({ ...options, transactionId: action.transaction_id });
      } else if (action.kind === "refund") {
        await refundOrder({
          ...options,
          reason: action.reason ?? "other",
          ...(action.transaction_id ? { transactionId: action.transaction_id } : {}),
          ...(action.amount_minor !== null ? { amountMinor: action.amount_minor } : {}),
        });
      }
    } catch (error) {
      deps.logger.warn({ err: error, orderId, actionId: action.id }, "confirming an unseen order action");
    }
  }
}

/**
 * Re-reads one of Cobro's orders from the provider (the detail's "Refresh"), and confirms any action on it whose
 * answer was never seen by repeating it with its own key.
 */
export async function refreshOrder(options: {
  deps: OrderDeps;
  orderId: string;
  actorUserId: string;
}): Promise<{ status: string | null }> {
  const row = await options.deps.db
    .selectFrom("orders")
    .select(["provider_order_id"])
    .where("id", "=", options.orderId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "There is no such order.", { reason: "not_found" });
  if (!row.provider_order_id) {
    throw new AppError("CONFLICT", "This order is still being confirmed with Mercado Pago.", {
      reason: "order_being_confirmed",
    });
  }
  const read = await rereadOrder(options.deps, row.provider_order_id);
  if (read) await settleUnseenActions(options.deps, options.orderId, options.actorUserId);
  if (!read) {
    throw new AppError("PROVIDER_UNAVAILABLE", "Mercado Pago could not be reached. Try again in a moment.", {
      reason: "provider_unavailable",
      retryAfterSeconds: 5,
    });
  }
  const after = await options.deps.db
    .selectFrom("orders")
    .select("status")
    .where("id", "=", options.orderId)
    .executeTakeFirstOrThrow();
  return { status: after.status };
}
