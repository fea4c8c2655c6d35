// Where the scenarios' expectations come from. An official SDK's test is cited
// as `mercadopago/<repo> <path>:<line>` (the line of the assertion); a page of
// the provider's developer reference or docs as `docs: <url>`.

/** `mercadopago/<repo> <path>:<line>`. */
export function sdk(
  repo: "sdk-nodejs" | "sdk-go" | "sdk-java" | "sdk-python" | "sdk-php" | "sdk-dotnet" | "sdk-ruby",
  path: string,
  line: number,
): string {
  return `mercadopago/${repo} ${path}:${line}`;
}

const REF = "https://www.mercadopago.com.ar/developers/en/reference";
const DOCS = "https://www.mercadopago.com.ar/developers/en/docs";

/** Developer reference and docs pages the scenarios cite. */
export const DOC = {
  paymentsCreate: `docs: ${REF}/payments/_payments/post`,
  paymentsGet: `docs: ${REF}/payments/_payments_id/get`,
  paymentsUpdate: `docs: ${REF}/payments/_payments_id/put`,
  paymentsSearch: `docs: ${REF}/payments/_payments_search/get`,
  refunds: `docs: ${REF}/chargebacks/_payments_id_refunds/post`,
  refundsAndCancellations: `docs: ${DOCS}/checkout-api/payment-management/cancellations-and-refunds`,
  capture: `docs: ${DOCS}/checkout-api/payment-management/make-value-reserve`,
  testCards: `docs: ${DOCS}/checkout-api/integration-test/test-cards`,
  idempotencyNews:
    "docs: https://mercadopago.com.br/developers/en/news/2023/01/04/Idempotency-key-usage-will-be-mandatory",
  paymentStatus: `docs: ${DOCS}/checkout-api/response-handling/collection-results`,
  preferences: `docs: ${REF}/preferences/_checkout_preferences/post`,
  preferencesSearch: `docs: ${REF}/preferences/_checkout_preferences_search/get`,
  customers: `docs: ${REF}/customers/_customers/post`,
  customersSearch: `docs: ${REF}/customers/_customers_search/get`,
  cards: `docs: ${REF}/cards/_customers_customer_id_cards/post`,
  cardTokens: `docs: ${REF}/card_tokens/_card_tokens/post`,
  orders: `docs: ${REF}/orders/online-payments/create/post`,
  ordersErrors:
    "docs: https://www.mercadopago.com.br/developers/en/docs/checkout-api-orders/payment-management/integration-errors",
  ordersStatus: "docs: https://www.mercadopago.com.br/developers/en/docs/checkout-api-orders/payment-management/status",
  merchantOrders: `docs: ${REF}/merchant_orders/_merchant_orders/post`,
  plans: `docs: ${REF}/subscriptions/_preapproval_plan/post`,
  subscriptions: `docs: ${REF}/subscriptions/_preapproval/post`,
  subscriptionsUpdate: `docs: ${REF}/subscriptions/_preapproval_id/put`,
  invoices: `docs: ${REF}/subscriptions/_authorized_payments_search/get`,
  oauth: `docs: ${REF}/oauth/_oauth_token/post`,
  usersMe: `docs: ${REF}/online-payments/users/_users_me/get`,
  paymentMethods: `docs: ${REF}/payment_methods/_payment_methods/get`,
  identificationTypes: `docs: ${REF}/identification_types/_identification_types/get`,
  point: `docs: ${REF}/integrations_api_paymentintent_mla/_point_integration-api_devices_deviceid_payment-intents/post`,
  pointDevices: `docs: ${REF}/integrations_api/_point_integration-api_devices/get`,
  webhooks: `docs: ${DOCS}/your-integrations/notifications/webhooks`,
} as const;
