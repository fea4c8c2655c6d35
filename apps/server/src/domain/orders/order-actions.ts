// Staff actions on an order: process (manual mode), capture, cancel, refund (whole, or one transaction in part),
// and the payment transaction of a manual order (add, change, remove) before it is processed, on the
// provider-request engine (domain/provider-requests):
//
// 1. Record: in a short transaction that locks the order's row, the action is checked against the mirrored state,
//    refused while another action on the order is unfinished, and stored with the ledger's request (the dialog's
//    key, the order's account) and an audit line. A key already stored repeats that action instead (never a
//    second one).
// 2. Call: outside any transaction, with that key, to that account.
// 3. Record the answer: mirrored (a transaction answer is followed by a re-read of the order); a 402 decline
//    mirrors the failed order and is kept as the action's failure with the decline's detail; a refusal is said in
//    words; no answer seen leaves the action `unknown` ("being confirmed"), settled by Refresh or the reconcile
//    loop repeating it with its key.
import { isAppErrorReason, type OrderCardInput } from "@cobro/contracts";
import type { ProviderClient, Order as ProviderOrder } from "@cobro/provider-client";
import { type CurrencyCode, toDecimalString } from "@cobro/provider-client/money";
import type { Kysely } from "kysely";
import type { DB, JsonValue, OrderActionKind, OrderRow, ProviderRequest } from "../../db/schema";
import { AppError, type AppErrorReason } from "../../errors/app-error";
import { providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import type { ProviderRequestKind, ProviderRequestVerdict } from "../provider-requests/provider-request-kind";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { errorOf, recordOutcome, runProviderRequest } from "../provider-requests/run-provider-request";
import { cardPaymentTypeOf, type OrderDeps, orderPaymentRequest } from "./create-order";
import { classifyOrderCallFailure, type OrderCallAnswer, orderCallAnswer, refusalReasonOf } from "./order-call-outcome";
import { applyOrderSnapshot, orderAmountToMinor, withoutCardTokens } from "./order-mirror";

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
  /** The request as the ledger fingerprints it, besides the above (a card's brand and installments, never its token). */
  card?: JsonValue;
  /** The reason a refusal is reported with, when the provider's code says nothing more precise. */
  refusal: AppErrorReason;
  /** Throws the staff-facing AppError when the mirrored order does not allow the action. */
  check(order: OrderRow): void;
  /** The amount stored with the action, known once checked (a partial refund of "what is left"). */
  storedAmountMinor?(): number | null;
  /** Add / change the payment: the call (their card token is not kept, so Cobro cannot repeat them by itself). */
  call?(
    provider: ProviderClient,
    providerOrderId: string,
    options: { idempotencyKey: string; signal: AbortSignal },
  ): Promise<ProviderOrder | null>;
}

interface StoredAction {
  id: string;
  kind: OrderActionKind;
  transaction_id: string | null;
  amount_minor: number | null;
  created_by: string | null;
  error: string | null;
  order_id: string;
  provider_order_id: string | null;
  currency: string;
}

function actionOfRequest(db: Kysely<DB>, requestId: string): Promise<StoredAction> {
  return db
    .selectFrom("order_actions")
    .innerJoin("orders", "orders.id", "order_actions.order_id")
    .select([
      "order_actions.id",
      "order_actions.kind",
      "order_actions.transaction_id",
      "order_actions.amount_minor",
      "order_actions.created_by",
      "order_actions.error",
      "order_actions.order_id",
      "orders.provider_order_id",
      "orders.currency",
    ])
    .where("order_actions.provider_request_id", "=", requestId)
    .executeTakeFirstOrThrow();
}

/**
 * The call of an action Cobro can repeat, rebuilt from its stored row: the first try, Refresh and the reconcile
 * loop send the same request.
 */
