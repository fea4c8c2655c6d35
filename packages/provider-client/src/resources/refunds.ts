import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type { ProviderHttpClient, Refund, RefundCreateRequest } from "./types";

/** Per-call options of the refund methods. */
export interface RefundRequestOptions extends ProviderRequestOptions {
  /**
   * Sends `X-Render-In-Process-Refunds: true`. provider: without it, a Pix refund held in contingency is answered
   * 400; with it, 201 with `status: "in_process"`.
   */
  renderInProcessRefunds?: boolean;
}

function refundHeaders(options: RefundRequestOptions | undefined) {
  return options?.renderInProcessRefunds ? { "X-Render-In-Process-Refunds": "true" as const } : undefined;
}

/**
 * Refunds of a payment (`/v1/payments/{payment_id}/refunds`). provider: the payment must be `approved` and at most
 * 180 days old, and the seller's balance must cover the refund (else 400); several partial refunds may add up to
 * the paid amount.
 *
 * @example
 * await mp.refunds.create(paymentId); // full refund
 * await mp.refunds.create(paymentId, { amount: 50.25 }); // partial refund, major units
 */
export function createRefundsResource(http: ProviderHttpClient) {
  return {
    /** Refunds the whole remaining amount (no `amount`, sent as `{}`) or part of it (`{ amount }`, major units). */
    create(paymentId: number, body: RefundCreateRequest = {}, options?: RefundRequestOptions): Promise<Refund> {
      return unwrap(
        http.POST("/v1/payments/{payment_id}/refunds", {
          params: { path: { payment_id: paymentId }, header: refundHeaders(options) },
          body,
          ...toFetchOptions(options),
        }),
      );
    },

    /** Every refund of a payment, oldest first (`[]` when none). */
    list(paymentId: number, options?: RefundRequestOptions): Promise<Refund[]> {
      // provider: the list path ends with a slash (`/refunds/`), unlike create.
      return unwrap(
        http.GET("/v1/payments/{payment_id}/refunds/", {
          params: { path: { payment_id: paymentId }, header: refundHeaders(options) },
          ...toFetchOptions(options),
        }),
      );
    },

    /** Reads one refund of a payment. */
    get(paymentId: number, refundId: number, options?: RefundRequestOptions): Promise<Refund> {
      return unwrap(
        http.GET("/v1/payments/{payment_id}/refunds/{refund_id}", {
          params: { path: { payment_id: paymentId, refund_id: refundId }, header: refundHeaders(options) },
          ...toFetchOptions(options),
        }),
      );
    },
  };
}

/** The `refunds` resource of the provider client. */
export type RefundsResource = ReturnType<typeof createRefundsResource>;
