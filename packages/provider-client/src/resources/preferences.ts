import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type {
  Preference,
  PreferenceRequest,
  PreferenceSearchQuery,
  PreferenceSearchResult,
  PreferenceUpdateRequest,
  ProviderHttpClient,
} from "./types";

/**
 * Checkout Pro preferences (`/checkout/preferences`): what the buyer pays on the provider's hosted checkout. Send
 * the buyer to `init_point` (`sandbox_init_point` with test credentials).
 *
 * @example
 * const preference = await mp.preferences.create({ items: [{ title: "Mug", quantity: 1, unit_price: 25 }] });
 */
export function createPreferencesResource(http: ProviderHttpClient) {
  return {
    /** Creates a preference. provider: the create path ends with a slash (`/checkout/preferences/`). */
    create(body: PreferenceRequest, options?: ProviderRequestOptions): Promise<Preference> {
      return unwrap(http.POST("/checkout/preferences/", { body, ...toFetchOptions(options) }));
    },

    /** Reads one preference. */
    get(id: string, options?: ProviderRequestOptions): Promise<Preference> {
      return unwrap(http.GET("/checkout/preferences/{id}", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /** Changes a preference (only the fields sent). */
    update(id: string, body: PreferenceUpdateRequest, options?: ProviderRequestOptions): Promise<Preference> {
      return unwrap(
        http.PUT("/checkout/preferences/{id}", { params: { path: { id } }, body, ...toFetchOptions(options) }),
      );
    },

    /** Searches preferences (summaries, not whole preferences). */
    search(query: PreferenceSearchQuery = {}, options?: ProviderRequestOptions): Promise<PreferenceSearchResult> {
      return unwrap(http.GET("/checkout/preferences/search", { params: { query }, ...toFetchOptions(options) }));
    },
  };
}

/** The `preferences` resource of the provider client. */
export type PreferencesResource = ReturnType<typeof createPreferencesResource>;
