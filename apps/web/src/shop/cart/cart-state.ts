// The cart as plain data and pure functions, so the rules are unit-tested
// without a browser. Prices are integer minor units; the server recomputes
// every total from its own prices at checkout, so these are for display only.
import { isSupportedCurrency, sumMinorUnits } from "@cobro/provider-client/money";
import { z } from "zod";

/** Quantity bounds of one line; the server's checkout.create accepts 1..99 too. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;
/** checkout.create accepts at most 50 lines. */
export const MAX_CART_LINES = 50;

export interface CartItem {
  productId: string;
  slug: string;
  name: string;
  /** Price of one unit in minor units, as the catalogue showed it. */
  unitPriceMinor: number;
  currency: string;
  quantity: number;
}

export interface CartTotal {
  currency: string;
  amountMinor: number;
}

/** Brings a quantity into 1..99, whole units. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

/** Why a quantity was changed: above the per-line maximum, below one, or not a whole number. */
export type ClampReason = "max" | "min" | "whole";

/** A quantity the cart changed: what was asked for, what the line now holds, and why. */
export interface QuantityClamp {
  requested: number;
  quantity: number;
  reason: ClampReason;
}

/**
 * Explains how `clampQuantity` changes `requested`, or null when it keeps it. The limits are the server's too
 * (checkout.create takes whole quantities from 1 to 99 per line).
 */
export function explainClamp(requested: number): QuantityClamp | null {
  const quantity = clampQuantity(requested);
  if (quantity === requested) return null;
  const reason: ClampReason = requested > MAX_QUANTITY ? "max" : requested < MIN_QUANTITY ? "min" : "whole";
  return { requested, quantity, reason };
}

/** What adding `quantity` of a product does to its line when that needs a clamp (the line would pass 99). */
export function explainAddClamp(items: readonly CartItem[], productId: string, quantity = 1): QuantityClamp | null {
  const existing = items.find((item) => item.productId === productId)?.quantity ?? 0;
  return explainClamp(existing + quantity);
}

/**
 * Adds `quantity` of a product (default 1). A product already in the cart gets its quantity raised (capped at 99)
 * and its name and price refreshed from the newer listing. Beyond 50 lines the cart is left unchanged.
 */
export function addItem(
  items: readonly CartItem[],
  product: Omit<CartItem, "quantity">,
  quantity = 1,
): readonly CartItem[] {
  const existing = items.find((item) => item.productId === product.productId);
  if (existing) {
    return items.map((item) =>
      item.productId === product.productId
        ? { ...item, ...product, quantity: clampQuantity(item.quantity + quantity) }
        : item,
    );
  }
  if (items.length >= MAX_CART_LINES) return items;
  return [...items, { ...product, quantity: clampQuantity(quantity) }];
}

/** Sets a line's quantity, clamped to 1..99 (use `removeItem` to take a product out). */
export function setItemQuantity(items: readonly CartItem[], productId: string, quantity: number): readonly CartItem[] {
  return items.map((item) => (item.productId === productId ? { ...item, quantity: clampQuantity(quantity) } : item));
}

export function removeItem(items: readonly CartItem[], productId: string): readonly CartItem[] {
  return items.filter((item) => item.productId !== productId);
}

/** The price of a line: unit price × quantity, in minor units. */
export function lineTotalMinor(item: CartItem): number {
  const total = item.unitPriceMinor * item.quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError(`Line total of ${item.productId} is too large`);
  return total;
}

/** Number of units in the cart (what the header's cart count shows). */
export function countUnits(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

/**
 * Totals per currency, in the order currencies first appear. A store sells in one currency, so this normally has
 * one entry; two mean old items from before a currency change, which the cart page asks the shopper to sort out.
 */
export function cartTotals(items: readonly CartItem[]): CartTotal[] {
  const byCurrency = new Map<string, number[]>();
  for (const item of items) {
    const amounts = byCurrency.get(item.currency) ?? [];
    amounts.push(lineTotalMinor(item));
    byCurrency.set(item.currency, amounts);
  }
  return [...byCurrency].map(([currency, amounts]) => ({ currency, amountMinor: sumMinorUnits(amounts) }));
}

/** What checkout.create takes: product ids and quantities only (prices come from the database). */
export function toCheckoutItems(items: readonly CartItem[]): { productId: string; quantity: number }[] {
  return items.map((item) => ({ productId: item.productId, quantity: item.quantity }));
}

const storedItemSchema = z.object({
  productId: z.string().min(1),
  slug: z.string(),
  name: z.string(),
  unitPriceMinor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().refine(isSupportedCurrency),
  quantity: z.number(),
});

const storedCartSchema = z.object({ version: z.literal(1), items: z.array(z.unknown()) });

/** Serialises the cart for localStorage. */
export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify({ version: 1, items });
}

/**
 * Reads a stored cart, tolerating anything: unparsable text or an unknown version gives an empty cart, and lines
 * that do not validate are dropped (the rest are kept, quantities clamped, duplicates merged).
 */
export function parseStoredCart(text: string | null): readonly CartItem[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const cart = storedCartSchema.safeParse(data);
  if (!cart.success) return [];
  let items: readonly CartItem[] = [];
  for (const raw of cart.data.items) {
    const parsed = storedItemSchema.safeParse(raw);
    if (!parsed.success) continue;
    const { quantity, ...product } = parsed.data;
    items = addItem(items, product, clampQuantity(quantity));
  }
  return items;
}
