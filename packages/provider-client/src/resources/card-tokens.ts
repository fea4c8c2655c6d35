import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type { CardToken, CardTokenRequest, ProviderHttpClient } from "./types";

/**
 * Card tokens (`/v1/card_tokens`): a single-use token for raw card data or for a saved card (`card_id` + CVV).
 * In production the browser creates tokens with the public key; server-side creation is for tests and saved cards.
 *
 * @example
 * const token = await mp.cardTokens.create({ card_id: card.id, security_code: "123" });
 */
export function createCardTokensResource(http: ProviderHttpClient) {
  return {
    /** Creates a card token. */
    create(body: CardTokenRequest, options?: ProviderRequestOptions): Promise<CardToken> {
      return unwrap(http.POST("/v1/card_tokens", { body, ...toFetchOptions(options) }));
    },
  };
}

/** The `cardTokens` resource of the provider client. */
export type CardTokensResource = ReturnType<typeof createCardTokensResource>;
