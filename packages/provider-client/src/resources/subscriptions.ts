import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type {
  ProviderHttpClient,
  Subscription,
  SubscriptionRequest,
  SubscriptionSearchQuery,
  SubscriptionSearchResult,
  SubscriptionUpdateRequest,
} from "./types";

/**
 * Subscriptions (`/preapproval`): recurring charges to one payer, with or without a plan. Statuses: `pending` (no
 * payment method yet), `authorized` (charging), `paused`, `cancelled` (irreversible).
 *
 * @example
 * await mp.subscriptions.pause(subscription.id);
 * await mp.subscriptions.resume(subscription.id);
 */
export function createSubscriptionsResource(http: ProviderHttpClient) {
  function update(id: string, body: SubscriptionUpdateRequest, options?: ProviderRequestOptions) {
    return unwrap(http.PUT("/preapproval/{id}", { params: { path: { id } }, body, ...toFetchOptions(options) }));
  }

  return {
    /**
     * Creates a subscription. provider: without a plan, `status: "authorized"` needs `card_token_id`;
     * `status: "pending"` answers an `init_point` for the payer. The create path ends with a slash.
     */
    create(body: SubscriptionRequest, options?: ProviderRequestOptions): Promise<Subscription> {
      return unwrap(http.POST("/preapproval/", { body, ...toFetchOptions(options) }));
    },

    /** Reads one subscription. */
    get(id: string, options?: ProviderRequestOptions): Promise<Subscription> {
      return unwrap(http.GET("/preapproval/{id}", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /** Changes status, amount, card, reason or references. provider: the frequency cannot change. */
    update(id: string, body: SubscriptionUpdateRequest, options?: ProviderRequestOptions): Promise<Subscription> {
      return update(id, body, options);
    },

    /** Searches subscriptions. */
    search(query: SubscriptionSearchQuery = {}, options?: ProviderRequestOptions): Promise<SubscriptionSearchResult> {
      return unwrap(http.GET("/preapproval/search", { params: { query }, ...toFetchOptions(options) }));
    },

    /** Suspends charging (`status: "paused"`); `resume` restarts it. */
    pause(id: string, options?: ProviderRequestOptions): Promise<Subscription> {
      return update(id, { status: "paused" }, options);
    },

    /** Restarts charging of a paused subscription (`status: "authorized"`). */
    resume(id: string, options?: ProviderRequestOptions): Promise<Subscription> {
      return update(id, { status: "authorized" }, options);
    },

    /** Ends the subscription (`status: "cancelled"`). provider: irreversible. */
    cancel(id: string, options?: ProviderRequestOptions): Promise<Subscription> {
      return update(id, { status: "cancelled" }, options);
    },
  };
}

/** The `subscriptions` resource of the provider client. */
export type SubscriptionsResource = ReturnType<typeof createSubscriptionsResource>;
