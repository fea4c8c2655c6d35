// Pays a checkout with a card token the browser made with the provider (the
// card number and CVV never reach us). Declines are not errors: the result
// says `rejected` with the decline code as `reason`. A second call for the
// same checkout (double submit, reload, a second tab) returns the first
// payment's result and never charges again; to try another card (or a cash
// ticket) after a decline, the shopper pays a replacement checkout
// (replace-checkout.ts).

import type { CheckoutResult, PayWithCardInput } from "@cobro/contracts";
import { AppError } from "../../errors/app-error";
import { findOwnSavedCard } from "../shopper-account/find-saved-card";
import { saveCardForUser } from "../shopper-account/save-card-for-user";
import { findCheckoutToPay, type PayCheckoutDeps, payCheckout } from "./pay-checkout";
import { readCheckoutResult } from "./read-checkout-result";

/** Payment statuses after which a card is worth keeping. */
const SAVE_CARD_STATUSES = new Set(["approved", "authorized"]);

export async function payWithCard(options: {
  deps: PayCheckoutDeps;
  /** The signed-in shopper, or null. */
  userId: string | null;
  input: PayWithCardInput;
}): Promise<CheckoutResult> {
  const { deps, userId, input } = options;
  const checkout = await findCheckoutToPay({ deps, userId, input });
  if (input.saveCard && userId === null) {
    throw new AppError("BAD_REQUEST", "Sign in to save a card.", { field: "saveCard", reason: "sign_in_to_save_card" });
  }
  if (input.savedCardId !== undefined && userId === null) {
    throw new AppError("UNAUTHORIZED", "Sign in to pay with a saved card.", {
      field: "savedCardId",
      reason: "card_not_found",
    });
  }
  if (checkout.provider_payment_id !== null) return readCheckoutResult({ deps, checkoutId: checkout.id });
  // Saved cards are customers of the store's own account: a card (or customer) of one account is never sent to
  // another, so a checkout that charges on a connected seller's account takes new cards only, and saves none.
  if (checkout.provider_account_id !== null && (input.savedCardId !== undefined || input.saveCard)) {
    throw new AppError("BAD_REQUEST", "Saved cards cannot be used for this order: enter the card's details.", {
      field: input.savedCardId !== undefined ? "savedCardId" : "saveCard",
      reason: "saved_cards_own_account_only",
    });
  }

  // A saved card must be this shopper's: read under their own provider customer (the browser's word is not enough).
  const savedCard =
    input.savedCardId !== undefined && userId !== null
      ? await findOwnSavedCard({ deps, userId, cardId: input.savedCardId, field: "savedCardId" })
      : null;

  const { created, result } = await payCheckout({
    deps,
    checkout,
    userId,
    kind: "card",
    methodFields: {
      token: input.cardToken,
      payment_method_id: input.paymentMethodId,
      installments: input.installments,
      ...(input.issuerId !== undefined ? { issuer_id: input.issuerId } : {}),
    },
    // provider: a payment with a saved card's token names the card's customer as the payer.
    ...(savedCard ? { payerFields: { type: "customer" as const, id: savedCard.customerId } } : {}),
  });
  if (!input.saveCard || !created || userId === null || !input.saveCardToken) return result;

  if (!SAVE_CARD_STATUSES.has(result.status)) return { ...result, cardSaved: false };
  try {
    await saveCardForUser({
      deps,
      userId,
      cardToken: input.saveCardToken,
      idempotencyKey: `${checkout.idempotency_key}:save-card`,
    });
    return { ...result, cardSaved: true };
  } catch (error) {
    // The payment went through; a card that could not be saved must not turn it into an error.
    deps.logger.warn({ checkoutId: checkout.id, err: error }, "saving the card of a paid checkout failed");
    return { ...result, cardSaved: false };
  }
}
