// The virtual terminal's "new charge": an order on the provider's Orders API (`POST /v1/orders`) paid by a card the
// staff member typed into the provider's secure fields (only its single-use token reaches us), on the
// provider-request engine (domain/provider-requests): the order's row and the ledger's request (key, account)
// commit together before the provider hears of it; the call goes out outside any transaction with that key and a
// body built from the stored row, so a repeat of the same dialog (double click, retry after a timeout) sends the
// very same request and the provider replays it; the answer (or a 402 decline's `data`) is mirrored. No answer
// seen leaves the order `unknown`: "being confirmed", never "failed".
import type { CreateOrderInput, OrderCardInput, OrderOutcome } from "@cobro/contracts";
import type { OrderCreateRequest } from "@cobro/provider-client";
import { type CurrencyCode, toDecimalString } from "@cobro/provider-client/money";
import type { JsonValue, OrderRow } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { assertStoreCurrency } from "../../provider/get-store-account";
import { providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { listPaymentMethods } from "../checkout/list-payment-methods";
import { PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import type { ProviderRequestDeps, ProviderRequestKind } from "../provider-requests/provider-request-kind";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { runProviderRequest } from "../provider-requests/run-provider-request";
import { isOrderCallRefused, type OrderCallAnswer, orderCallAnswer, refusalReasonOf } from "./order-call-outcome";
import { applyOrderSnapshot, type OrderRequestRow, orderRows } from "./order-mirror";

export type OrderDeps = ProviderRequestDeps;

/** provider: only card payments are taken in the virtual terminal. */
const CARD_TYPES: ReadonlySet<string> = new Set(["credit_card", "debit_card", "prepaid_card"]);

/** The card's payment type (credit_card, debit_card…) from the site's payment methods. */
export async function cardPaymentTypeOf(deps: Pick<AppDeps, "provider">, paymentMethodId: string): Promise<string> {
  const methods = await listPaymentMethods({ deps });
  const method = methods.find((candidate) => candidate.id === paymentMethodId);
  if (!method || !CARD_TYPES.has(method.paymentTypeId)) {
    throw new AppError("BAD_REQUEST", "That card brand is not offered for this account.", {
      field: "card.paymentMethodId",
      reason: "invalid_payment_method",
    });
  }
  return method.paymentTypeId;
}

/** The Orders payment of `amountMinor` paid with `card`. */
export function orderPaymentRequest(options: {
  amountMinor: number;
  currency: string;
  card: OrderCardInput;
  paymentType: string;
}) {
  return {
    amount: toDecimalString(options.amountMinor, options.currency as CurrencyCode),
    payment_method: {
      id: options.card.paymentMethodId,
      type: options.paymentType,
      token: options.card.cardToken,
      installments: options.card.installments,
    },
  };
}

/** The create request, built only from the stored row (and the card), so every repeat sends the same body. */
function createRequestOf(row: OrderRow, card: OrderCardInput, paymentType: string): OrderCreateRequest {
  const currency = row.currency.trim();
  return {
    type: "online",
    processing_mode: row.processing_mode,
    capture_mode: row.capture_mode,
    total_amount: toDecimalString(row.amount_minor, currency as CurrencyCode),
    external_reference: row.external_reference,
    ...(row.description ? { description: row.description } : {}),
    payer: {
      email: row.payer_email,
      ...(row.payer_identification_type && row.payer_identification_number
        ? { identification: { type: row.payer_identification_type, number: row.payer_identification_number } }
        : {}),
    },
    transactions: {
      payments: [orderPaymentRequest({ amountMinor: row.amount_minor, currency, card, paymentType })],
    },
  } as OrderCreateRequest;
}

/**
 * The create as a provider request. Its row keeps the decline's detail or the refusal's reason (`error`); the order
 * itself is mirrored by the caller (and after a reconcile). An unseen create cannot be sent again by Cobro (the
 * card token is not kept): it is settled once the order is known at the provider (the dialog's repeat with the same
 * key, or a re-read), by reading it.
 */
export const ORDER_CREATE_REQUEST: ProviderRequestKind<OrderCallAnswer> = {
  kind: "order.create",
  async onOutcome(trx, request, outcome, { now, by }) {
    const error =
      outcome.status === "succeeded"
        ? outcome.answer.declined
        : outcome.status === "failed"
          ? refusalReasonOf(outcome.error.code, "provider_rejected_request")
          : null;
    const row = await trx
      .updateTable("orders")
      .set({ error, updated_at: now })
      .where("provider_request_id", "=", request.id)
      .returning(["id", "created_by"])
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId: by === "call" ? row.created_by : null,
      action:
        outcome.status === "succeeded"
          ? outcome.answer.declined
            ? "order.declined"
            : "order.created"
          : outcome.status === "failed"
            ? "order.create_refused"
            : "order.create_unknown",
      resourceType: "order",
      resourceId: row.id,
      idempotencyKey: request.idempotency_key,
      details: {
        providerOrderId: outcome.status === "succeeded" ? (outcome.answer.order?.id ?? null) : null,
        status: outcome.status === "succeeded" ? (outcome.answer.order?.status ?? null) : null,
        ...(error ? { error } : {}),
      },
      now,
    });
  },
  async reconcile(deps, request) {
    const row = await deps.db
      .selectFrom("orders")
      .select("provider_order_id")
      .where("provider_request_id", "=", request.id)
      .executeTakeFirstOrThrow();
    if (row.provider_order_id === null) return null;
    const provider = await providerForAccount(deps, request.provider_account_id);
    const order = await orderCallAnswer(() => provider.orders.get(row.provider_order_id ?? ""), {
      declineIsAnswer: true,
    });
    const failed = order.order?.status === "failed" ? (order.order.status_detail ?? "failed") : null;
    return { status: "succeeded", answer: { ...order, declined: failed } };
  },
  async afterReconcile(deps, request) {
    await mirrorAnswer(deps, request.id);
  },
};

