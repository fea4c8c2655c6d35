// /v1/customers/{customerId}/cards (docs/provider-facts.md §4.4): a customer's saved
// cards, made from an unused card token. Like the provider, a saved card holds
// only the first six and last four digits, expiry, holder, brand and issuer;
// paying with it later takes a new token of `card_id` + CVV.

import type { RegisterRoutes, SandboxContext, Seller } from "../context";
import { classicError, notFound } from "../core/errors";
import { anyCardMethod, paymentMethodSummary } from "../data/sites";
import type { Schemas } from "../schemas";
import { checkExpiry, consumeCardToken, type StoredCardToken } from "./card-tokens";
import { requireCustomer } from "./customers";
import { cardsOfCustomer, customersOf, savedCardsOf } from "./wallet-store";

type Card = Schemas["Card"];

/** The card fields that come from a token: number digits, expiry, holder, brand, issuer, CVV rules. */
function cardDataFromToken(
  stored: StoredCardToken,
  publicUrl: string,
): Omit<Card, "id" | "customer_id" | "user_id" | "date_created" | "date_last_updated" | "live_mode"> {
  const method = anyCardMethod(stored.paymentMethodId);
  if (!method)
    throw classicError(500, `card token ${stored.token.id} has an unknown payment method ${stored.paymentMethodId}`);
  return {
    first_six_digits: stored.token.first_six_digits ?? "",
    last_four_digits: stored.token.last_four_digits ?? "",
    expiration_month: stored.token.expiration_month ?? 1,
    expiration_year: stored.token.expiration_year ?? 2030,
    payment_method: paymentMethodSummary(method, publicUrl || undefined),
    security_code: { length: method.securityCodeLength, card_location: method.securityCodeLocation },
    issuer: { ...method.issuer },
    cardholder: {
      name: stored.cardholderName,
      identification: stored.token.cardholder?.identification ?? null,
    },
  };
}

function requireCard(ctx: SandboxContext, seller: Seller, customerId: string, cardId: string): Card {
  const card = savedCardsOf(ctx, seller.userId).get(cardId);
  if (!card || card.customer_id !== customerId) throw notFound("card", cardId);
  return card;
}

function touchCustomer(ctx: SandboxContext, seller: Seller, customerId: string, defaultCard?: string | null): void {
  const customers = customersOf(ctx, seller.userId);
  const customer = customers.get(customerId);
  if (!customer) return;
  if (defaultCard !== undefined) customer.default_card = defaultCard;
  customer.date_last_updated = ctx.clock.nowIso();
  customers.put(customerId, customer);
}

/**
 * Saves the card behind an unused token for a customer (the token is consumed).
 * Saving the same card again (same brand, first six, last four) updates and
 * returns the saved one instead of adding a duplicate. The customer's first card
 * becomes its `default_card`.
 */
export function saveCard(ctx: SandboxContext, seller: Seller, customerId: string, tokenId: string): Card {
  const customer = requireCustomer(ctx, seller, customerId);
  const stored = consumeCardToken(ctx, seller, tokenId);
  const data = cardDataFromToken(stored, ctx.config.publicUrl);
  const cards = savedCardsOf(ctx, seller.userId);
  const now = ctx.clock.nowIso();
  const existing = cardsOfCustomer(ctx, seller.userId, customerId).find(
    (card) =>
      card.id === stored.cardId ||
      (card.payment_method?.id === data.payment_method?.id &&
        card.first_six_digits === data.first_six_digits &&
        card.last_four_digits === data.last_four_digits),
  );
  const card: Card = existing
    ? { ...existing, ...data, date_last_updated: now }
    : {
        id: String(ctx.store.nextId("card_id", 1_562_000_000_001)),
        customer_id: customerId,
        // provider: a saved card's user_id is a string (sdk-nodejs src/clients/customerCard/commonTypes.ts,
        // sdk-java resources/customer/CustomerCard.java `String userId`).
        user_id: String(seller.userId),
        ...data,
        date_created: now,
        date_last_updated: now,
        live_mode: false,
      };
  cards.put(card.id, card);
  touchCustomer(ctx, seller, customerId, customer.default_card ?? card.id);
  return card;
}

function updateCard(
  ctx: SandboxContext,
  seller: Seller,
  customerId: string,
  cardId: string,
  body: Schemas["CardUpdateRequest"],
): Card {
  requireCustomer(ctx, seller, customerId);
  let card = requireCard(ctx, seller, customerId, cardId);
  if (body.token !== undefined) {
    // A new token replaces the card's data (e.g. a reissued card), keeping its id.
    card = { ...card, ...cardDataFromToken(consumeCardToken(ctx, seller, body.token), ctx.config.publicUrl) };
  }
  if (body.expiration_month !== undefined || body.expiration_year !== undefined) {
    const expiry = checkExpiry(
      ctx.clock.now(),
      body.expiration_month ?? card.expiration_month,
      body.expiration_year ?? card.expiration_year,
    );
    card.expiration_month = expiry.month;
    card.expiration_year = expiry.year;
  }
  if (body.cardholder !== undefined) {
    card.cardholder = {
      name: body.cardholder.name ?? card.cardholder?.name ?? null,
      identification: body.cardholder.identification
        ? { type: body.cardholder.identification.type ?? null, number: body.cardholder.identification.number ?? null }
        : (card.cardholder?.identification ?? null),
    };
  }
  card.date_last_updated = ctx.clock.nowIso();
  savedCardsOf(ctx, seller.userId).put(card.id, card);
  touchCustomer(ctx, seller, customerId);
  return card;
}

function deleteCard(ctx: SandboxContext, seller: Seller, customerId: string, cardId: string): Card {
  const customer = requireCustomer(ctx, seller, customerId);
  const card = requireCard(ctx, seller, customerId, cardId);
  savedCardsOf(ctx, seller.userId).delete(cardId);
  const nextDefault =
    customer.default_card === cardId
      ? (cardsOfCustomer(ctx, seller.userId, customerId)[0]?.id ?? null)
      : customer.default_card;
  touchCustomer(ctx, seller, customerId, nextDefault ?? null);
  return card;
}

/** Routes of the `cards` group: save, list (array), get, update, delete. */
export const registerCardsRoutes: RegisterRoutes = (app, ctx) => {
  app.post("/v1/customers/:customerId/cards", (c) => {
    const body = c.get("jsonBody") as Schemas["CardRequest"];
    return c.json(saveCard(ctx, c.get("seller"), c.req.param("customerId"), body.token), 201);
  });

  app.get("/v1/customers/:customerId/cards", (c) => {
    const seller = c.get("seller");
    const customer = requireCustomer(ctx, seller, c.req.param("customerId"));
    return c.json(cardsOfCustomer(ctx, seller.userId, customer.id), 200);
  });

  app.get("/v1/customers/:customerId/cards/:cardId", (c) => {
    const seller = c.get("seller");
    const customerId = c.req.param("customerId");
    requireCustomer(ctx, seller, customerId);
    return c.json(requireCard(ctx, seller, customerId, c.req.param("cardId")), 200);
  });

  app.put("/v1/customers/:customerId/cards/:cardId", (c) => {
    const body = c.get("jsonBody") as Schemas["CardUpdateRequest"];
    return c.json(updateCard(ctx, c.get("seller"), c.req.param("customerId"), c.req.param("cardId"), body), 200);
  });

  app.delete("/v1/customers/:customerId/cards/:cardId", (c) =>
    c.json(deleteCard(ctx, c.get("seller"), c.req.param("customerId"), c.req.param("cardId")), 200),
  );
};