function repeatableCall(
  provider: ProviderClient,
  action: StoredAction,
  options: { idempotencyKey: string; signal: AbortSignal },
): Promise<ProviderOrder | null> {
  const id = action.provider_order_id ?? "";
  switch (action.kind) {
    case "process":
      return provider.orders.process(id, options);
    case "capture":
      return provider.orders.capture(id, options);
    case "cancel":
      return provider.orders.cancel(id, options);
    case "refund": {
      // provider: no body refunds what is left of the whole order; `transactions` refunds part of one payment.
      const body =
        action.transaction_id !== null && action.amount_minor !== null
          ? {
              transactions: [
                {
                  id: action.transaction_id,
                  amount: toDecimalString(action.amount_minor, action.currency.trim() as CurrencyCode),
                },
              ],
            }
          : undefined;
      return provider.orders.refund(id, body, options);
    }
    case "delete_transaction":
      return provider.orders.deleteTransaction(id, action.transaction_id ?? "", options).then(() => null);
    default:
      throw new Error(`order action ${action.kind} cannot be repeated by Cobro`);
  }
}

/** The refusal fallback of a stored action (a partial refund is refused for its amount). */
function refusalOf(action: Pick<StoredAction, "kind" | "transaction_id">): AppErrorReason {
  switch (action.kind) {
    case "process":
      return "order_not_processable";
    case "capture":
      return "order_not_capturable";
    case "cancel":
      return "order_not_cancellable";
    case "refund":
      return action.transaction_id !== null ? "refund_exceeds_balance" : "order_not_refundable";
    default:
      return "order_not_editable";
  }
}

/** A refused or declined call in the ledger's words: the decline's detail, or the staff-facing reason. */
function failureWordsOf(error: unknown, fallback: AppErrorReason): string {
  const classified = classifyOrderCallFailure(error);
  if (classified.kind === "declined") return classified.detail;
  return refusalReasonOf(classified.kind === "refused" ? classified.code : null, fallback);
}

/** provider: a refusal (4xx) or a decline (402) made no change; everything else may have. */
function isActionRefused(error: unknown): boolean {
  return classifyOrderCallFailure(error).kind !== "unknown";
}

/** A failed action whose words are a reason was refused; otherwise its words are a decline's detail. */
function isDecline(error: string | null): boolean {
  return error !== null && !isAppErrorReason(error);
}

function orderActionKind(kind: OrderActionKind): ProviderRequestKind<OrderCallAnswer> {
  return {
    kind: `order.${kind}`,
    async onOutcome(trx, request, outcome, { now, by }) {
      const action = await actionOfRequest(trx, request.id);
      const error = outcome.status === "failed" ? outcome.error.message : null;
      await trx.updateTable("order_actions").set({ error }).where("id", "=", action.id).execute();
      await recordAudit({
        db: trx,
        actorUserId: by === "call" ? action.created_by : null,
        action: `order.${kind}_${outcome.status === "failed" && isDecline(error) ? "declined" : outcome.status}`,
        resourceType: "order",
        resourceId: action.order_id,
        idempotencyKey: request.idempotency_key,
        details: {
          actionId: action.id,
          ...(error ? { error } : {}),
          ...(action.amount_minor ? { amountMinor: action.amount_minor } : {}),
        },
        now,
      });
    },
    async reconcile(deps, request) {
      return settleAction(deps, request, await actionOfRequest(deps.db, request.id));
    },
    async afterReconcile(deps, request) {
      const action = await actionOfRequest(deps.db, request.id);
      if (action.provider_order_id) await rereadOrder(deps, action.provider_order_id);
    },
  };
}

/**
 * How an unseen action is settled. One Cobro can repeat is sent again with its key (the provider replays what it
 * did, or does it now, once). An add or change of the payment cannot be (its card token is not kept): the re-read
 * order shows whether it happened, so it is settled as the order now stands.
 */
