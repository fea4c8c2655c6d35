import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type { Claim, ClaimSearchQuery, ClaimSearchResult, ProviderHttpClient } from "./types";

/**
 * Claims (`/post-purchase/v1/claims`): a buyer's claim (mediation) about a purchase, read only
 * (https://www.mercadopago.com.pe/developers/pt/reference/claims/search-claims/get.md,
 * https://mercadopago.cl/developers/en/reference/claims/get-claim-details/get).
 *
 * @example
 * const { data, paging } = await mp.claims.search({ status: "opened", limit: 30, offset: 0 });
 */
export function createClaimsResource(http: ProviderHttpClient) {
  return {
    /** One page of the seller's claims (`{paging, data}`), filtered by any of the query's fields. */
    search(query: ClaimSearchQuery = {}, options?: ProviderRequestOptions): Promise<ClaimSearchResult> {
      return unwrap(http.GET("/post-purchase/v1/claims/search", { params: { query }, ...toFetchOptions(options) }));
    },

    /** Reads one claim. */
    get(claimId: number, options?: ProviderRequestOptions): Promise<Claim> {
      return unwrap(
        http.GET("/post-purchase/v1/claims/{claim_id}", {
          params: { path: { claim_id: claimId } },
          ...toFetchOptions(options),
        }),
      );
    },
  };
}

/** The `claims` resource of the provider client. */
export type ClaimsResource = ReturnType<typeof createClaimsResource>;
