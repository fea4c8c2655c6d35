/**
 * Public API of `@cobro/provider-client`: the resource client, its options, typed errors, webhook signatures,
 * money helpers, the transport policy functions and short aliases of the generated provider types.
 */

// Client and resources
export { createProviderClient, type ProviderClient } from "./client";
// Errors
export {
  type ClassicErrorBody,
  type ClassicErrorCause,
  createProviderError,
  createProviderErrorFromResponse,
  describeErrorBody,
  errorCodeOf,
  isClassicErrorBody,
  isLegacyErrorBody,
  isOrdersErrorBody,
  type LegacyErrorBody,
  type OrdersErrorBody,
  type OrdersErrorItem,
  ProviderAuthenticationError,
  ProviderBadRequestError,
  type ProviderCallContext,
  ProviderConflictError,
  ProviderConnectionError,
  type ProviderConnectionErrorInit,
  ProviderError,
  type ProviderErrorClass,
  type ProviderErrorInit,
  ProviderNotFoundError,
  ProviderPaymentRequiredError,
  ProviderPermissionError,
  ProviderRateLimitError,
  ProviderServerError,
  ProviderTimeoutError,
  type ProviderTimeoutErrorInit,
  parseErrorBody,
  parseRetryAfterSeconds,
  providerErrorClassForStatus,
  redactSecrets,
  redactValue,
} from "./errors";
export type {
  components,
  operations,
  paths,
} from "./generated/provider-api";
// Money
export {
  CURRENCY_DECIMALS,
  CURRENCY_DEFAULT_LOCALE,
  type CurrencyCode,
  currencyDecimals,
  formatMoney,
  fromMinorUnits,
  fromPointCents,
  isSupportedCurrency,
  sumMinorUnits,
  toDecimalString,
  toMinorUnits,
  toPointCents,
} from "./money";
export type { AccountResource } from "./resources/account";
export type { AuthorizedPaymentsResource } from "./resources/authorized-payments";
export type { CardTokensResource } from "./resources/card-tokens";
export type { CardsResource } from "./resources/cards";
export type { ChargebackEvidenceFile, ChargebacksResource } from "./resources/chargebacks";
export type { ClaimsResource } from "./resources/claims";
export type { CustomersResource } from "./resources/customers";
export type { IdentificationTypesResource } from "./resources/identification-types";
export type { MerchantOrdersResource } from "./resources/merchant-orders";
export {
  type AuthorizationUrlInput,
  buildAuthorizationUrl,
  DEFAULT_AUTHORIZATION_BASE_URL,
  type ExchangeCodeInput,
  type OAuthResource,
  type RefreshTokenInput,
} from "./resources/oauth";
export type { OrdersResource } from "./resources/orders";
export type { PaymentMethodsResource } from "./resources/payment-methods";
export type { PaymentsResource } from "./resources/payments";
export type { PlansResource } from "./resources/plans";
export type { PointResource } from "./resources/point";
export type { PreferencesResource } from "./resources/preferences";
export type { RefundRequestOptions, RefundsResource } from "./resources/refunds";
export type { SubscriptionsResource } from "./resources/subscriptions";
// Schema aliases (`Payment`, `PaymentCreateRequest`, `Order`, `Preference`, …) and `ProviderHttpClient`.
export type * from "./resources/types";
// Transport policy
export {
  type CallEndInfo,
  createProviderFetch,
  DEFAULT_BACKOFF_BASE_MS,
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  type FetchFunction,
  IDEMPOTENCY_KEY_HEADER,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  needsIdempotencyKey,
  type ProviderClientOptions,
  type ProviderFetch,
  prepareProviderRequest,
  REQUEST_ID_HEADER,
  type ResolvedTransportOptions,
  type RetryDecisionInput,
  type RetryInfo,
  resolveTransportOptions,
  retryDelayMs,
  type SleepFunction,
  shouldRetry,
  sleepWithSignal,
} from "./transport";
// Options and the typed openapi-fetch layer
export {
  createTypedClient,
  type FetchResultLike,
  type NoContentResult,
  type ProviderFetchOptions,
  type ProviderRequestOptions,
  type SuccessData,
  type TypedClient,
  toFetchOptions,
  type Unwrapped,
  unwrap,
} from "./typed-client";
// Webhook signatures
export {
  buildWebhookManifest,
  computeWebhookSignature,
  type SignWebhookInput,
  signWebhook,
  type VerifyWebhookSignatureInput,
  verifyWebhookSignature,
  type WebhookManifestParts,
  type WebhookSignatureFailureReason,
  type WebhookSignatureResult,
} from "./webhook-signature";
