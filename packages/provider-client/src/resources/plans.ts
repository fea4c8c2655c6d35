import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type {
  Plan,
  PlanRequest,
  PlanSearchQuery,
  PlanSearchResult,
  PlanUpdateRequest,
  ProviderHttpClient,
} from "./types";

/**
 * Subscription plans (`/preapproval_plan`): a reusable template (amount, frequency, free trial) that subscriptions
 * follow. Payers subscribe through the plan's `init_point`.
 *
 * @example
 * const plan = await mp.plans.create({
 *   reason: "Monthly box",
 *   back_url: "https://shop.example/thanks",
 *   auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 49.9, currency_id: "BRL" },
 * });
 */
export function createPlansResource(http: ProviderHttpClient) {
  return {
    /** Creates a plan. provider: the create path ends with a slash (`/preapproval_plan/`). */
    create(body: PlanRequest, options?: ProviderRequestOptions): Promise<Plan> {
      return unwrap(http.POST("/preapproval_plan/", { body, ...toFetchOptions(options) }));
    },

    /** Reads one plan. */
    get(id: string, options?: ProviderRequestOptions): Promise<Plan> {
      return unwrap(http.GET("/preapproval_plan/{id}", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /** Changes a plan (only the fields sent). */
    update(id: string, body: PlanUpdateRequest, options?: ProviderRequestOptions): Promise<Plan> {
      return unwrap(http.PUT("/preapproval_plan/{id}", { params: { path: { id } }, body, ...toFetchOptions(options) }));
    },

    /** Searches plans. */
    search(query: PlanSearchQuery = {}, options?: ProviderRequestOptions): Promise<PlanSearchResult> {
      return unwrap(http.GET("/preapproval_plan/search", { params: { query }, ...toFetchOptions(options) }));
    },
  };
}

/** The `plans` resource of the provider client. */
export type PlansResource = ReturnType<typeof createPlansResource>;
