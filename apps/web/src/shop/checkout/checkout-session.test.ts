// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  cartSignature,
  parseStoredCheckout,
  rememberReceipt,
  type StoredCheckout,
  serializeStoredCheckout,
  storedTokenFor,
} from "./checkout-session";

const stored: StoredCheckout = {
  checkoutId: "5048fda0-89b2-4288-860d-d9fc25f3bdcf",
  checkoutToken: "tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH",
  total: { amountMinor: 1850000, currency: "ARS" },
  cartSignature: "a:1,b:2",
  items: [
    { productId: "a", quantity: 1 },
    { productId: "b", quantity: 2 },
  ],
  payer: {
    email: "ana@example.com",
    firstName: "Ana",
    lastName: "Gómez",
    identification: { type: "DNI", number: "1" },
  },
};

describe("checkout session", () => {
  it("round-trips through its stored text", () => {
    expect(parseStoredCheckout(serializeStoredCheckout(stored))).toEqual(stored);
  });

  it("treats missing, unparsable or foreign text as no checkout", () => {
    expect(parseStoredCheckout(null)).toBeNull();
    expect(parseStoredCheckout("{nope")).toBeNull();
    expect(parseStoredCheckout(JSON.stringify({ version: 2, ...stored }))).toBeNull();
    expect(parseStoredCheckout(JSON.stringify({ version: 1, checkoutId: "x" }))).toBeNull();
  });

  it("signs a cart by its products and quantities, whatever their order", () => {
    const one = cartSignature([
      { productId: "b", quantity: 2 },
      { productId: "a", quantity: 1 },
    ]);
    expect(one).toBe("a:1,b:2");
    expect(cartSignature([{ productId: "a", quantity: 3 }])).not.toBe(one);
  });

  it("hands out the guest token only for the stored checkout", () => {
    expect(storedTokenFor(stored.checkoutId, stored)).toBe(stored.checkoutToken);
    expect(storedTokenFor("another", stored)).toBeUndefined();
    expect(storedTokenFor(stored.checkoutId, null)).toBeUndefined();
  });

  it("keeps a paid checkout's token as the tab's receipt once the checkout is forgotten", () => {
    rememberReceipt(stored.checkoutId, stored.checkoutToken);
    expect(storedTokenFor(stored.checkoutId, null)).toBe(stored.checkoutToken);
    expect(storedTokenFor("another", null)).toBeUndefined();
    sessionStorage.clear();
    expect(storedTokenFor(stored.checkoutId, null)).toBeUndefined();
  });
});
