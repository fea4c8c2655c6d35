// Every resource group of provider-operations.tsv registers its routes here.

import { registerBrowserApiRoutes } from "../browser-sdk/browser-api";
import { registerBrowserSdkRoutes } from "../browser-sdk/sdk-routes";
import { registerCheckoutRoutes } from "../checkout/checkout-routes";
import { registerSubscriptionCheckoutRoutes } from "../checkout/subscription-checkout";
import type { RegisterRoutes } from "../context";
import { registerAccountRoutes } from "./account";
import { registerAuthorizedPaymentsRoutes } from "./authorized-payments";
import { registerCardTokensRoutes } from "./card-tokens";
import { registerCardsRoutes } from "./cards";
import { registerChargebacksRoutes } from "./chargebacks";
import { registerClaimsRoutes } from "./claims";
import { registerCustomersRoutes } from "./customers";
import { registerIdentificationTypesRoutes } from "./identification-types";
import { registerMerchantOrdersRoutes } from "./merchant-orders";
import { registerMethodLogoRoutes } from "./method-logos";
import { registerOauthRoutes } from "./oauth";
import { registerOrderTransactionsRoutes } from "./order-transactions";
import { registerOrdersRoutes } from "./orders";
import { registerPaymentMethodsRoutes } from "./payment-methods";
import { registerPaymentsRoutes } from "./payments";
import { registerPlansRoutes } from "./plans";
import { registerPointRoutes } from "./point";
import { registerPreferencesRoutes } from "./preferences";
import { registerRefundsRoutes } from "./refunds";
import { registerSubscriptionsRoutes } from "./subscriptions";

export const RESOURCE_ROUTES: RegisterRoutes[] = [
  registerAccountRoutes,
  registerAuthorizedPaymentsRoutes,
  registerCardTokensRoutes,
  registerCardsRoutes,
  registerChargebacksRoutes,
  registerClaimsRoutes,
  registerCustomersRoutes,
  registerIdentificationTypesRoutes,
  registerMerchantOrdersRoutes,
  registerMethodLogoRoutes,
  registerOauthRoutes,
  registerOrderTransactionsRoutes,
  registerOrdersRoutes,
  registerPaymentMethodsRoutes,
  registerPaymentsRoutes,
  registerPlansRoutes,
  registerPointRoutes,
  registerPreferencesRoutes,
  registerRefundsRoutes,
  registerSubscriptionsRoutes,
  registerCheckoutRoutes,
  registerSubscriptionCheckoutRoutes,
  registerBrowserSdkRoutes,
  registerBrowserApiRoutes,
];
