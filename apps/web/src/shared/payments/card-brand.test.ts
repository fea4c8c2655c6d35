import { describe, expect, it } from "vitest";
import { acceptsAmount, isCardMethod, type PaymentMethodLike } from "./card-brand";

const RAPIPAGO: PaymentMethodLike = {
  id: "rapipago",
  name: "Rapipago",
  paymentTypeId: "ticket",
  minAmountMinor: 100,
  maxAmountMinor: 5_000_000,
};

describe("payment methods", () => {
  it("tells card methods from the rest", () => {
    expect(isCardMethod({ id: "visa", name: "Visa", paymentTypeId: "credit_card" })).toBe(true);
    expect(isCardMethod({ id: "debvisa", name: "Visa Débito", paymentTypeId: "debit_card" })).toBe(true);
    expect(isCardMethod(RAPIPAGO)).toBe(false);
  });

  it("checks a method's amount range", () => {
    expect(acceptsAmount(RAPIPAGO, 99)).toBe(false);
    expect(acceptsAmount(RAPIPAGO, 100)).toBe(true);
    expect(acceptsAmount(RAPIPAGO, 5_000_001)).toBe(false);
  });
});
