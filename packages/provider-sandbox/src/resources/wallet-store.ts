// Where customers and their saved cards live in the state store (per seller),
// shared by the customers, cards and card-tokens handlers.

import type { Collection, SandboxContext } from "../context";
import type { Schemas } from "../schemas";

/** A customer as stored: `cards` is always rebuilt from the cards collection when answering. */
export type StoredCustomer = Omit<Schemas["Customer"], "cards">;

/** A seller's customers, keyed by customer id. */
export function customersOf(ctx: SandboxContext, sellerUserId: number): Collection<StoredCustomer> {
  return ctx.store.collection<StoredCustomer>(sellerUserId, "customers");
}

/** A seller's saved cards (of every customer), keyed by card id. */
export function savedCardsOf(ctx: SandboxContext, sellerUserId: number): Collection<Schemas["Card"]> {
  return ctx.store.collection<Schemas["Card"]>(sellerUserId, "cards");
}

/** The saved cards of one customer, oldest first. */
export function cardsOfCustomer(ctx: SandboxContext, sellerUserId: number, customerId: string): Schemas["Card"][] {
  return savedCardsOf(ctx, sellerUserId)
    .list()
    .filter((card) => card.customer_id === customerId);
}

/** A customer as the API answers it, with its saved cards. */
export function toCustomerResource(
  ctx: SandboxContext,
  sellerUserId: number,
  customer: StoredCustomer,
): Schemas["Customer"] {
  return { ...customer, cards: cardsOfCustomer(ctx, sellerUserId, customer.id) };
}
