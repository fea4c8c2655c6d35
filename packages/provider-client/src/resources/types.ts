/**
 * Short names for the generated schema and parameter types, so callers write `Payment` instead of
 * `components["schemas"]["Payment"]`. Every alias points at `src/generated/provider-api.ts`; none is hand-written.
 */

import type { components, operations, paths } from "../generated/provider-api";
import type { TypedClient } from "../typed-client";

/** The openapi-fetch client typed with the provider's generated `paths`, shared by every resource module. */
export type ProviderHttpClient = TypedClient<paths>;

type Schemas = components["schemas"];

/** `T` with `Keys` made optional. */
export type WithOptional<T, Keys extends keyof T> = Omit<T, Keys> & Partial<Pick<T, Keys>>;

/** The query parameters of a generated operation (without the `undefined` of an all-optional query). */
export type QueryOf<Operation extends keyof operations> = NonNullable<operations[Operation]["parameters"]["query"]>;

// Shared
export type CurrencyId = Schemas["CurrencyId"];
export type SiteId = Schemas["SiteId"];
export type Paging = Schemas["Paging"];
export type Identification = Schemas["Identification"];
export type Address = Schemas["Address"];
export type Phone = Schemas["Phone"];
export type ClassicErrorSchema = Schemas["ClassicError"];
export type OrdersErrorSchema = Schemas["OrdersError"];

// Payments
export type Payment = Schemas["Payment"];
export type PaymentStatus = Schemas["PaymentStatus"];
export type PaymentStatusDetail = Schemas["PaymentStatusDetail"];
export type PaymentTypeId = Schemas["PaymentTypeId"];
/**
 * The generated `PaymentCreateRequest` marks `capture` and `binary_mode` required because they have a `default`
 * (openapi-typescript's `defaultNonNullable`); the provider applies the default when they are omitted, so they are
 * optional here and `payments.create` fills them in.
 */
export type PaymentCreateRequest = WithOptional<Schemas["PaymentCreateRequest"], "capture" | "binary_mode">;
export type PaymentCaptureRequest = Schemas["PaymentCaptureRequest"];
export type PaymentCancelRequest = Schemas["PaymentCancelRequest"];
export type PaymentUpdateRequest = Schemas["PaymentUpdateRequest"];
export type PaymentSearchResult = Schemas["PaymentSearchResult"];
export type PaymentSearchQuery = QueryOf<"searchPayments">;

// Refunds
export type Refund = Schemas["Refund"];
export type RefundStatus = Schemas["RefundStatus"];
export type RefundCreateRequest = Schemas["RefundCreateRequest"];

// Payment methods and identification types
export type PaymentMethod = Schemas["PaymentMethod"];
export type IdentificationType = Schemas["IdentificationType"];

// Checkout Pro preferences
export type Preference = Schemas["Preference"];
export type PreferenceItem = Schemas["PreferenceItem"];
/** Like `PaymentCreateRequest`: `expires` and `binary_mode` have defaults, so they are optional on create. */
export type PreferenceRequest = WithOptional<Schemas["PreferenceRequest"], "expires" | "binary_mode">;
export type PreferenceUpdateRequest = Schemas["PreferenceUpdateRequest"];
export type PreferenceSearchResult = Schemas["PreferenceSearchResult"];
export type PreferenceSearchQuery = QueryOf<"searchPreferences">;

// Card tokens
export type CardToken = Schemas["CardToken"];
export type CardTokenRequest = Schemas["CardTokenRequest"];

// Customers and saved cards
export type Customer = Schemas["Customer"];
export type CustomerRequest = Schemas["CustomerRequest"];
export type CustomerUpdateRequest = Schemas["CustomerUpdateRequest"];
export type CustomerSearchResult = Schemas["CustomerSearchResult"];
export type CustomerSearchQuery = QueryOf<"searchCustomers">;
export type Card = Schemas["Card"];
export type CardRequest = Schemas["CardRequest"];
export type CardUpdateRequest = Schemas["CardUpdateRequest"];

// Orders API
export type Order = Schemas["Order"];
export type OrderStatus = Schemas["OrderStatus"];
export type OrderCreateRequest = Schemas["OrderCreateRequest"];
export type OrderRefundRequest = Schemas["OrderRefundRequest"];
export type OrderPayment = Schemas["OrderPayment"];
export type OrderPaymentRequest = Schemas["OrderPaymentRequest"];
export type OrderPaymentUpdateRequest = Schemas["OrderPaymentUpdateRequest"];
export type OrderTransactionsRequest = Schemas["OrderTransactionsRequest"];
export type OrderTransactionsResult = Schemas["OrderTransactionsResult"];
export type OrderDeclinedError = Schemas["OrderDeclinedError"];

// Merchant orders
export type MerchantOrder = Schemas["MerchantOrder"];
export type MerchantOrderRequest = Schemas["MerchantOrderRequest"];
export type MerchantOrderSearchResult = Schemas["MerchantOrderSearchResult"];
export type MerchantOrderSearchQuery = QueryOf<"searchMerchantOrders">;

// Subscriptions
export type Plan = Schemas["Plan"];
export type PlanRequest = Schemas["PlanRequest"];
export type PlanUpdateRequest = Schemas["PlanUpdateRequest"];
export type PlanSearchResult = Schemas["PlanSearchResult"];
export type PlanSearchQuery = QueryOf<"searchPlans">;
export type Subscription = Schemas["Subscription"];
export type SubscriptionStatus = Schemas["SubscriptionStatus"];
export type SubscriptionRequest = Schemas["SubscriptionRequest"];
export type SubscriptionUpdateRequest = Schemas["SubscriptionUpdateRequest"];
export type SubscriptionSearchResult = Schemas["SubscriptionSearchResult"];
export type SubscriptionSearchQuery = QueryOf<"searchSubscriptions">;
export type AuthorizedPayment = Schemas["AuthorizedPayment"];
export type AuthorizedPaymentSearchResult = Schemas["AuthorizedPaymentSearchResult"];
export type AuthorizedPaymentSearchQuery = QueryOf<"searchAuthorizedPayments">;

// Account and OAuth
export type User = Schemas["User"];
export type OAuthToken = Schemas["OAuthToken"];
export type OAuthTokenRequest = Schemas["OAuthTokenRequest"];

// Point
export type PointDevice = Schemas["PointDevice"];
export type DeviceList = Schemas["DeviceList"];
export type DeviceListQuery = QueryOf<"listDevices">;
export type OperatingMode = Schemas["OperatingMode"];
export type OperatingModeValue = Schemas["OperatingModeValue"];
export type PaymentIntent = Schemas["PaymentIntent"];
export type PaymentIntentState = Schemas["PaymentIntentState"];
export type PaymentIntentRequest = Schemas["PaymentIntentRequest"];
export type PaymentIntentCancelResult = Schemas["PaymentIntentCancelResult"];
export type PaymentIntentStatus = Schemas["PaymentIntentStatus"];
export type PaymentIntentEventList = Schemas["PaymentIntentEventList"];
export type PaymentIntentEventsQuery = QueryOf<"listPaymentIntentEvents">;

// Chargebacks and claims
export type Chargeback = Schemas["Chargeback"];
export type ChargebackDocumentationStatus = Schemas["ChargebackDocumentationStatus"];
export type Claim = Schemas["Claim"];
export type ClaimSearchResult = Schemas["ClaimSearchResult"];
export type ClaimSearchQuery = QueryOf<"searchClaims">;
