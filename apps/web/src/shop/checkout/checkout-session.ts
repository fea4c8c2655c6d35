// The checkout in progress, kept in sessionStorage: its id and the guest token
// that proves it is ours. A reload, a trip to the provider's hosted page or a
// "try another card" comes back to the SAME checkout (one idempotency key on
// the server, so never a second charge). sessionStorage is per tab and dies
// with it, which is as long as a guest's token should live in the browser.
import { z } from "zod";

/** sessionStorage key of the checkout in progress. */
export const CHECKOUT_SESSION_KEY = "cobro.checkout";

export interface StoredCheckout {
  checkoutId: string;
  checkoutToken: string;
  total: { amountMinor: number; currency: string };
  /** The cart the checkout was made from (`cartSignature`); another cart needs a new checkout. */
  cartSignature: string;
  /** What was ordered, to make a new checkout for the same order after a decline. */
  items: { productId: string; quantity: number }[];
  payer: {
    email: string;
    firstName: string;
    lastName: string;
    identification: { type: string; number: string };
  };
}

const storedCheckoutSchema = z.object({
  version: z.literal(1),
  checkoutId: z.string().min(1),
  checkoutToken: z.string().min(1),
  total: z.object({ amountMinor: z.number().int().nonnegative(), currency: z.string().min(3) }),
  cartSignature: z.string(),
  items: z.array(z.object({ productId: z.string(), quantity: z.number().int().positive() })),
  payer: z.object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    identification: z.object({ type: z.string(), number: z.string() }),
  }),
});

/** A stable text for a cart's contents (product ids and quantities, order-independent). */
export function cartSignature(items: readonly { productId: string; quantity: number }[]): string {
  return items
    .map((item) => `${item.productId}:${item.quantity}`)
    .sort()
    .join(",");
}

export function serializeStoredCheckout(checkout: StoredCheckout): string {
  return JSON.stringify({ version: 1, ...checkout });
}

/** Reads a stored checkout; anything unreadable is treated as none. */
export function parseStoredCheckout(text: string | null): StoredCheckout | null {
  if (!text) return null;
  try {
    const parsed = storedCheckoutSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const { version: _version, ...checkout } = parsed.data;
    return checkout;
  } catch {
    return null;
  }
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage blocked by privacy settings
  }
}

export function readStoredCheckout(): StoredCheckout | null {
  return parseStoredCheckout(sessionStore()?.getItem(CHECKOUT_SESSION_KEY) ?? null);
}

export function writeStoredCheckout(checkout: StoredCheckout): void {
  try {
    sessionStore()?.setItem(CHECKOUT_SESSION_KEY, serializeStoredCheckout(checkout));
  } catch {
    // Storage full or blocked: the checkout still works until the tab reloads.
  }
}

export function clearStoredCheckout(): void {
  try {
    sessionStore()?.removeItem(CHECKOUT_SESSION_KEY);
  } catch {
    // nothing stored
  }
}

/**
 * Where a paid checkout's read token stays for the tab once the checkout itself is forgotten: a guest who
 * reloads the result page of an approved order still sees it (the token reads that result and nothing else).
 */
const RECEIPT_SESSION_KEY = "cobro.checkout.receipt";

/** Keeps `checkoutId`'s read token for this tab after the paid checkout is cleared. */
export function rememberReceipt(checkoutId: string, checkoutToken: string): void {
  try {
    sessionStore()?.setItem(RECEIPT_SESSION_KEY, JSON.stringify({ checkoutId, checkoutToken }));
  } catch {
    // Storage full or blocked: a reload then asks a guest to sign in or open the e-mail's link.
  }
}

function receiptTokenFor(checkoutId: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(sessionStore()?.getItem(RECEIPT_SESSION_KEY) ?? "null");
    if (parsed === null || typeof parsed !== "object") return undefined;
    const receipt = parsed as { checkoutId?: unknown; checkoutToken?: unknown };
    return receipt.checkoutId === checkoutId && typeof receipt.checkoutToken === "string"
      ? receipt.checkoutToken
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token for `checkoutId` when it is the stored checkout, or the tab's receipt of it once paid
 * (guests need it to read their result).
 */
export function storedTokenFor(checkoutId: string, stored: StoredCheckout | null): string | undefined {
  return stored && stored.checkoutId === checkoutId ? stored.checkoutToken : receiptTokenFor(checkoutId);
}
