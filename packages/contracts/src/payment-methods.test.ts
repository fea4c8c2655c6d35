import { describe, expect, it } from "vitest";
import { isPaymentTypeId, paymentMethodName } from "./payment-methods";

describe("paymentMethodName", () => {
  it("reads known ids by their brand and others capitalised", () => {
    expect(paymentMethodName("master")).toBe("Mastercard");
    expect(paymentMethodName("rapipago")).toBe("Rapipago");
    expect(paymentMethodName("oxxo")).toBe("Oxxo");
    // An inherited property name is an unknown id, not the object's prototype.
    expect(paymentMethodName("constructor")).toBe("Constructor");
  });

  it("knows the payment types it has words for", () => {
    expect(isPaymentTypeId("credit_card")).toBe(true);
    expect(isPaymentTypeId("crypto_magic")).toBe(false);
  });
});
