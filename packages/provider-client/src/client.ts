import type { paths } from "./generated/provider-api";
import { createAccountResource } from "./resources/account";
import { createAuthorizedPaymentsResource } from "./resources/authorized-payments";
import { createCardTokensResource } from "./resources/card-tokens";
import { createCardsResource } from "./resources/cards";
import { createChargebacksResource } from "./resources/chargebacks";
import { createClaimsResource } from "./resources/claims";
import { createCustomersResource } from "./resources/customers";
import { createIdentificationTypesResource } from "./resources/identification-types";
import { createMerchantOrdersResource } from "./resources/merchant-orders";
import { createOAuthResource } from "./resources/oauth";
import { createOrdersResource } from "./resources/orders";
import { createPaymentMethodsResource } from "./resources/payment-methods";
import { createPaymentsResource } from "./resources/payments";
import { createPlansResource } from "./resources/plans";
import { createPointResource } from "./resources/point";
import { createPreferencesResource } from "./resources/preferences";
import { createRefundsResource } from "./resources/refunds";
import { createSubscriptionsResource } from "./resources/subscriptions";
import type { ProviderClientOptions } from "./transport";
import { createTypedClient } from "./typed-client";

/**
 * Creates the Mercado Pago client: one object per provider resource (`payments`, `refunds`, `orders`, …) whose
 * methods take typed bodies and parameters, then optional per-call options `{ idempotencyKey?, signal?,
 * accessToken? }`, and resolve with the typed response body (`{ status, headers }` for a 204) or reject with a
 * typed error (`ProviderError` subclasses, `ProviderTimeoutError`, `ProviderConnectionError`). `http` is the
 * underlying openapi-fetch client for calls the resources do not wrap. Options are validated here, so a missing
 * token throws at once.
 *
 * @example
 * const mp = createProviderClient({ accessToken: env.MP_ACCESS_TOKEN });
 * const payment = await mp.payments.create(
 *   { transaction_amount: 149.9, token, installments: 1, payment_method_id: "visa", payer: { email } },
 *   { idempotencyKey: `checkout-${orderId}` },
 * );
 * await mp.refunds.create(payment.id, { amount: 50 });
 */
export function createProviderClient(options: ProviderClientOptions) {
  const http = createTypedClient<paths>(options);
  return {
    payments: createPaymentsResource(http),
    refunds: createRefundsResource(http),
    paymentMethods: createPaymentMethodsResource(http),
    identificationTypes: createIdentificationTypesResource(http),
    preferences: createPreferencesResource(http),
    cardTokens: createCardTokensResource(http),
    customers: createCustomersResource(http),
    cards: createCardsResource(http),
    orders: createOrdersResource(http),
    merchantOrders: createMerchantOrdersResource(http),
    plans: createPlansResource(http),
    subscriptions: createSubscriptionsResource(http),
    authorizedPayments: createAuthorizedPaymentsResource(http),
    account: createAccountResource(http),
    oauth: createOAuthResource(http),
    point: createPointResource(http),
    chargebacks: createChargebacksResource(http),
    claims: createClaimsResource(http),
    http,
  };
}

/** The object `createProviderClient` returns. */
export type ProviderClient = ReturnType<typeof createProviderClient>;
