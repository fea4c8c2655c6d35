// Deletes one of the shopper's saved cards. The card is addressed under the
// shopper's own customer, so a card id of someone else's customer is simply
// not found there (NOT_FOUND, like an unknown id).
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";
import { recordAudit } from "../audit/record-audit";
import { findProviderCustomerId } from "./ensure-provider-customer";

const CARD_NOT_FOUND = "We could not find that card.";

export async function removeSavedCard(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  userId: string;
  cardId: string;
}): Promise<void> {
  const { deps, userId, cardId } = options;
  const customerId = await findProviderCustomerId({ deps, userId });
  if (!customerId) throw new AppError("NOT_FOUND", CARD_NOT_FOUND, { field: "cardId", reason: "card_not_found" });
  try {
    // A read first: the provider answers 404 for a card that is not this customer's.
    await deps.provider.cards.get(customerId, cardId);
    await deps.provider.cards.remove(customerId, cardId);
  } catch (error) {
    throw toShopperError(error, { action: "remove the card", notFoundMessage: CARD_NOT_FOUND });
  }
  await recordAudit({
    db: deps.db,
    actorUserId: userId,
    action: "card.removed",
    resourceType: "provider_customer",
    resourceId: customerId,
    details: { cardId },
    now: deps.now(),
  });
}
