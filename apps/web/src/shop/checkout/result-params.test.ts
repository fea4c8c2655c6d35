import { describe, expect, it } from "vitest";
import type { StoredCheckout } from "./checkout-session";
import { parsePaymentId, parseResultParams, resultPathFor } from "./result-params";

const stored = { checkoutId: "stored-id" } as StoredCheckout;
const params = (query: string) => new URLSearchParams(query);

describe("parseResultParams", () => {
  it("reads the provider's redirect: external_reference with payment_id or collection_id", () => {
    expect(parseResultParams(params("external_reference=abc&payment_id=123&status=approved"), null)).toEqual({
      kind: "redirect",
      externalReference: "abc",
      paymentId: 123,
    });
    expect(parseResultParams(params("external_reference=abc&collection_id=456&payment_id=null"), null)).toEqual({
      kind: "redirect",
      externalReference: "abc",
      paymentId: 456,
    });
  });

  it("falls back to the checkout the reference names when the shopper left without paying", () => {
    expect(parseResultParams(params("external_reference=abc&payment_id=null"), stored)).toEqual({
      kind: "checkout",
      checkoutId: "abc",
    });
  });

  it("uses checkout_id, else the checkout of this tab, else nothing", () => {
    expect(parseResultParams(params("checkout_id=xyz"), stored)).toEqual({ kind: "checkout", checkoutId: "xyz" });
    expect(parseResultParams(params(""), stored)).toEqual({ kind: "checkout", checkoutId: "stored-id" });
    expect(parseResultParams(params(""), null)).toEqual({ kind: "none" });
  });

  it("accepts only positive whole payment ids", () => {
    expect(parsePaymentId("1320000001")).toBe(1320000001);
    for (const bad of [null, "", "null", "0", "-5", "1.5", "12abc", "99999999999999999"]) {
      expect(parsePaymentId(bad)).toBeNull();
    }
  });

  it("builds the result address of a checkout", () => {
    expect(resultPathFor("a b")).toBe("/checkout/result?checkout_id=a%20b");
  });
});
