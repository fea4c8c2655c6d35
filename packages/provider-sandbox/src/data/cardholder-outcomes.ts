// Test cardholder names decide a card payment's outcome (docs/provider-facts.md §5.1).
// The documentation names the scenarios; the status_detail of each is inferred
// from the provider's status catalogue (§4.1), and the Orders API equivalents
// from its failure vocabulary (§4.6).

export interface CardholderOutcome {
  /** `/v1/payments` status, e.g. "approved", "rejected", "in_process". */
  status: "approved" | "rejected" | "in_process";
  /** `/v1/payments` status_detail, e.g. "accredited", "cc_rejected_insufficient_amount". */
  statusDetail: string;
  /** The Orders API's transaction status for the same outcome: "processed" | "failed" | "processing". */
  ordersStatus: "processed" | "failed" | "processing";
  /** The Orders API's status_detail, e.g. "accredited", "insufficient_amount", "in_process". */
  ordersStatusDetail: string;
}

function rejected(statusDetail: string, ordersStatusDetail: string): CardholderOutcome {
  return { status: "rejected", statusDetail, ordersStatus: "failed", ordersStatusDetail };
}

const APPROVED: CardholderOutcome = {
  status: "approved",
  statusDetail: "accredited",
  ordersStatus: "processed",
  ordersStatusDetail: "accredited",
};

/** Every documented test name and its outcome. */
export const CARDHOLDER_OUTCOMES: Readonly<Record<string, CardholderOutcome>> = {
  APRO: APPROVED,
  OTHE: rejected("cc_rejected_other_reason", "rejected_by_issuer"),
  CONT: {
    status: "in_process",
    statusDetail: "pending_contingency",
    ordersStatus: "processing",
    ordersStatusDetail: "in_process",
  },
  CALL: rejected("cc_rejected_call_for_authorize", "required_call_for_authorize"),
  FUND: rejected("cc_rejected_insufficient_amount", "insufficient_amount"),
  SECU: rejected("cc_rejected_bad_filled_security_code", "bad_filled_card_data"),
  EXPI: rejected("cc_rejected_bad_filled_date", "bad_filled_card_data"),
  FORM: rejected("cc_rejected_bad_filled_other", "bad_filled_card_data"),
  CARD: rejected("cc_rejected_bad_filled_card_number", "bad_filled_card_data"),
  INST: rejected("cc_rejected_invalid_installments", "invalid_installments"),
  DUPL: rejected("cc_rejected_duplicated_payment", "rejected_by_issuer"),
  LOCK: rejected("cc_rejected_card_disabled", "card_disabled"),
  CTNA: rejected("cc_rejected_card_type_not_allowed", "rejected_by_issuer"),
  ATTE: rejected("cc_rejected_max_attempts", "max_attempts_exceeded"),
  BLAC: rejected("cc_rejected_blacklist", "high_risk"),
  // provider: UNSU is "not supported"; its detail is not documented (third parties guess other_reason).
  UNSU: rejected("cc_rejected_other_reason", "rejected_by_issuer"),
  // provider: TEST "applies amount rules", which the sandbox does not model: it approves.
  TEST: APPROVED,
};

/**
 * The outcome for a cardholder name (case-insensitive); unknown names are
 * approved like APRO. The name may carry more words ("APRO Test" counts as APRO).
 *
 * @example outcomeForCardholder("fund").statusDetail; // "cc_rejected_insufficient_amount"
 */
export function outcomeForCardholder(name: string): CardholderOutcome {
  const normalized = name.trim().toUpperCase();
  const firstWord = normalized.split(/\s+/)[0] ?? "";
  return CARDHOLDER_OUTCOMES[normalized] ?? CARDHOLDER_OUTCOMES[firstWord] ?? APPROVED;
}
