import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type { PaymentMethod, ProviderHttpClient } from "./types";

/**
 * Payment methods (`/v1/payment_methods`) available to the account: card brands with their BIN patterns, Pix,
 * boleto, etc. The list depends on the token's site.
 *
 * @example
 * const methods = await mp.paymentMethods.list();
 */
export function createPaymentMethodsResource(http: ProviderHttpClient) {
  return {
    /** Lists the payment methods (a plain array). */
    list(options?: ProviderRequestOptions): Promise<PaymentMethod[]> {
      return unwrap(http.GET("/v1/payment_methods", { ...toFetchOptions(options) }));
    },
  };
}

/** The `paymentMethods` resource of the provider client. */
export type PaymentMethodsResource = ReturnType<typeof createPaymentMethodsResource>;
