import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type {
  MerchantOrder,
  MerchantOrderRequest,
  MerchantOrderSearchQuery,
  MerchantOrderSearchResult,
  ProviderHttpClient,
} from "./types";

/**
 * Merchant orders (`/merchant_orders`): the provider's grouping of the payments made for one Checkout Pro
 * preference; `order_status` says whether it is paid in full.
 *
 * @example
 * const { elements } = await mp.merchantOrders.search({ preference_id: preference.id });
 */
export function createMerchantOrdersResource(http: ProviderHttpClient) {
  return {
    /** Creates a merchant order. */
    create(body: MerchantOrderRequest, options?: ProviderRequestOptions): Promise<MerchantOrder> {
      return unwrap(http.POST("/merchant_orders", { body, ...toFetchOptions(options) }));
    },

    /** Reads one merchant order. */
    get(merchantOrderId: number, options?: ProviderRequestOptions): Promise<MerchantOrder> {
      return unwrap(
        http.GET("/merchant_orders/{merchantOrderId}", {
          params: { path: { merchantOrderId } },
          ...toFetchOptions(options),
        }),
      );
    },

    /** Changes a merchant order. */
    update(
      merchantOrderId: number,
      body: MerchantOrderRequest,
      options?: ProviderRequestOptions,
    ): Promise<MerchantOrder> {
      return unwrap(
        http.PUT("/merchant_orders/{merchantOrderId}", {
          params: { path: { merchantOrderId } },
          body,
          ...toFetchOptions(options),
        }),
      );
    },

    /** Searches merchant orders (answered as `{elements, next_offset, total}`). */
    search(query: MerchantOrderSearchQuery = {}, options?: ProviderRequestOptions): Promise<MerchantOrderSearchResult> {
      return unwrap(http.GET("/merchant_orders/search", { params: { query }, ...toFetchOptions(options) }));
    },
  };
}

/** The `merchantOrders` resource of the provider client. */
export type MerchantOrdersResource = ReturnType<typeof createMerchantOrdersResource>;
