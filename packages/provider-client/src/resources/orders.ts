import { type NoContentResult, type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type {
  Order,
  OrderCreateRequest,
  OrderPayment,
  OrderPaymentUpdateRequest,
  OrderRefundRequest,
  OrderTransactionsRequest,
  OrderTransactionsResult,
  ProviderHttpClient,
} from "./types";

/**
 * Orders API (`/v1/orders`) and its transactions. Amounts are decimal strings (`"100.00"`). provider: every write
 * needs an idempotency key (the transport always sends one); a declined payment is answered 402 and rejects with
 * `ProviderPaymentRequiredError`, whose `data` is the failed order.
 *
 * @example
 * const order = await mp.orders.create(body, { idempotencyKey: `order-${cartId}` });
 * if (order.status === "action_required") await mp.orders.capture(order.id);
 */
export function createOrdersResource(http: ProviderHttpClient) {
  return {
    /** Creates an order (processed at once with `processing_mode: "automatic"`). */
    create(body: OrderCreateRequest, options?: ProviderRequestOptions): Promise<Order> {
      return unwrap(http.POST("/v1/orders", { body, ...toFetchOptions(options) }));
    },

    /** Reads one order. */
    get(id: string, options?: ProviderRequestOptions): Promise<Order> {
      return unwrap(http.GET("/v1/orders/{id}", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /** Processes an order created with `processing_mode: "manual"`. Sends no body. */
    process(id: string, options?: ProviderRequestOptions): Promise<Order> {
      return unwrap(http.POST("/v1/orders/{id}/process", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /** Captures an order created with `capture_mode: "manual"`. provider: full capture only. Sends no body. */
    capture(id: string, options?: ProviderRequestOptions): Promise<Order> {
      return unwrap(http.POST("/v1/orders/{id}/capture", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /** Cancels an order that was not processed or captured yet (releases a reservation). Sends no body. */
    cancel(id: string, options?: ProviderRequestOptions): Promise<Order> {
      return unwrap(http.POST("/v1/orders/{id}/cancel", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /**
     * Refunds an order: without `body` (sent with no body) the whole order; with
     * `{ transactions: [{ id, amount: "50.00" }] }` part of a payment transaction.
     */
    refund(id: string, body?: OrderRefundRequest, options?: ProviderRequestOptions): Promise<Order> {
      return unwrap(
        http.POST("/v1/orders/{id}/refund", { params: { path: { id } }, body, ...toFetchOptions(options) }),
      );
    },

    /**
     * Adds the payment of an order created with `processing_mode: "manual"`. provider: an order holds one payment
     * at most (400 `exceeded_number_of_transactions`).
     */
    createTransactions(
      id: string,
      body: OrderTransactionsRequest,
      options?: ProviderRequestOptions,
    ): Promise<OrderTransactionsResult> {
      return unwrap(
        http.POST("/v1/orders/{id}/transactions", { params: { path: { id } }, body, ...toFetchOptions(options) }),
      );
    },

    /** Changes the amount and/or payment method of a payment transaction not processed yet. */
    updateTransaction(
      id: string,
      transactionId: string,
      body: OrderPaymentUpdateRequest,
      options?: ProviderRequestOptions,
    ): Promise<OrderPayment> {
      return unwrap(
        http.PUT("/v1/orders/{id}/transactions/{transactionId}", {
          params: { path: { id, transactionId } },
          body,
          ...toFetchOptions(options),
        }),
      );
    },

    /** Removes a payment transaction not processed yet. provider: answered 204, so this resolves `{status, headers}`. */
    deleteTransaction(id: string, transactionId: string, options?: ProviderRequestOptions): Promise<NoContentResult> {
      return unwrap(
        http.DELETE("/v1/orders/{id}/transactions/{transactionId}", {
          params: { path: { id, transactionId } },
          ...toFetchOptions(options),
        }),
      );
    },
  };
}

/** The `orders` resource of the provider client. */
export type OrdersResource = ReturnType<typeof createOrdersResource>;
