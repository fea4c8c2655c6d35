// A checkout the caller may see: they hold its guest token, or they are the
// signed-in shopper it belongs to. Anything else (unknown id, another
// shopper's checkout, a wrong token) is the same NOT_FOUND, so the answer never
// tells a stranger that a checkout exists.
import type { Kysely } from "kysely";
import type { Checkout, DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { ProviderRequestStatus } from "../provider-requests/provider-request-status";
import { checkoutTokenMatches } from "./checkout-token";

export interface CheckoutAccess {
  /** The guest token the browser got from `checkout.create`. */
  checkoutToken?: string | null;
  /** The signed-in shopper, or null. */
  userId: string | null;
}

export type CheckoutLookup = { checkoutId: string } | { externalReference: string };

/** A checkout with where its direct payment call stands (its provider request's status; null before any). */
export type ShopperCheckout = Checkout & { payment_request_status: ProviderRequestStatus | null };

export const CHECKOUT_NOT_FOUND_MESSAGE = "We could not find that checkout.";

export function canAccessCheckout(
  checkout: Pick<Checkout, "user_id" | "guest_token_hash">,
  access: CheckoutAccess,
): boolean {
  if (checkoutTokenMatches(access.checkoutToken, checkout.guest_token_hash)) return true;
  return access.userId !== null && checkout.user_id === access.userId;
}

export async function findShopperCheckout(options: {
  db: Kysely<DB>;
  lookup: CheckoutLookup;
  access: CheckoutAccess;
}): Promise<ShopperCheckout> {
  const { db, lookup, access } = options;
  const query = db
    .selectFrom("checkouts")
    .leftJoin("provider_requests", "provider_requests.id", "checkouts.provider_request_id")
    .selectAll("checkouts")
    .select("provider_requests.status as payment_request_status");
  const checkout = await ("checkoutId" in lookup
    ? query.where("checkouts.id", "=", lookup.checkoutId)
    : query.where("checkouts.external_reference", "=", lookup.externalReference)
  ).executeTakeFirst();
  if (!checkout || !canAccessCheckout(checkout, access)) {
    throw new AppError("NOT_FOUND", CHECKOUT_NOT_FOUND_MESSAGE, { reason: "checkout_not_found" });
  }
  return checkout;
}
