// One of the signed-in shopper's saved cards, checked to be theirs: the card is
// read under the shopper's own provider customer, so a card id of anyone
// else's customer is simply not found there. Never trusts the browser's word.
import { ProviderNotFoundError } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";
import { findProviderCustomerId } from "./ensure-provider-customer";

const CARD_NOT_FOUND = "We could not find that saved card in your account.";

/** The shopper's provider customer id and the card, or NOT_FOUND naming `field`. */
export async function findOwnSavedCard(options: {
  deps: Pick<AppDeps, "db" | "provider">;
  userId: string;
  cardId: string;
  /** The input field the card id came in, named by the error. */
  field: string;
}): Promise<{ customerId: string; paymentMethodId: string | null }> {
  const { deps, userId, cardId, field } = options;
  const customerId = await findProviderCustomerId({ deps, userId });
  if (!customerId) throw new AppError("NOT_FOUND", CARD_NOT_FOUND, { field, reason: "card_not_found" });
  try {
    const card = await deps.provider.cards.get(customerId, cardId);
    if (card.customer_id && card.customer_id !== customerId) {
      throw new AppError("NOT_FOUND", CARD_NOT_FOUND, { field, reason: "card_not_found" });
    }
    return { customerId, paymentMethodId: card.payment_method?.id ?? null };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ProviderNotFoundError) {
      throw new AppError("NOT_FOUND", CARD_NOT_FOUND, { field, reason: "card_not_found", cause: error });
    }
    throw toShopperError(error, { action: "check your saved card" });
  }
}