/** Mirrors the order a settled create answered with into its row. */
async function mirrorAnswer(deps: Pick<OrderDeps, "db" | "now">, requestId: string): Promise<void> {
  const settled = await orderRows(deps.db)
    .select("provider_requests.answer")
    .where("orders.provider_request_id", "=", requestId)
    .executeTakeFirstOrThrow();
  const answer = settled.answer as unknown as OrderCallAnswer | null;
  if (settled.create_status === "succeeded" && answer?.order) {
    await applyOrderSnapshot({ db: deps.db, order: answer.order, now: deps.now(), orderId: settled.id });
  }
}

/** The dialog's request as the ledger fingerprints it: everything but the card's single-use token. */
function fingerprintBodyOf(input: CreateOrderInput): JsonValue {
  const { cardToken: _token, ...card } = input.card;
  return { ...input, card } as unknown as JsonValue;
}

/** Step 1: the claim. Returns the stored row (a new one, or the one this key already holds). */
async function claimOrder(options: { deps: OrderDeps; actorUserId: string; input: CreateOrderInput }) {
  const { deps, input } = options;
  const now = deps.now();
  const requestId = await deps.db.transaction().execute(async (trx) => {
    const { request, isNew } = await recordProviderRequest(trx, {
      kind: ORDER_CREATE_REQUEST.kind,
      idempotencyKey: input.idempotencyKey,
      // Console orders charge on the store's own account.
      providerAccountId: null,
      body: fingerprintBodyOf(input),
      resource: { type: "order", id: "new" },
      now,
    });
    if (!isNew) return request.id;
    const inserted = await trx
      .insertInto("orders")
      .values({
        provider_request_id: request.id,
        external_reference: input.externalReference || `vt-${input.idempotencyKey.slice(0, 8)}`,
        processing_mode: input.processingMode,
        capture_mode: input.captureMode,
        amount_minor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        payer_email: input.payer.email,
        payer_identification_type: input.payer.identification.type,
        payer_identification_number: input.payer.identification.number,
        payment_method_id: input.card.paymentMethodId,
        installments: input.card.installments,
        created_by: options.actorUserId,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: "order.create_requested",
      resourceType: "order",
      resourceId: inserted.id,
      idempotencyKey: input.idempotencyKey,
      details: {
        amountMinor: input.amountMinor,
        currency: input.currency,
        processingMode: input.processingMode,
        captureMode: input.captureMode,
      },
      now,
    });
    return request.id;
  });
  return orderRows(deps.db).where("orders.provider_request_id", "=", requestId).executeTakeFirstOrThrow();
}

