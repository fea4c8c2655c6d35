// Saves a card to the shopper's provider customer from an unused card token.
// provider: tokens are single use, so the token must be one made for saving
// (not the one a payment already spent).

import type { SavedCard } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { toShopperError } from "../../provider/provider-failure";
import { recordAudit } from "../audit/record-audit";
import { ensureProviderCustomer } from "./ensure-provider-customer";
import { toSavedCard } from "./saved-card-view";

export async function saveCardForUser(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  userId: string;
  cardToken: string;
  /** Makes a repeated save (double submit, retry after a timeout) one card. */
  idempotencyKey: string;
}): Promise<SavedCard> {
  const { deps, userId, idempotencyKey } = options;
  const customerId = await ensureProviderCustomer({ deps, userId });
  let card: Awaited<ReturnType<typeof deps.provider.cards.create>>;
  try {
    card = await deps.provider.cards.create(customerId, { token: options.cardToken }, { idempotencyKey });
  } catch (error) {
    throw toShopperError(error, {
      action: "save the card",
      fields: { token: { field: "saveCardToken", reason: "invalid_card_token" } },
    });
  }
  await recordAudit({
    db: deps.db,
    actorUserId: userId,
    action: "card.saved",
    resourceType: "provider_customer",
    resourceId: customerId,
    idempotencyKey,
    details: { cardId: card.id, lastFour: card.last_four_digits ?? null },
    now: deps.now(),
  });
  return toSavedCard(card);
}
