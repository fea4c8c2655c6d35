// /v1/payments/{payment_id}/refunds (docs/provider-facts.md §4.2, §7): full refunds
// (no body or `{}`) and partial ones (`{amount}`) of approved payments, within
// 180 days of approval. Money is added up in integer minor units, so partial
// refunds always sum exactly to the paid amount.

import { fromMinorUnits, toMinorUnits } from "@cobro/provider-client/money";
import type { RegisterRoutes, SandboxContext, Seller } from "../context";
import { badField, classicError, notFound } from "../core/errors";
import type { Schemas } from "../schemas";
import { amountInMinorUnits, currencyOf, findPayment, savePaymentChange } from "./payments";

/** provider: refunds are allowed within 180 days of the approval (legacy docs said 90). */
export const REFUND_WINDOW_MS = 180 * 24 * 60 * 60 * 1000;

function refundRefused(payment: Schemas["Payment"], description: string): never {
  throw classicError(400, description, { cause: [{ code: "invalid_refund", description, data: String(payment.id) }] });
}

/**
 * Refunds a seller's payment: `amount` omitted = the whole remaining amount.
 * The payment must be `approved` (also when partially refunded) and approved at
 * most 180 days ago (sandbox clock); the amount must fit what is left and the
 * currency's decimals. A full refund makes the payment `refunded` / `refunded`,
 * a partial one `approved` / `partially_refunded`; `payment.updated` is sent.
 * Throws 404 for an unknown payment, 400 otherwise.
 */
export function refundPayment(
  ctx: SandboxContext,
  seller: Seller,
  paymentId: number,
  request: Schemas["RefundCreateRequest"] = {},
): Schemas["Refund"] {
  const payment = findPayment(ctx, seller.userId, paymentId);
  if (!payment) throw notFound("payment", paymentId);
  if (payment.status !== "approved") {
    const hint =
      payment.status === "refunded"
        ? "it is already fully refunded"
        : payment.status === "authorized" || payment.status === "pending" || payment.status === "in_process"
          ? "cancel it instead (PUT /v1/payments/{id} with status cancelled)"
          : "only approved payments can be refunded";
    refundRefused(payment, `payment ${payment.id} cannot be refunded: its status is ${payment.status}; ${hint}`);
  }
  const now = ctx.clock.now();
  const approvedAt = Date.parse(payment.date_approved ?? payment.date_created);
  if (now.getTime() - approvedAt > REFUND_WINDOW_MS) {
    refundRefused(payment, `payment ${payment.id} cannot be refunded: refunds are allowed within 180 days of approval`);
  }
  const currency = currencyOf(payment);
  const paidMinor = toMinorUnits(payment.transaction_amount, currency);
  const refundedMinor = toMinorUnits(payment.transaction_amount_refunded ?? 0, currency);
  const remainingMinor = paidMinor - refundedMinor;
  let amountMinor = remainingMinor;
  if (request.amount !== undefined) {
    amountMinor = amountInMinorUnits(request.amount, currency, "amount");
    if (amountMinor > remainingMinor) {
      throw badField(
        "amount",
        `invalid amount: ${request.amount} is more than the ${fromMinorUnits(remainingMinor, currency)} ${currency} left to refund`,
        "invalid_refund_amount",
      );
    }
  }

  const amount = fromMinorUnits(amountMinor, currency);
  const refundId = ctx.store.nextId("refund_id", 1_009_000_001);
  const refund: Schemas["Refund"] = {
    id: refundId,
    payment_id: payment.id,
    amount,
    amount_refunded_to_payer: amount,
    adjustment_amount: 0,
    metadata: request.metadata ?? {},
    source: { id: String(seller.userId), name: seller.nickname, type: "collector" },
    date_created: now.toISOString(),
    // A sandbox stand-in for the acquirer's sequence number: date plus refund id.
    unique_sequence_number: `${now.toISOString().slice(0, 10).replace(/-/g, "")}${String(refundId).padStart(12, "0")}`,
    refund_mode: "standard",
    status: "approved",
    reason: null,
    labels: [],
    partition_details: [],
  };
  const totalRefundedMinor = refundedMinor + amountMinor;
  payment.refunds = [...(payment.refunds ?? []), refund];
  payment.transaction_amount_refunded = fromMinorUnits(totalRefundedMinor, currency);
  if (totalRefundedMinor === paidMinor) {
    payment.status = "refunded";
    payment.status_detail = "refunded";
  } else {
    payment.status_detail = "partially_refunded";
  }
  savePaymentChange(ctx, seller.userId, payment);
  return refund;
}

function idParam(raw: string | undefined, field: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw badField(field, `${field} must be a positive integer`);
  return id;
}

/** Routes of the `refunds` group: create, list (array) and get. */
export const registerRefundsRoutes: RegisterRoutes = (app, ctx) => {
  app.post("/v1/payments/:payment_id/refunds", (c) => {
    const paymentId = idParam(c.req.param("payment_id"), "payment_id");
    const body = (c.get("jsonBody") ?? {}) as Schemas["RefundCreateRequest"];
    return c.json(refundPayment(ctx, c.get("seller"), paymentId, body), 201);
  });

  app.get("/v1/payments/:payment_id/refunds", (c) => {
    const paymentId = idParam(c.req.param("payment_id"), "payment_id");
    const payment = findPayment(ctx, c.get("seller").userId, paymentId);
    if (!payment) throw notFound("payment", paymentId);
    return c.json(payment.refunds ?? [], 200);
  });

  app.get("/v1/payments/:payment_id/refunds/:refund_id", (c) => {
    const paymentId = idParam(c.req.param("payment_id"), "payment_id");
    const refundId = idParam(c.req.param("refund_id"), "refund_id");
    const payment = findPayment(ctx, c.get("seller").userId, paymentId);
    if (!payment) throw notFound("payment", paymentId);
    const refund = (payment.refunds ?? []).find((r) => r.id === refundId);
    if (!refund) throw notFound("refund", refundId);
    return c.json(refund, 200);
  });
};
