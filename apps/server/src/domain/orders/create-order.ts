// The virtual terminal's "new charge": an order on the provider's Orders API
// (`POST /v1/orders`) paid by a card the staff member typed into the provider's
// secure fields (only its single-use token reaches us). Money moves once:
//
// 1. Claim: the order is stored with the dialog's idempotency key (status
//    `pending`) and committed before the provider hears of it.
// 2. Call: outside any transaction, with that key and a body built from the
//    stored row, so a repeat of the same dialog (double click, retry after a
//    timeout) sends the very same request and the provider replays it.
// 3. Record: the answer (or a 402 decline's `data`) is mirrored; no answer seen
//    leaves the order `unknown` — "being confirmed", never "failed".
import type { CreateOrderInput, OrderCardInput, OrderOutcome } from "@cobro/contracts";
import type { OrderCreateRequest, Order as ProviderOrder } from "@cobro/provider-client";
import { type CurrencyCode, toDecimalString } from "@cobro/provider-client/money";
import type { OrderRow } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { assertStoreCurrency } from "../../provider/get-store-account";
import { recordAudit } from "../audit/record-audit";
import { listPaymentMethods } from "../checkout/list-payment-methods";
import { PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import { classifyOrderCallFailure, refusalReasonOf } from "./order-call-outcome";
import { applyOrderSnapshot } from "./order-mirror";

export type OrderDeps = Pick<AppDeps, "db" | "provider" | "now" | "logger">;

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

/** Step 1: the claim. Returns the stored row (a new one, or the one this key already holds). */
async function claimOrder(options: { deps: OrderDeps; actorUserId: string; input: CreateOrderInput }) {
  const { deps, input } = options;
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("orders")
      .values({
        idempotency_key: input.idempotencyKey,
        create_status: "pending",
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
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
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
      return { row: inserted, fresh: true };
    }
    const existing = await trx
      .selectFrom("orders")
      .selectAll()
      .where("idempotency_key", "=", input.idempotencyKey)
      .executeTakeFirstOrThrow();
    return { row: existing, fresh: false };
  });
}

function outcomeOfRow(row: OrderRow): OrderOutcome {
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
  const { row } = await claimOrder(options);
  if (row.created_by !== options.actorUserId && row.created_by !== null) {
    throw new AppError("CONFLICT", "This charge key belongs to another staff member's charge.", {
      reason: "action_in_progress",
    });
  }
  if (row.create_status === "succeeded" || row.create_status === "failed") return outcomeOfRow(row);

  // Step 2: the call, with the stored key; a repeat of an unseen outcome makes the provider replay it.
  let order: ProviderOrder | null = null;
  let failure: unknown = null;
  try {
    order = await deps.provider.orders.create(createRequestOf(row, input.card, paymentType), {
      idempotencyKey: row.idempotency_key,
      signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
    });
  } catch (error) {
    failure = error;
  }

  // Step 3: record.
  const classified = failure === null ? null : classifyOrderCallFailure(failure);
  const now = deps.now();
  const mirrored = order ?? (classified?.kind === "declined" ? classified.order : null);
  if (mirrored) await applyOrderSnapshot({ db: deps.db, order: mirrored, now, orderId: row.id });
  const createStatus =
    classified === null || classified.kind === "declined"
      ? "succeeded"
      : classified.kind === "refused"
        ? "failed"
        : "unknown";
  const error =
    classified?.kind === "declined"
      ? classified.detail
      : classified?.kind === "refused"
        ? refusalReasonOf(classified.code, "provider_rejected_request")
        : null;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set({ create_status: createStatus, error, updated_at: now })
      .where("id", "=", row.id)
      .execute();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action:
        createStatus === "succeeded"
          ? classified?.kind === "declined"
            ? "order.declined"
            : "order.created"
          : createStatus === "failed"
            ? "order.create_refused"
            : "order.create_unknown",
      resourceType: "order",
      resourceId: row.id,
      idempotencyKey: row.idempotency_key,
      details: {
        providerOrderId: mirrored?.id ?? null,
        status: mirrored?.status ?? null,
        ...(error ? { error } : {}),
      },
      now,
    });
  });
  if (classified?.kind === "refused") {
    throw new AppError("BAD_REQUEST", "Mercado Pago refused this charge. Check the details and try again.", {
      reason: refusalReasonOf(classified.code, "provider_rejected_request"),
      ...(classified.code === "invalid_email_for_sandbox" ? { field: "payer.email" } : {}),
      cause: failure,
    });
  }
  if (classified?.kind === "unknown") {
    deps.logger.warn({ err: failure, orderId: row.id, idempotencyKey: row.idempotency_key }, "order create unknown");
  }
  const stored = await deps.db.selectFrom("orders").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
  return outcomeOfRow(stored);
}
