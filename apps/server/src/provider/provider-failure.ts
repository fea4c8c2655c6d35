// Turns a failed provider call into the AppError a shopper sees. Provider
// bodies, card tokens and credentials never reach the message: the message is
// ours, `reason` is a translatable code, `field` names the input at fault, and
// the `cause` (logged for INTERNAL only) is a one-line summary without the body.
import {
  isClassicErrorBody,
  ProviderAuthenticationError,
  ProviderBadRequestError,
  ProviderConflictError,
  ProviderConnectionError,
  ProviderError,
  ProviderNotFoundError,
  ProviderPermissionError,
  ProviderRateLimitError,
  ProviderServerError,
} from "@cobro/provider-client";
import { AppError, type AppErrorReason } from "../errors/app-error";

/** Seconds a shopper should wait before retrying after the provider failed or timed out. */
export const PROVIDER_RETRY_AFTER_SECONDS = 5;

/** Provider request field → our input field and the reason code shown for it. */
export interface ProviderFieldMapping {
  field: string | null;
  reason: AppErrorReason;
}

/**
 * How provider fields of a payment request map to the checkout inputs. Keys are
 * what the provider names in `cause[].data` (the sandbox always does; the real
 * provider often) and the cause codes it documents for the same problems.
 */
export const PAYMENT_FIELD_MAPPINGS: Readonly<Record<string, ProviderFieldMapping>> = {
  token: { field: "cardToken", reason: "invalid_card_token" },
  card_token_id: { field: "cardToken", reason: "invalid_card_token" },
  payment_method_id: { field: "paymentMethodId", reason: "invalid_payment_method" },
  issuer_id: { field: "issuerId", reason: "invalid_issuer" },
  installments: { field: "installments", reason: "invalid_installments" },
  "payer.email": { field: "payer.email", reason: "invalid_payer_email" },
  "payer.identification": { field: "payer.identification.number", reason: "invalid_identification" },
  "payer.identification.type": { field: "payer.identification.type", reason: "invalid_identification" },
  "payer.identification.number": { field: "payer.identification.number", reason: "invalid_identification" },
  transaction_amount: { field: null, reason: "amount_not_allowed" },
};

/** provider: documented cause codes of the same problems, for bodies that do not name the field. */
const CAUSE_CODE_FIELDS: Readonly<Record<string, string>> = {
  "2006": "token", // Card Token not found
  "3003": "token", // Invalid card_token_id
  "2062": "token", // Invalid card token
  "3028": "payment_method_id",
  "3029": "issuer_id",
  "109": "installments",
  "2067": "payer.identification.number",
  "324": "payer.identification",
  "4050": "payer.email",
  "4390": "payer.email", // Payer email forbidden
  "129": "transaction_amount",
};

export interface ShopperErrorOptions {
  /** What was being done, for the messages ("make the payment", "save the card"). */
  action: string;
  /** Field mappings for this call (default: the payment's). */
  fields?: Readonly<Record<string, ProviderFieldMapping>>;
  /** The message for a provider 404 (default: a generic not-found message). */
  notFoundMessage?: string;
}

function providerFieldOf(error: ProviderError): string | null {
  if (!isClassicErrorBody(error.body)) return null;
  for (const cause of error.body.cause ?? []) {
    if (typeof cause.data === "string" && cause.data !== "") return cause.data;
    const byCode = cause.code === undefined ? undefined : CAUSE_CODE_FIELDS[String(cause.code)];
    if (byCode) return byCode;
  }
  return null;
}

/** A loggable one-liner of the failure: class, status, call and request id; never the body. */
function safeCause(error: ProviderError | ProviderConnectionError): Error {
  if (error instanceof ProviderError) {
    const request = error.requestId ? ` x-request-id ${error.requestId}` : "";
    return new Error(`${error.name} ${error.status} ${error.method} ${error.path}${request}`);
  }
  return new Error(`${error.name} ${error.method} ${error.path}`);
}

/**
 * The AppError for a failed provider call, or `error` itself when it is not a
 * provider failure (our own AppErrors, programming errors).
 *
 * - 400/422 → BAD_REQUEST with `reason` and `field` when the provider named one
 * - 404 → NOT_FOUND
 * - 403 → BAD_REQUEST (e.g. "Payer email forbidden": the payer is the seller)
 * - 409/423 → CONFLICT: the same request is already being processed
 * - 429 → TOO_MANY_REQUESTS with Retry-After
 * - 5xx after the client's retries, timeouts, dropped connections →
 *   PROVIDER_UNAVAILABLE: repeating is safe, the idempotency key is the same
 * - 401 → INTERNAL: our credentials are wrong, nothing the shopper can do
 */
export function toShopperError(error: unknown, options: ShopperErrorOptions): unknown {
  if (error instanceof ProviderConnectionError || error instanceof ProviderServerError) {
    return new AppError(
      "PROVIDER_UNAVAILABLE",
      `Mercado Pago did not answer, so we could not ${options.action}. Nothing was charged twice: please try again in a moment.`,
      { reason: "provider_unavailable", retryAfterSeconds: PROVIDER_RETRY_AFTER_SECONDS, cause: safeCause(error) },
    );
  }
  if (!(error instanceof ProviderError)) return error;
  const cause = safeCause(error);
  if (error instanceof ProviderRateLimitError) {
    return new AppError("TOO_MANY_REQUESTS", `Too many requests to Mercado Pago. Please try again in a moment.`, {
      reason: "provider_rate_limited",
      retryAfterSeconds: error.retryAfterSeconds ?? PROVIDER_RETRY_AFTER_SECONDS,
      cause,
    });
  }
  if (error instanceof ProviderConflictError) {
    return new AppError(
      "CONFLICT",
      "This payment is already being processed. Check its status in a moment before trying again.",
      { reason: "payment_in_progress", retryAfterSeconds: PROVIDER_RETRY_AFTER_SECONDS, cause },
    );
  }
  if (error instanceof ProviderNotFoundError) {
    return new AppError("NOT_FOUND", options.notFoundMessage ?? "We could not find that at Mercado Pago.", {
      reason: "not_found",
      cause,
    });
  }
  if (error instanceof ProviderBadRequestError || error instanceof ProviderPermissionError) {
    const providerField = providerFieldOf(error);
    const mapping = providerField ? (options.fields ?? PAYMENT_FIELD_MAPPINGS)[providerField] : undefined;
    const reason = mapping?.reason ?? "provider_rejected_request";
    const message = mapping?.field
      ? `Mercado Pago did not accept this ${describeField(mapping.field)}. Please check it and try again.`
      : `Mercado Pago did not accept the request, so we could not ${options.action}.`;
    return new AppError("BAD_REQUEST", message, {
      reason,
      ...(mapping?.field ? { field: mapping.field } : {}),
      cause,
    });
  }
  if (error instanceof ProviderAuthenticationError) {
    return new AppError(
      "INTERNAL",
      `We could not ${options.action}: the shop's Mercado Pago credentials were refused.`,
      {
        cause,
      },
    );
  }
  return new AppError("INTERNAL", `We could not ${options.action}.`, { cause });
}

const FIELD_WORDS: Readonly<Record<string, string>> = {
  cardToken: "card",
  paymentMethodId: "payment method",
  issuerId: "card issuer",
  installments: "number of installments",
  "payer.email": "e-mail address",
  "payer.identification.type": "document type",
  "payer.identification.number": "document number",
  payerEmail: "e-mail address",
  planId: "plan",
};

function describeField(field: string): string {
  return FIELD_WORDS[field] ?? "information";
}
