// The reconcile loop's registry: every kind of provider request whose unseen answers the one loop settles
// (domain/provider-requests). A path moved onto the engine adds its kind here, one line.
import { PAYMENT_ACTION_REQUESTS } from "../domain/payments/payment-action";
import { REFUND_REQUEST } from "../domain/payments/refund-payment";
import type { AnyProviderRequestKind } from "../domain/provider-requests/reconcile-provider-requests";

export const PROVIDER_REQUEST_KINDS: readonly AnyProviderRequestKind[] = [
  REFUND_REQUEST,
  PAYMENT_ACTION_REQUESTS.capture,
  PAYMENT_ACTION_REQUESTS.cancel,
];
