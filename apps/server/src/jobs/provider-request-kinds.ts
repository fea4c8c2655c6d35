// The reconcile loop's registry: every kind of provider request whose unseen answers the one loop settles
// (domain/provider-requests). A path moved onto the engine adds its kind here, one line.
import { CHECKOUT_PAYMENT_REQUEST } from "../domain/checkout/reconcile-checkout";
import { CHARGEBACK_EVIDENCE_UPLOAD } from "../domain/disputes/upload-chargeback-evidence";
import { PAYMENT_LINK_CREATE } from "../domain/links/create-payment-link";
import { PAYMENT_LINK_CHANGES } from "../domain/links/update-payment-link";
import { MERCHANT_ORDER_CREATE, MERCHANT_ORDER_UPDATE } from "../domain/merchant-orders/merchant-order-write";
import { ORDER_CREATE_REQUEST } from "../domain/orders/create-order";
import { ORDER_ACTION_REQUESTS } from "../domain/orders/order-actions";
import { PAYMENT_ACTION_REQUESTS } from "../domain/payments/payment-action";
import { REFUND_REQUEST } from "../domain/payments/refund-payment";
import type { AnyProviderRequestKind } from "../domain/provider-requests/reconcile-provider-requests";
import { SUBSCRIPTION_REQUESTS } from "../domain/subscriptions/subscription-requests";
import { POINT_INTENT_REQUEST } from "../domain/terminals/point-intents";

export const PROVIDER_REQUEST_KINDS: readonly AnyProviderRequestKind[] = [
  CHECKOUT_PAYMENT_REQUEST,
  REFUND_REQUEST,
  PAYMENT_ACTION_REQUESTS.capture,
  PAYMENT_ACTION_REQUESTS.cancel,
  SUBSCRIPTION_REQUESTS.create,
  SUBSCRIPTION_REQUESTS.change,
  PAYMENT_LINK_CREATE,
  PAYMENT_LINK_CHANGES.update,
  PAYMENT_LINK_CHANGES.expire,
  CHARGEBACK_EVIDENCE_UPLOAD,
  ORDER_CREATE_REQUEST,
  ...Object.values(ORDER_ACTION_REQUESTS),
  POINT_INTENT_REQUEST,
  MERCHANT_ORDER_CREATE,
  MERCHANT_ORDER_UPDATE,
];
