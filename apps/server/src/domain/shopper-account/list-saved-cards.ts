// The shopper's saved cards, read from their provider customer (the provider
// keeps the cards; we keep only the customer id).

import type { SavedCard } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { toShopperError } from "../../provider/provider-failure";
import { findProviderCustomerId } from "./ensure-provider-customer";
import { toSavedCard } from "./saved-card-view";

export async function listSavedCards(options: {
  deps: Pick<AppDeps, "db" | "provider">;
  userId: string;
}): Promise<SavedCard[]> {
  const customerId = await findProviderCustomerId(options);
  if (!customerId) return [];
  try {
    const cards = await options.deps.provider.cards.list(customerId);
    return cards.map(toSavedCard);
  } catch (error) {
    throw toShopperError(error, { action: "load your saved cards" });
  }
}
