// The error vocabulary the server and the web app share. The server throws
// an AppError with one of these codes and, where the web app can say more
// than the message, one of these reasons; the web app looks reasons up in its
// dictionaries (`reason.<code>`). A reason the server sends is a typed member
// of this list, so the two sides cannot drift apart.

/** What kind of failure it is; the server maps each code to one HTTP status. */
export const APP_ERROR_CODES = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "TOO_MANY_REQUESTS",
  "PAYMENT_DECLINED",
  "PROVIDER_UNAVAILABLE",
  // Cobro's own database is away (restarting, failing over): try again shortly.
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/**
 * Translatable reasons of a failure that are not a payment's `status_detail`
 * (those are the provider's own decline codes, e.g. `cc_rejected_insufficient_amount`,
 * sent as the reason of a declined payment).
 */
export const APP_ERROR_REASONS = [
  "account_disabled",
  "account_connection_ended",
  "account_actions_own_only",
  "action_in_progress",
  "already_staff",
  "amount_not_allowed",
  "capture_exceeds_authorized",
  "card_not_found",
  "charging_account_in_use",
  "checkout_already_paid",
  "checkout_not_found",
  "checkout_not_ended",
  "checkout_replaced",
  "payer_details_missing",
  "currency_not_supported",
  "customer_email_taken",
  "invalid_card_expiry",
  "external_reference_taken",
  "invalid_card_token",
  "invalid_identification",
  "invalid_installments",
  "invalid_issuer",
  "invalid_payer_email",
  "invalid_payment_method",
  "invalid_subscription_transition",
  "invitation_open",
  "last_admin",
  "link_expired",
  "merchant_order_not_found",
  "merchant_order_preference_not_found",
  "mixed_currencies",
  "not_found",
  "order_being_confirmed",
  "order_not_cancellable",
  "order_not_capturable",
  "order_not_editable",
  "order_not_processable",
  "order_not_refundable",
  "payment_being_confirmed",
  "payment_in_progress",
  "payment_method_not_offered",
  "payment_not_cancellable",
  "payment_not_capturable",
  "payment_not_refundable",
  "payer_email_not_test_user",
  "plan_not_found",
  "idempotency_key_reused",
  "product_unavailable",
  "provider_rate_limited",
  "provider_rejected_request",
  "provider_unavailable",
  "quantity_too_large",
  "refund_exceeds_balance",
  "refund_window_expired",
  "sandbox_only",
  "saved_cards_own_account_only",
  "sign_in_to_save_card",
  "slug_taken",
  "subscription_cancelled",
  "subscription_not_found",
  "tax_id_required",
  "terminal_busy",
  "terminal_intent_on_terminal",
  "terminal_intent_not_waiting",
  "terminal_not_found",
  "terminal_not_pdv",
  "total_too_large",
  "total_zero",
] as const;
export type AppErrorReason = (typeof APP_ERROR_REASONS)[number];

/** Whether `value` is one of `APP_ERROR_REASONS`. */
export function isAppErrorReason(value: string): value is AppErrorReason {
  return (APP_ERROR_REASONS as readonly string[]).includes(value);
}
