import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type {
  AuthorizedPayment,
  AuthorizedPaymentSearchQuery,
  AuthorizedPaymentSearchResult,
  ProviderHttpClient,
} from "./types";

/**
 * Authorized payments (`/authorized_payments`): the scheduled charges (invoices) of a subscription, each linking
 * to the payment it produced.
 *
 * @example
 * const { results } = await mp.authorizedPayments.search({ preapproval_id: subscription.id });
 */
export function createAuthorizedPaymentsResource(http: ProviderHttpClient) {
  return {
    /** Reads one subscription charge. */
    get(id: number, options?: ProviderRequestOptions): Promise<AuthorizedPayment> {
      return unwrap(http.GET("/authorized_payments/{id}", { params: { path: { id } }, ...toFetchOptions(options) }));
    },

    /** Searches subscription charges, e.g. by `preapproval_id`. */
    search(
      query: AuthorizedPaymentSearchQuery = {},
      options?: ProviderRequestOptions,
    ): Promise<AuthorizedPaymentSearchResult> {
      return unwrap(http.GET("/authorized_payments/search", { params: { query }, ...toFetchOptions(options) }));
    },
  };
}

/** The `authorizedPayments` resource of the provider client. */
export type AuthorizedPaymentsResource = ReturnType<typeof createAuthorizedPaymentsResource>;
