// Provider failures of the console's customer calls, in the staff member's
// terms: the field at fault and a translatable reason, never the provider's
// body. A duplicate e-mail (provider: 400, cause 101 "the customer already
// exist") is its own reason; timeouts and 5xx say that repeating is safe.
import {
  isClassicErrorBody,
  ProviderBadRequestError,
  ProviderConflictError,
  ProviderConnectionError,
  ProviderServerError,
} from "@cobro/provider-client";
import { AppError } from "../../errors/app-error";
import {
  PROVIDER_RETRY_AFTER_SECONDS,
  type ProviderFieldMapping,
  toShopperError,
} from "../../provider/provider-failure";

/** Provider request fields (as the provider names them in `cause[].data`) → the console form's fields. */
const CUSTOMER_FIELD_MAPPINGS: Readonly<Record<string, ProviderFieldMapping>> = {
  email: { field: "email", reason: "invalid_payer_email" },
  first_name: { field: "firstName", reason: "provider_rejected_request" },
  last_name: { field: "lastName", reason: "provider_rejected_request" },
  "phone.area_code": { field: "phone.areaCode", reason: "provider_rejected_request" },
  "phone.number": { field: "phone.number", reason: "provider_rejected_request" },
  "identification.type": { field: "identification.type", reason: "invalid_identification" },
  "identification.number": { field: "identification.number", reason: "invalid_identification" },
  description: { field: "description", reason: "provider_rejected_request" },
  default_card: { field: "defaultCardId", reason: "card_not_found" },
  token: { field: "cardToken", reason: "invalid_card_token" },
  expiration_month: { field: "expirationMonth", reason: "invalid_card_expiry" },
  expiration_year: { field: "expirationYear", reason: "invalid_card_expiry" },
  "cardholder.name": { field: "holderName", reason: "provider_rejected_request" },
};

/** provider: cause 101 "the customer already exist" (create, or an update to a taken e-mail). */
export function isDuplicateCustomer(error: unknown): boolean {
  return (
    error instanceof ProviderBadRequestError &&
    isClassicErrorBody(error.body) &&
    (error.body.cause ?? []).some((cause) => String(cause.code) === "101")
  );
}

/**
 * No answer was seen (timeout, dropped connection, 5xx after the client's retries, 409/423 on the idempotency key):
 * the outcome is unknown, and the resource must be re-read before saying anything.
 */
export function isUnanswered(error: unknown): boolean {
  return (
    error instanceof ProviderConnectionError ||
    error instanceof ProviderServerError ||
    error instanceof ProviderConflictError
  );
}

/** The AppError for a failed customer or card call; `action` in words ("create the customer"). */
export function toCustomerError(error: unknown, options: { action: string; notFoundMessage?: string }): unknown {
  if (isDuplicateCustomer(error)) {
    return new AppError("CONFLICT", "Mercado Pago already has a customer with this e-mail address.", {
      reason: "customer_email_taken",
      field: "email",
    });
  }
  if (isUnanswered(error)) {
    return new AppError(
      "PROVIDER_UNAVAILABLE",
      `Mercado Pago did not answer, so we do not know yet whether we could ${options.action}. Check again in a moment; repeating is safe.`,
      { reason: "provider_unavailable", retryAfterSeconds: PROVIDER_RETRY_AFTER_SECONDS },
    );
  }
  return toShopperError(error, {
    action: options.action,
    fields: CUSTOMER_FIELD_MAPPINGS,
    notFoundMessage: options.notFoundMessage ?? "Mercado Pago has no such customer or card.",
  });
}

/** Throws `toCustomerError(error, options)`. */
export function throwCustomerError(error: unknown, options: { action: string; notFoundMessage?: string }): never {
  throw toCustomerError(error, options);
}
