// What a payment's status and status_detail mean to a shopper, and what they can
// do next. The catalogue is the provider's (docs/provider-facts.md §4.1) plus the
// details the sandbox's test cardholders produce (§5.1); the words live in the
// dictionaries under `payment.status.*`, `payment.detail.*` and `payment.next.*`
// (a detail listed here without words fails the typecheck).
import type { Tone } from "@cobro/ui";
import type { MessageKey } from "./dictionary";

/** What the shopper should do about a payment. */
export type NextStep =
  | "none"
  | "another_method"
  | "check_card_data"
  | "check_card_number"
  | "check_expiry"
  | "check_security_code"
  | "call_bank"
  | "contact_bank"
  | "other_installments"
  | "check_orders"
  | "wait"
  | "do_not_pay_again"
  | "wait_review"
  | "pay_pix"
  | "pay_ticket"
  | "complete_challenge"
  | "try_later"
  | "order_again"
  | "refund_on_way"
  | "contact_store";

interface DetailInfo {
  tone: Tone;
  next: NextStep;
}

/** Every status_detail the shopper can meet, with its colour and next step. */
export const PAYMENT_STATUS_DETAILS = {
  // approved
  accredited: { tone: "success", next: "none" },
  partially_refunded: { tone: "info", next: "refund_on_way" },
  // authorized
  pending_capture: { tone: "info", next: "wait" },
  // in_process
  offline_process: { tone: "warning", next: "wait" },
  pending_contingency: { tone: "warning", next: "wait" },
  pending_review_manual: { tone: "warning", next: "wait_review" },
  deferred_retry: { tone: "warning", next: "wait" },
  // pending (Pix: the sandbox says waiting_transfer, the docs pending_waiting_transfer)
  pending_waiting_transfer: { tone: "warning", next: "pay_pix" },
  waiting_transfer: { tone: "warning", next: "pay_pix" },
  pending_waiting_payment: { tone: "warning", next: "pay_ticket" },
  pending_challenge: { tone: "warning", next: "complete_challenge" },
  // cancelled
  expired: { tone: "neutral", next: "order_again" },
  by_collector: { tone: "neutral", next: "contact_store" },
  by_payer: { tone: "neutral", next: "order_again" },
  // charged_back
  settled: { tone: "neutral", next: "contact_store" },
  reimbursed: { tone: "neutral", next: "contact_store" },
  in_process: { tone: "warning", next: "contact_store" },
  // refunded
  refunded: { tone: "info", next: "refund_on_way" },
  by_admin: { tone: "info", next: "refund_on_way" },
  // rejected
  bank_error: { tone: "danger", next: "try_later" },
  cc_rejected_3ds_challenge: { tone: "danger", next: "another_method" },
  cc_rejected_3ds_mandatory: { tone: "danger", next: "another_method" },
  cc_rejected_bad_filled_card_number: { tone: "danger", next: "check_card_number" },
  cc_rejected_bad_filled_date: { tone: "danger", next: "check_expiry" },
  cc_rejected_bad_filled_other: { tone: "danger", next: "check_card_data" },
  cc_rejected_bad_filled_security_code: { tone: "danger", next: "check_security_code" },
  cc_rejected_blacklist: { tone: "danger", next: "another_method" },
  cc_rejected_call_for_authorize: { tone: "danger", next: "call_bank" },
  cc_rejected_card_disabled: { tone: "danger", next: "contact_bank" },
  cc_rejected_card_error: { tone: "danger", next: "another_method" },
  cc_rejected_duplicated_payment: { tone: "danger", next: "check_orders" },
  cc_rejected_high_risk: { tone: "danger", next: "another_method" },
  cc_rejected_insufficient_amount: { tone: "danger", next: "another_method" },
  cc_rejected_invalid_installments: { tone: "danger", next: "other_installments" },
  cc_rejected_max_attempts: { tone: "danger", next: "another_method" },
  cc_rejected_other_reason: { tone: "danger", next: "another_method" },
  cc_amount_rate_limit_exceeded: { tone: "danger", next: "another_method" },
  cc_rejected_card_type_not_allowed: { tone: "danger", next: "another_method" },
  rejected_insufficient_data: { tone: "danger", next: "check_card_data" },
  rejected_by_bank: { tone: "danger", next: "contact_bank" },
  rejected_by_regulations: { tone: "danger", next: "another_method" },
  insufficient_amount: { tone: "danger", next: "another_method" },
} as const satisfies Record<string, DetailInfo>;

export type KnownStatusDetail = keyof typeof PAYMENT_STATUS_DETAILS;

/**
 * Payment statuses (docs/provider-facts.md §4.1) plus `open`, a checkout not paid yet, and `confirming`, a payment sent to
 * the provider whose answer Cobro has not seen yet (it may have charged: never invite a second payment).
 */
export const PAYMENT_STATUSES = {
  open: { tone: "neutral", next: "none" },
  confirming: { tone: "warning", next: "do_not_pay_again" },
  pending: { tone: "warning", next: "wait" },
  approved: { tone: "success", next: "none" },
  authorized: { tone: "info", next: "wait" },
  in_process: { tone: "warning", next: "wait" },
  in_mediation: { tone: "warning", next: "contact_store" },
  rejected: { tone: "danger", next: "another_method" },
  cancelled: { tone: "neutral", next: "order_again" },
  refunded: { tone: "info", next: "refund_on_way" },
  charged_back: { tone: "neutral", next: "contact_store" },
} as const satisfies Record<string, DetailInfo>;

export type KnownPaymentStatus = keyof typeof PAYMENT_STATUSES;

export function isKnownStatusDetail(detail: string): detail is KnownStatusDetail {
  return Object.hasOwn(PAYMENT_STATUS_DETAILS, detail);
}

function isKnownPaymentStatus(status: string): status is KnownPaymentStatus {
  return Object.hasOwn(PAYMENT_STATUSES, status);
}

/** The dictionary keys and colour that describe a payment to the shopper. */
export interface PaymentOutcomeText {
  tone: Tone;
  /** Short label for a badge: "Approved", "Rejected". */
  statusKey: MessageKey;
  /** What happened: "Your card has insufficient funds." */
  detailKey: MessageKey;
  /** What to do next, or null when nothing is needed. */
  nextKey: MessageKey | null;
}

/**
 * Describes a payment for the shopper. `detail` is the status_detail or a decline `reason` code; an unknown detail
 * falls back to the status's own words, and an unknown status to "pending" (never to a raw provider string).
 */
export function describePaymentOutcome(status: string, detail: string | null | undefined): PaymentOutcomeText {
  const knownStatus: KnownPaymentStatus = isKnownPaymentStatus(status) ? status : "pending";
  const statusInfo = PAYMENT_STATUSES[knownStatus];
  const statusKey: MessageKey = `payment.status.${knownStatus}`;
  // `in_process` is both a status and a charged_back detail; only the latter uses the detail's words.
  const detailMatches =
    detail != null && isKnownStatusDetail(detail) && (detail !== "in_process" || knownStatus === "charged_back");
  if (detailMatches) {
    const info: DetailInfo = PAYMENT_STATUS_DETAILS[detail];
    return {
      tone: info.tone,
      statusKey,
      detailKey: `payment.detail.${detail}`,
      nextKey: info.next === "none" ? null : `payment.next.${info.next}`,
    };
  }
  return {
    tone: statusInfo.tone,
    statusKey,
    detailKey: `payment.statusText.${knownStatus}`,
    nextKey: statusInfo.next === "none" ? null : `payment.next.${statusInfo.next}`,
  };
}
