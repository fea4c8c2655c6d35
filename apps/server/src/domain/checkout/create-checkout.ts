// A new checkout: the cart priced from the database (the browser sends only
// product ids and quantities), the payer, one idempotency key for the payment
// it may lead to, and the guest token that lets the browser come back to it.
import { randomUUID } from "node:crypto";
import type { CheckoutCreateInput, Money } from "@cobro/contracts";
import { sumMinorUnits } from "@cobro/provider-client/money";
import type { Kysely } from "kysely";
import { type DB, toJsonb } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { productName, storedCurrency } from "../catalog/product-view";
import { resolveChargingAccountId } from "../connected-sellers/charging-setting";
import type { CheckoutItemSnapshot } from "./checkout-items";
import { createCheckoutToken } from "./checkout-token";

/** A checkout no payment has been attempted for. */
export const OPEN_CHECKOUT_STATUS = "open";

export interface CreatedCheckout {
  checkoutId: string;
  /** The guest token: returned once, only its hash is stored. */
  checkoutToken: string;
  total: Money;
  status: "open";
}

export interface CreateCheckoutOptions extends CheckoutCreateInput {
  db: Kysely<DB>;
  /** The signed-in shopper, or null for a guest. */
  userId: string | null;
  now: Date;
}

const MAX_QUANTITY = 99;

/** The same product twice in one cart counts once, with the quantities added up. */
function mergeItems(items: CheckoutCreateInput["items"]): { productId: string; quantity: number; index: number }[] {
  const merged = new Map<string, { productId: string; quantity: number; index: number }>();
  items.forEach((item, index) => {
    const existing = merged.get(item.productId);
    if (existing) existing.quantity += item.quantity;
    else merged.set(item.productId, { productId: item.productId, quantity: item.quantity, index });
  });
  for (const item of merged.values()) {
    if (item.quantity > MAX_QUANTITY) {
      throw new AppError("BAD_REQUEST", `At most ${MAX_QUANTITY} of one product per order.`, {
        field: `items.${item.index}.quantity`,
        reason: "quantity_too_large",
      });
    }
  }
  return [...merged.values()];
}

export async function createCheckout(options: CreateCheckoutOptions): Promise<CreatedCheckout> {
  const { db, payer, now } = options;
  const wanted = mergeItems(options.items);
  const products = await db
    .selectFrom("products")
    .select(["id", "name", "price_minor", "currency", "translations"])
    .where(
      "id",
      "in",
      wanted.map((item) => item.productId),
    )
    .where("active", "=", true)
    .execute();
  const byId = new Map(products.map((product) => [product.id, product]));

  const snapshot: CheckoutItemSnapshot[] = [];
  const currencies = new Set<string>();
  for (const item of wanted) {
    const product = byId.get(item.productId);
    if (!product) {
      throw new AppError("BAD_REQUEST", "This product is no longer available.", {
        field: `items.${item.index}.productId`,
        reason: "product_unavailable",
      });
    }
    currencies.add(product.currency.trim());
    snapshot.push({
      productId: product.id,
      // In the shopper's language: the e-mails and the order history show the names they bought.
      name: productName(product, options.language),
      unitPriceMinor: product.price_minor,
      quantity: item.quantity,
    });
  }
  if (currencies.size !== 1) {
    throw new AppError("BAD_REQUEST", "These products are priced in different currencies; buy them separately.", {
      field: "items",
      reason: "mixed_currencies",
    });
  }
  const currency = storedCurrency([...currencies][0] ?? "");

  let amountMinor: number;
  try {
    amountMinor = sumMinorUnits(snapshot.map((item) => item.unitPriceMinor * item.quantity));
  } catch (error) {
    throw new AppError("BAD_REQUEST", "This order is too large.", {
      field: "items",
      reason: "total_too_large",
      cause: error,
    });
  }
  if (amountMinor <= 0) {
    // provider: transaction_amount must be at least 0.01.
    throw new AppError("BAD_REQUEST", "The order total must be more than zero.", {
      field: "items",
      reason: "total_zero",
    });
  }

  const id = randomUUID();
  const { token, hash } = createCheckoutToken();
  // The account this checkout charges on, fixed now: its payment, retries and preference all go there, whatever the
  // setting says later (charging-setting.ts).
  const providerAccountId = await resolveChargingAccountId({ db });
  await db
    .insertInto("checkouts")
    .values({
      id,
      user_id: options.userId,
      guest_token_hash: hash,
      items: toJsonb(snapshot),
      amount_minor: amountMinor,
      currency,
      status: OPEN_CHECKOUT_STATUS,
      payer_email: payer.email,
      payer_name: `${payer.firstName} ${payer.lastName}`,
      payer_first_name: payer.firstName,
      payer_last_name: payer.lastName,
      payer_identification: toJsonb(payer.identification),
      // One key for the one payment this checkout may lead to: a double submit,
      // a reload or a retry after a timeout reuses it, so the provider never
      // charges twice.
      idempotency_key: randomUUID(),
      external_reference: id,
      provider_account_id: providerAccountId,
      locale: options.language ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { checkoutId: id, checkoutToken: token, total: { amountMinor, currency }, status: "open" };
}
