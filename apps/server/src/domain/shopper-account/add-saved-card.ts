// "Add a card" in the account: saves the card a token stands for to the
// shopper's provider customer. The token was made in the browser by the
// provider's secure fields; the card data never reaches us.
import { createHash } from "node:crypto";
import type { SavedCard } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { saveCardForUser } from "./save-card-for-user";

export function addSavedCard(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  userId: string;
  cardToken: string;
}): Promise<SavedCard> {
  const { deps, userId, cardToken } = options;
  // One key per token (a double submit saves one card); a hash, so the key never carries the token itself.
  const tokenHash = createHash("sha256").update(cardToken).digest("hex").slice(0, 32);
  return saveCardForUser({ deps, userId, cardToken, idempotencyKey: `add-card:${userId}:${tokenHash}` });
}
