import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type {
  Payment,
  PaymentCaptureRequest,
  PaymentCreateRequest,
  PaymentSearchQuery,
  PaymentSearchResult,
  ProviderHttpClient,
} from "./types";

/**
 * Payments (`/v1/payments`): create, read, search, capture a reserved amount and cancel. Amounts are JSON numbers
 * in major units (`149.9`), not minor units; convert with the money helpers.
 *
 * @example
 * const payment = await mp.payments.create(body, { idempotencyKey: `checkout-${orderId}` });
 * await mp.payments.capture(payment.id, 80);
 */
export function createPaymentsResource(http: ProviderHttpClient) {
  return {
    /** Reads one payment. */
    get(id: number, options?: ProviderRequestOptions): Promise<Payment> {
      return unwrap(http.GET("/v1/payments/{id}", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /** Creates a payment (answered 201 whether it was approved, pending or rejected: check `status`). */
    create(body: PaymentCreateRequest, options?: ProviderRequestOptions): Promise<Payment> {
      return unwrap(http.POST("/v1/payments", { body, ...toFetchOptions(options) }));
    },

    /**
     * Searches payments. provider: the search index can lag behind `get` for a payment created seconds ago.
     */
    search(query: PaymentSearchQuery = {}, options?: ProviderRequestOptions): Promise<PaymentSearchResult> {
      return unwrap(http.GET("/v1/payments/search", { params: { query }, ...toFetchOptions(options) }));
    },

    /**
     * Captures an `authorized` payment (created with `capture: false`): in full, or `amount` (major units, lower
     * than the reserved amount). provider: the reservation lapses 5 to 7 days after creation.
     */
    capture(id: number, amount?: number, options?: ProviderRequestOptions): Promise<Payment> {
      const body: PaymentCaptureRequest = { capture: true };
      if (amount !== undefined) body.transaction_amount = amount;
      return unwrap(http.PUT("/v1/payments/{id}", { params: { path: { id } }, body, ...toFetchOptions(options) }));
    },

    /**
     * Cancels a `pending`, `in_process` or `authorized` payment. provider: the body must be `{status: "cancelled"}`
     * alone; approved payments are refunded instead, and QR/Point payments cannot be cancelled.
     */
    cancel(id: number, options?: ProviderRequestOptions): Promise<Payment> {
      return unwrap(
        http.PUT("/v1/payments/{id}", {
          params: { path: { id } },
          body: { status: "cancelled" },
          ...toFetchOptions(options),
        }),
      );
    },
  };
}

/** The `payments` resource of the provider client. */
export type PaymentsResource = ReturnType<typeof createPaymentsResource>;