async function settleAction(
  deps: OrderDeps,
  request: ProviderRequest,
  action: StoredAction,
): Promise<ProviderRequestVerdict<OrderCallAnswer>> {
  const provider = await providerForAccount(deps, request.provider_account_id);
  const providerOrderId = action.provider_order_id ?? "";
  if (!REPEATABLE_KINDS.includes(action.kind)) {
    const order = await provider.orders.get(providerOrderId, { signal: AbortSignal.timeout(10_000) });
    const hasPayment = (order.transactions?.payments ?? []).length > 0;
    if (hasPayment) return { status: "succeeded", answer: { order: withoutCardTokens(order), declined: null } };
    return {
      status: "failed",
      error: { type: "not_found", httpStatus: null, code: null, message: refusalOf(action) },
    };
  }
  try {
    const answer = await orderCallAnswer(
      () =>
        repeatableCall(provider, action, {
          idempotencyKey: request.idempotency_key,
          signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
        }),
      { declineIsAnswer: false },
    );
    return { status: "succeeded", answer };
  } catch (error) {
    if (!isActionRefused(error)) return null;
    return { status: "failed", error: errorOf(error, "refused", failureWordsOf(error, refusalOf(action))) };
  }
}

const ORDER_ACTION_KINDS: readonly OrderActionKind[] = [
  "add_transaction",
  "update_transaction",
  "delete_transaction",
  "process",
  "capture",
  "cancel",
  "refund",
];

/** Every order action as a provider request, for the reconcile loop's registry. */
export const ORDER_ACTION_REQUESTS: Readonly<Record<OrderActionKind, ProviderRequestKind<OrderCallAnswer>>> =
  Object.fromEntries(ORDER_ACTION_KINDS.map((kind) => [kind, orderActionKind(kind)])) as Record<
    OrderActionKind,
    ProviderRequestKind<OrderCallAnswer>
  >;

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

/** The order's open action requests: in flight, or unseen and repeatable by Cobro (those hold the order). */
function openActionsOf(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom("order_actions")
    .innerJoin("provider_requests", "provider_requests.id", "order_actions.provider_request_id")
    .where("order_actions.order_id", "=", orderId)
    .where((eb) =>
      eb.or([
        eb("provider_requests.status", "=", "pending"),
        eb.and([eb("provider_requests.status", "=", "unknown"), eb("order_actions.kind", "in", [...REPEATABLE_KINDS])]),
      ]),
    );
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

  const request = await deps.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", options.orderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = deps.now();
    const recorded = await recordProviderRequest(
      trx,
      {
        kind: ORDER_ACTION_REQUESTS[spec.kind].kind,
        idempotencyKey,
        // The order's account: every repeat of the key goes where the order is.
        providerAccountId: order.provider_account_id,
        body: {
          transactionId: spec.transactionId ?? null,
          amountMinor: spec.amountMinor ?? null,
          reason: spec.reason ?? null,
          card: spec.card ?? null,
        },
        resource: { type: "order", id: order.id },
        now,
      },
      {
        beforeInsert: async () => {
          const unfinished = await openActionsOf(trx, order.id).select("order_actions.id").executeTakeFirst();
          if (unfinished) {
            throw new AppError("CONFLICT", "Another action on this order is not finished yet. Refresh and try again.", {
              reason: "action_in_progress",
            });
          }
          spec.check(order);
        },
      },
    );
    if (!recorded.isNew) return recorded.request;
    const amountMinor = spec.storedAmountMinor ? spec.storedAmountMinor() : (spec.amountMinor ?? null);
    const action = await trx
      .insertInto("order_actions")
      .values({
        provider_request_id: recorded.request.id,
        order_id: order.id,
        kind: spec.kind,
        transaction_id: spec.transactionId ?? null,
        amount_minor: amountMinor,
        reason: spec.reason ?? null,
        created_by: options.actorUserId,
        created_at: now,
      })
      .returning("id")
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
        ...(amountMinor ? { amountMinor } : {}),
        ...(spec.reason ? { reason: spec.reason } : {}),
      },
      now,
    });
    return recorded.request;
  });
  const stored = await actionOfRequest(deps.db, request.id);

  const { outcome, cause } = await runProviderRequest({
    deps,
    // A double submit waits for the first call's answer rather than hearing "in flight".
    waitInFlightMs: PAYMENT_CALL_DEADLINE_MS,
    kind: ORDER_ACTION_REQUESTS[spec.kind],
    request,
    isRefused: isActionRefused,
    refusedMessage: (error) => failureWordsOf(error, spec.refusal),
    call: ({ provider, idempotencyKey: key, signal }) =>
      orderCallAnswer(
        () =>
          spec.call
            ? spec.call(provider, providerOrderId, { idempotencyKey: key, signal })
            : repeatableCall(provider, stored, { idempotencyKey: key, signal }),
        { declineIsAnswer: false },
      ),
  });
  if (cause !== null || outcome.status === "succeeded") {
    // Mirror what was answered: the order (or the declined order a 402 carries), else re-read it.
    const classified = cause === null ? null : classifyOrderCallFailure(cause);
    const mirrored =
      outcome.status === "succeeded" ? outcome.answer.order : classified?.kind === "declined" ? classified.order : null;
    if (mirrored) await applyOrderSnapshot({ db: deps.db, order: mirrored, now: deps.now() });
    else if (classified?.kind !== "refused") await rereadOrder(deps, providerOrderId);
  }
  const error = outcome.status === "failed" ? outcome.error.message : null;
  if (outcome.status === "failed" && !isDecline(error)) {
    // A refusal (now, or a repeat of one): refused again, in the same words, without calling.
    const reason = error !== null && isAppErrorReason(error) ? error : spec.refusal;
    throw new AppError("BAD_REQUEST", `Mercado Pago refused to ${spec.action}.`, {
      reason,
      ...(cause === null ? {} : { cause }),
    });
  }
  if (outcome.status === "unknown" && cause !== null) {
    deps.logger.warn({ err: cause, orderId: stored.order_id, idempotencyKey }, "order action outcome unknown");
  }
  const after = await deps.db
    .selectFrom("orders")
    .select(["status", "status_detail"])
    .where("id", "=", stored.order_id)
    .executeTakeFirstOrThrow();
  return {
    actionId: stored.id,
    outcome: outcome.status === "succeeded" ? "done" : outcome.status === "failed" ? "declined" : "unknown",
    status: after.status,
    // A decline says why (the failed transaction's detail); the order's own detail is just `failed`.
    statusDetail: outcome.status === "failed" ? error : after.status_detail,
  };
}

