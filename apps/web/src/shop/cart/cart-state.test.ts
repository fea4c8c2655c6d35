import { describe, expect, it } from "vitest";
import {
  addItem,
  type CartItem,
  cartTotals,
  clampQuantity,
  countUnits,
  explainAddClamp,
  explainClamp,
  lineTotalMinor,
  MAX_CART_LINES,
  parseStoredCart,
  removeItem,
  serializeCart,
  setItemQuantity,
  toCheckoutItems,
} from "./cart-state";

const mate = { productId: "p-mate", slug: "mate", name: "Mate", unitPriceMinor: 1999, currency: "ARS" };
const yerba = { productId: "p-yerba", slug: "yerba", name: "Yerba", unitPriceMinor: 4550, currency: "ARS" };

describe("cart changes", () => {
  it("adds a product once and raises its quantity on the next add", () => {
    let items = addItem([], mate);
    items = addItem(items, mate, 2);
    expect(items).toEqual([{ ...mate, quantity: 3 }]);
  });

  it("refreshes name and price from the newer listing", () => {
    const items = addItem(addItem([], mate), { ...mate, name: "Mate grande", unitPriceMinor: 2500 });
    expect(items[0]).toMatchObject({ name: "Mate grande", unitPriceMinor: 2500, quantity: 2 });
  });

  it("keeps quantities within 1..99 whole units", () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(150)).toBe(99);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(addItem(addItem([], mate, 98), mate, 5)[0]?.quantity).toBe(99);
    expect(setItemQuantity(addItem([], mate), "p-mate", -3)[0]?.quantity).toBe(1);
  });

  it("removes a product", () => {
    expect(removeItem(addItem(addItem([], mate), yerba), "p-mate")).toEqual([{ ...yerba, quantity: 1 }]);
  });

  it("refuses a 51st line, as checkout would", () => {
    let items: readonly CartItem[] = [];
    for (let index = 0; index < MAX_CART_LINES; index++) items = addItem(items, { ...mate, productId: `p-${index}` });
    expect(addItem(items, yerba)).toBe(items);
  });
});

describe("cart totals", () => {
  it("sums integer minor units per currency", () => {
    const items = addItem(addItem([], mate, 3), yerba, 2);
    expect(lineTotalMinor({ ...mate, quantity: 3 })).toBe(5997);
    expect(countUnits(items)).toBe(5);
    expect(cartTotals(items)).toEqual([{ currency: "ARS", amountMinor: 5997 + 9100 }]);
  });

  it("keeps currencies apart", () => {
    const items = addItem(addItem([], mate), { ...yerba, currency: "BRL" });
    expect(cartTotals(items)).toEqual([
      { currency: "ARS", amountMinor: 1999 },
      { currency: "BRL", amountMinor: 4550 },
    ]);
  });

  it("sends checkout only ids and quantities", () => {
    expect(toCheckoutItems(addItem([], mate, 2))).toEqual([{ productId: "p-mate", quantity: 2 }]);
  });
});

describe("stored cart", () => {
  it("round-trips", () => {
    const items = addItem(addItem([], mate, 2), yerba);
    expect(parseStoredCart(serializeCart(items))).toEqual(items);
  });

  it("survives garbage", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart(JSON.stringify({ version: 99, items: [] }))).toEqual([]);
  });

  it("drops invalid lines, clamps quantities and merges duplicates", () => {
    const text = JSON.stringify({
      version: 1,
      items: [
        { ...mate, quantity: 500 },
        { ...yerba, unitPriceMinor: 10.5, quantity: 1 },
        { ...yerba, currency: "XYZ", quantity: 1 },
        { ...mate, quantity: 1 },
        "nonsense",
      ],
    });
    expect(parseStoredCart(text)).toEqual([{ ...mate, quantity: 99 }]);
  });
});

describe("clamp explanations", () => {
  it("names the rule a quantity broke, or nothing when it was kept", () => {
    expect(explainClamp(5)).toBeNull();
    expect(explainClamp(150)).toEqual({ requested: 150, quantity: 99, reason: "max" });
    expect(explainClamp(0)).toEqual({ requested: 0, quantity: 1, reason: "min" });
    expect(explainClamp(-3)).toEqual({ requested: -3, quantity: 1, reason: "min" });
    expect(explainClamp(2.5)).toEqual({ requested: 2.5, quantity: 2, reason: "whole" });
  });

  it("explains an add that would pass 99 units of a line", () => {
    const items = addItem([], mate, 97);
    expect(explainAddClamp(items, mate.productId, 2)).toBeNull();
    expect(explainAddClamp(items, mate.productId, 5)).toEqual({ requested: 102, quantity: 99, reason: "max" });
    expect(explainAddClamp([], mate.productId, 120)).toEqual({ requested: 120, quantity: 99, reason: "max" });
  });
});
