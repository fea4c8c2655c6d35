import { describe, expect, it } from "vitest";
import { acceptsAmount, detectCardMethod, type PaymentMethodLike } from "./card-brand";
import { installmentCounts, installmentOptions } from "./installments";

// Argentina as the sandbox lists it: narrow debit BINs before the networks, which exclude them.
const DEBVISA = "^(400276|400615|402789)";
const DEBMASTER = "^(528733|517562)";
const METHODS: PaymentMethodLike[] = [
  { id: "debvisa", name: "Visa Débito", paymentTypeId: "debit_card", binPattern: DEBVISA },
  { id: "debmaster", name: "Mastercard Débito", paymentTypeId: "debit_card", binPattern: DEBMASTER },
  {
    id: "amex",
    name: "American Express",
    paymentTypeId: "credit_card",
    binPattern: "^(34|37)",
    installments: { max: 12 },
  },
  {
    id: "master",
    name: "Mastercard",
    paymentTypeId: "credit_card",
    binPattern: "^(5|(2(22[1-9]|2[3-9]|[3-6]|7[01]|720)))",
    binExclusionPattern: DEBMASTER,
    installments: { max: 12 },
  },
  {
    id: "visa",
    name: "Visa",
    paymentTypeId: "credit_card",
    binPattern: "^4",
    binExclusionPattern: DEBVISA,
    installments: { max: 12 },
  },
  { id: "rapipago", name: "Rapipago", paymentTypeId: "ticket", minAmountMinor: 100, maxAmountMinor: 5_000_000 },
];

describe("detectCardMethod", () => {
  it("recognises the provider's Argentine test cards", () => {
    expect(detectCardMethod("4509 9535 6623 3704", METHODS)?.id).toBe("visa");
    expect(detectCardMethod("5031 7557 3453 0604", METHODS)?.id).toBe("master");
    expect(detectCardMethod("3711 803032 57522", METHODS)?.id).toBe("amex");
    expect(detectCardMethod("4002 7686 9439 5619", METHODS)?.id).toBe("debvisa");
    expect(detectCardMethod("5287 3383 1025 3304", METHODS)?.id).toBe("debmaster");
  });

  it("waits for six digits and ignores non-card methods and broken patterns", () => {
    expect(detectCardMethod("45099", METHODS)).toBeNull();
    expect(detectCardMethod("9999 9999 9999", METHODS)).toBeNull();
    expect(
      detectCardMethod("4509 95", [{ id: "x", name: "X", paymentTypeId: "credit_card", binPattern: "([" }]),
    ).toBeNull();
  });
});

describe("installments", () => {
  it("offers the steps up to the method's max, one payment for the rest", () => {
    const visa = METHODS.find((method) => method.id === "visa");
    expect(installmentCounts(visa)).toEqual([1, 2, 3, 6, 9, 12]);
    expect(installmentCounts(METHODS[0])).toEqual([1]);
    expect(installmentCounts(METHODS.find((method) => method.id === "rapipago"))).toEqual([1]);
    expect(installmentCounts(null)).toEqual([1]);
  });

  it("rounds each installment up to whole minor units", () => {
    const visa = METHODS.find((method) => method.id === "visa");
    expect(installmentOptions(10000, visa).slice(0, 3)).toEqual([
      { count: 1, perInstallmentMinor: 10000 },
      { count: 2, perInstallmentMinor: 5000 },
      { count: 3, perInstallmentMinor: 3334 },
    ]);
    expect(() => installmentOptions(10.5, visa)).toThrow(RangeError);
  });

  it("checks a method's amount range", () => {
    const rapipago = METHODS.find((method) => method.id === "rapipago");
    if (!rapipago) throw new Error("fixture");
    expect(acceptsAmount(rapipago, 99)).toBe(false);
    expect(acceptsAmount(rapipago, 100)).toBe(true);
    expect(acceptsAmount(rapipago, 5_000_001)).toBe(false);
  });
});
