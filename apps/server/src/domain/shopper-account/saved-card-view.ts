// A provider saved card as the shopper sees it: brand, last four, expiry, holder,
// and its BIN (first six, not card data under PCI) for the installments at checkout.

import type { SavedCard } from "@cobro/contracts";
import type { Card } from "@cobro/provider-client";

export function toSavedCard(card: Card): SavedCard {
  return {
    id: card.id,
    brand: card.payment_method?.name ?? card.payment_method?.id ?? "Card",
    paymentMethodId: card.payment_method?.id ?? null,
    lastFour: card.last_four_digits ?? "",
    bin: card.first_six_digits && /^\d{6,8}$/.test(card.first_six_digits) ? card.first_six_digits : null,
    expirationMonth: card.expiration_month ?? null,
    expirationYear: card.expiration_year ?? null,
    holder: card.cardholder?.name ?? null,
  };
}