function requireStatus(order: OrderRow, statuses: readonly string[], reason: AppErrorReason, message: string): void {
  if (!order.status || !statuses.includes(order.status)) throw new AppError("BAD_REQUEST", message, { reason });
}

/** Processes a manual-mode order (`POST /v1/orders/{id}/process`). */
export function processOrder(options: OrderActionOptions): Promise<OrderActionOutcome> {
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
  });
}

/**
 * Captures an authorized order in full (`POST /v1/orders/{id}/capture`). Not checked locally: the provider is the
 * one that says whether the order waits for capture (409 `cannot_capture_order` otherwise, shown in words).
 */
export function captureOrder(options: OrderActionOptions): Promise<OrderActionOutcome> {
  return runOrderAction(options, {
    kind: "capture",
    action: "capture the order",
    refusal: "order_not_capturable",
    check: () => {},
  });
}

/** Cancels an order not processed yet, releasing an authorization (`POST /v1/orders/{id}/cancel`). */
export function cancelOrder(options: OrderActionOptions): Promise<OrderActionOutcome> {
  return runOrderAction(options, {
    kind: "cancel",
    action: "cancel the order",
    refusal: "order_not_cancellable",
    check: () => {},
  });
}

/**
 * Refunds the whole order, or `amountMinor` of one payment transaction (`POST /v1/orders/{id}/refund`). A part
 * larger than what is left of the transaction is refused here, naming the amount, before anything is sent.
 */
