// A checkout and its mirrored payment as the shopper sees them (`CheckoutResult`).

import type { CheckoutResult, CheckoutResultStatus, PaymentPlan } from "@cobro/contracts";
import { z } from "zod";
import type { Checkout, Payment } from "../../db/schema";
import { toMoney } from "../catalog/product-view";
import type { ProviderRequestStatus } from "../provider-requests/provider-request-status";

/**
 * provider payment status → what the shopper is told. A dispute
 * (`in_mediation`) does not undo the purchase for the buyer, so it reads as
 * approved; a chargeback returned the money, so it reads as refunded.
 */
const RESULT_STATUS_BY_PAYMENT_STATUS: Readonly<Record<string, CheckoutResultStatus>> = {
  pending: "pending",
  in_process: "in_process",
  authorized: "authorized",
  approved: "approved",
  in_mediation: "approved",
  rejected: "rejected",
  cancelled: "cancelled",
  refunded: "refunded",
  charged_back: "refunded",
};

export function resultStatusOf(paymentStatus: string | null | undefined): CheckoutResultStatus {
  if (!paymentStatus) return "open";
  // A status the provider adds later: still waiting, as far as the shopper can tell.
  return RESULT_STATUS_BY_PAYMENT_STATUS[paymentStatus] ?? "pending";
}

/** Statuses that may still change without anyone acting (webhooks, the polling fallback). */
export const UNSETTLED_PAYMENT_STATUSES: ReadonlySet<string> = new Set(["pending", "in_process", "authorized"]);

/** The translatable reason of a declined or cancelled payment: its status_detail. */
export function reasonOf(status: string | null | undefined, statusDetail: string | null | undefined): string | null {
  if (status === "rejected" || status === "cancelled") return statusDetail ?? null;
  return null;
}

const nullableText = z.string().nullish();
const offlineSnapshotSchema = z.object({
  payment_method_id: nullableText,
  payment_type_id: nullableText,
  date_of_expiration: nullableText,
  point_of_interaction: z
    .object({
      transaction_data: z
        .object({ qr_code: nullableText, qr_code_base64: nullableText, ticket_url: nullableText })
        .nullish(),
    })
    .nullish(),
  transaction_details: z
    .object({
      external_resource_url: nullableText,
      barcode: z.object({ content: nullableText }).nullish(),
      digitable_line: nullableText,
    })
    .nullish(),
});

function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** What the payer needs to pay a pending Pix or cash voucher, read from the provider's payment. */
export function offlineInstructions(snapshot: unknown): Pick<CheckoutResult, "pix" | "ticket"> {
  const parsed = offlineSnapshotSchema.safeParse(snapshot);
  if (!parsed.success) return {};
  const payment = parsed.data;
  const expiresAt = isoOrNull(payment.date_of_expiration);
  const qr = payment.point_of_interaction?.transaction_data;
  if (qr?.qr_code && qr.qr_code_base64) {
    return { pix: { qrCode: qr.qr_code, qrCodeBase64: qr.qr_code_base64, expiresAt } };
  }
  const details = payment.transaction_details;
  if ((payment.payment_type_id === "ticket" || payment.payment_type_id === "atm") && details?.external_resource_url) {
    return {
      ticket: {
        url: details.external_resource_url,
        barcode: details.barcode?.content ?? null,
        digitableLine: details.digitable_line ?? null,
        expiresAt,
      },
    };
  }
  return {};
}

/** Where the checkout's direct payment call stands: its provider request's status, null before any attempt. */
export type PaymentRequestState = { payment_request_status: ProviderRequestStatus | null };

export type ResultCheckout = Pick<Checkout, "id" | "order_number" | "amount_minor" | "currency" | "updated_at"> &
  PaymentRequestState;

/** A payment call went out (or is going out) and its answer has not been seen: the shopper hears "confirming". */
export function isOutcomeBeingConfirmed(checkout: PaymentRequestState): boolean {
  return checkout.payment_request_status === "pending" || checkout.payment_request_status === "unknown";
}
export type ResultPayment = Pick<
  Payment,
  | "provider_payment_id"
  | "status"
  | "status_detail"
  | "payment_method_id"
  | "refunded_minor"
  | "currency"
  | "snapshot"
  | "updated_at"
  | "installments"
  | "installment_amount_minor"
  | "total_paid_minor"
  | "payment_type_id"
>;

/** A card payment's installments and total paid, when the provider reported both amounts. */
export function paymentPlanOf(
  payment: Pick<
    Payment,
    "installments" | "installment_amount_minor" | "total_paid_minor" | "currency" | "payment_type_id"
  > | null,
): PaymentPlan | null {
  if (!payment || payment.installment_amount_minor === null || payment.total_paid_minor === null) return null;
  if (payment.payment_type_id !== null && !CARD_PAYMENT_TYPES.has(payment.payment_type_id)) return null;
  return {
    installments: payment.installments ?? 1,
    installmentAmount: toMoney(payment.installment_amount_minor, payment.currency),
    totalPaid: toMoney(payment.total_paid_minor, payment.currency),
  };
}

const CARD_PAYMENT_TYPES: ReadonlySet<string> = new Set(["credit_card", "debit_card", "prepaid_card"]);

export function toCheckoutResult(checkout: ResultCheckout, payment: ResultPayment | null): CheckoutResult {
  const status = payment === null && isOutcomeBeingConfirmed(checkout) ? "confirming" : resultStatusOf(payment?.status);
  const updatedAt =
    payment && payment.updated_at.getTime() > checkout.updated_at.getTime() ? payment.updated_at : checkout.updated_at;
  return {
    checkoutId: checkout.id,
    orderNumber: checkout.order_number,
    status,
    statusDetail: payment?.status_detail ?? null,
    reason: reasonOf(payment?.status, payment?.status_detail),
    total: toMoney(checkout.amount_minor, checkout.currency),
    paymentId: payment?.provider_payment_id ?? null,
    paymentMethodId: payment?.payment_method_id ?? null,
    refunded: toMoney(payment?.refunded_minor ?? 0, payment?.currency ?? checkout.currency),
    plan: paymentPlanOf(payment),
    ...(payment && status === "pending" ? offlineInstructions(payment.snapshot) : {}),
    updatedAt: updatedAt.toISOString(),
  };
}
