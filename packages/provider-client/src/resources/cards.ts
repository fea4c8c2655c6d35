import { type ProviderRequestOptions, toFetchOptions, unwrap } from "../typed-client";
import type { Card, CardRequest, CardUpdateRequest, ProviderHttpClient } from "./types";

/**
 * Saved cards of a customer (`/v1/customers/{customerId}/cards`). Saving takes an unused card token; paying with a
 * saved card takes a new token made from `card_id` + CVV.
 *
 * @example
 * const card = await mp.cards.create(customer.id, { token: cardToken.id });
 */
export function createCardsResource(http: ProviderHttpClient) {
  return {
    /** Saves a card for a customer from an unused card token. */
    create(customerId: string, body: CardRequest, options?: ProviderRequestOptions): Promise<Card> {
      return unwrap(
        http.POST("/v1/customers/{customerId}/cards", {
          params: { path: { customerId } },
          body,
          ...toFetchOptions(options),
        }),
      );
    },

    /** Lists a customer's saved cards (a plain array). */
    list(customerId: string, options?: ProviderRequestOptions): Promise<Card[]> {
      return unwrap(
        http.GET("/v1/customers/{customerId}/cards", { params: { path: { customerId } }, ...toFetchOptions(options) }),
      );
    },

    /** Reads one saved card. */
    get(customerId: string, cardId: string, options?: ProviderRequestOptions): Promise<Card> {
      return unwrap(
        http.GET("/v1/customers/{customerId}/cards/{cardId}", {
          params: { path: { customerId, cardId } },
          ...toFetchOptions(options),
        }),
      );
    },

    /** Changes a saved card's expiry or holder, or replaces it with a new token. */
    update(
      customerId: string,
      cardId: string,
      body: CardUpdateRequest,
      options?: ProviderRequestOptions,
    ): Promise<Card> {
      return unwrap(
        http.PUT("/v1/customers/{customerId}/cards/{cardId}", {
          params: { path: { customerId, cardId } },
          body,
          ...toFetchOptions(options),
        }),
      );
    },

    /** Deletes a saved card; resolves with the deleted card. */
    remove(customerId: string, cardId: string, options?: ProviderRequestOptions): Promise<Card> {
      return unwrap(
        http.DELETE("/v1/customers/{customerId}/cards/{cardId}", {
          params: { path: { customerId, cardId } },
          ...toFetchOptions(options),
        }),
      );
    },
  };
}

/** The `cards` resource of the provider client. */
export type CardsResource = ReturnType<typeof createCardsResource>;