function outcomeOfRow(row: OrderRequestRow): OrderOutcome {
  const declined = row.status === "failed";
  return {
    orderId: row.id,
    outcome:
      row.create_status === "failed"
        ? "refused"
        : row.create_status === "succeeded"
          ? declined
            ? "declined"
            : "done"
          : "unknown",
    status: row.status,
    statusDetail: declined ? (row.error ?? row.status_detail) : row.status_detail,
  };
}

/** Creates (or, for a key already used, repeats) the order; see the file comment. */
export async function createOrder(options: {
  deps: OrderDeps;
  actorUserId: string;
  input: CreateOrderInput;
}): Promise<OrderOutcome> {
  const { deps, input } = options;
  try {
    await assertStoreCurrency({ deps, currency: input.currency });
  } catch (error) {
    // The account's site decides the currency it charges in: name this form's field.
    if (error instanceof AppError && error.reason === "currency_not_supported") {
      throw new AppError("BAD_REQUEST", error.message, { field: "currency", reason: "currency_not_supported" });
    }
    throw error;
  }
  const paymentType = await cardPaymentTypeOf(deps, input.card.paymentMethodId);
  const row = await claimOrder(options);
  if (row.created_by !== options.actorUserId && row.created_by !== null) {
    throw new AppError("CONFLICT", "This charge key belongs to another staff member's charge.", {
      reason: "action_in_progress",
    });
  }
  if (row.create_status === "succeeded" || row.create_status === "failed") return outcomeOfRow(row);

  // Step 2: the call, with the stored key; a repeat of an unseen outcome makes the provider replay it.
  const request = await deps.db
    .selectFrom("provider_requests")
    .selectAll()
    .where("id", "=", row.provider_request_id)
    .executeTakeFirstOrThrow();
  const { outcome, cause } = await runProviderRequest({
    deps,
    // A double submit waits for the first call's answer rather than hearing "in flight".
    waitInFlightMs: PAYMENT_CALL_DEADLINE_MS,
    kind: ORDER_CREATE_REQUEST,
    request,
    isRefused: isOrderCallRefused,
    refusedMessage: "Mercado Pago refused this charge.",
    call: ({ provider, idempotencyKey, signal }) =>
      orderCallAnswer(
        () => provider.orders.create(createRequestOf(row, input.card, paymentType), { idempotencyKey, signal }),
        { declineIsAnswer: true },
      ),
  });

  // Step 3: mirror what was answered.
  if (outcome.status === "succeeded" && outcome.answer.order) {
    await applyOrderSnapshot({ db: deps.db, order: outcome.answer.order, now: deps.now(), orderId: row.id });
  }
  if (outcome.status === "failed" && cause !== null) {
    const reason = refusalReasonOf(outcome.error.code, "provider_rejected_request");
    throw new AppError("BAD_REQUEST", "Mercado Pago refused this charge. Check the details and try again.", {
      reason,
      ...(outcome.error.code === "invalid_email_for_sandbox" ? { field: "payer.email" } : {}),
      cause,
    });
  }
  if (outcome.status === "unknown" && cause !== null) {
    deps.logger.warn({ err: cause, orderId: row.id, idempotencyKey: row.idempotency_key }, "order create unknown");
  }
  const stored = await orderRows(deps.db).where("orders.id", "=", row.id).executeTakeFirstOrThrow();
  return outcomeOfRow(stored);
}