export function refundOrder(
  options: OrderActionOptions & { transactionId?: string; amountMinor?: number; reason: string },
): Promise<OrderActionOutcome> {
  const partial = options.transactionId !== undefined;
  if (!partial && options.amountMinor !== undefined) {
    throw new AppError("BAD_REQUEST", "Choose the transaction to refund part of.", {
      field: "transactionId",
      reason: "refund_exceeds_balance",
    });
  }
  let partAmountMinor: number | null = null;
  return runOrderAction(options, {
    kind: "refund",
    action: "refund the order",
    refusal: partial ? "refund_exceeds_balance" : "order_not_refundable",
    ...(options.transactionId ? { transactionId: options.transactionId } : {}),
    amountMinor: options.amountMinor ?? null,
    reason: options.reason,
    check: (order) => {
      const currency = order.currency.trim();
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
    // A partial refund keeps the amount it sends (what is left, when none was given), so a repeat sends it again.
    storedAmountMinor: () => (partial ? partAmountMinor : (options.amountMinor ?? null)),
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
    card: cardOf(options.card),
    check: (order) => {
      requireEditable(order);
      payment = orderPaymentRequest({
        amountMinor: order.amount_minor,
        currency: order.currency.trim(),
        card: options.card,
        paymentType,
      });
    },
    call: async (provider, id, call) => {
      if (!payment) throw new AppError("INTERNAL", "The payment to add was not prepared.");
      await provider.orders.createTransactions(id, { payments: [payment] } as never, call);
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
    card: cardOf(options.card),
    check: (order) => requireEditable(order),
    call: async (provider, id, call) => {
      const { payment_method } = orderPaymentRequest({
        amountMinor: 1,
        currency: "ARS",
        card: options.card,
        paymentType,
      });
      await provider.orders.updateTransaction(id, options.transactionId, { payment_method } as never, call);
      return null;
    },
  });
}

/** Removes a manual order's payment transaction (`DELETE /v1/orders/{id}/transactions/{tx}`). */
export function deleteOrderTransaction(
  options: OrderActionOptions & { transactionId: string },
): Promise<OrderActionOutcome> {
  return runOrderAction(options, {
    kind: "delete_transaction",
    action: "remove the payment",
    refusal: "order_not_editable",
    transactionId: options.transactionId,
    check: (order) => requireEditable(order),
  });
}

/** A card as the ledger fingerprints it: its brand and installments, never its single-use token. */
function cardOf(card: OrderCardInput): JsonValue {
  return { paymentMethodId: card.paymentMethodId, installments: card.installments };
}

/**
 * Confirms the order's actions whose answer was never seen (or cut short mid-call), as the reconcile loop would,
 * now: each is settled by its kind (a repeat with its stored key where Cobro can repeat it). Nothing is thrown.
 */
async function settleUnseenActions(deps: OrderDeps, orderId: string): Promise<void> {
  const staleBefore = new Date(deps.now().getTime() - PAYMENT_CALL_DEADLINE_MS);
  const unseen = await deps.db
    .selectFrom("order_actions")
    .innerJoin("provider_requests", "provider_requests.id", "order_actions.provider_request_id")
    .selectAll("provider_requests")
    .where("order_actions.order_id", "=", orderId)
    .where((eb) =>
      eb.or([
        eb("provider_requests.status", "=", "unknown"),
        eb.and([
          eb("provider_requests.status", "=", "pending"),
          eb.or([
            eb("provider_requests.lease_until", "<", deps.now()),
            eb.and([
              eb("provider_requests.lease_until", "is", null),
              eb("provider_requests.created_at", "<", staleBefore),
            ]),
          ]),
        ]),
      ]),
    )
    .orderBy("provider_requests.created_at", "asc")
    .execute();
  for (const request of unseen) {
    const action = await actionOfRequest(deps.db, request.id);
    try {
      const verdict = await settleAction(deps, request, action);
      if (verdict) await recordOutcome(deps, ORDER_ACTION_REQUESTS[action.kind], request, verdict, "reconcile");
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
  if (read) {
    await settleUnseenActions(options.deps, options.orderId);
    await rereadOrder(options.deps, row.provider_order_id);
  }
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
