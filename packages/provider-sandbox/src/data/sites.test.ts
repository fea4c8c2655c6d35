import { describe, expect, it } from "vitest";
import { passesLuhn } from "../resources/card-tokens";
import { cardMethodForNumber, findPaymentMethod, SITES } from "./sites";
import { TEST_CARDS } from "./test-cards";

describe("sites", () => {
  it("every test card passes Luhn and resolves to its brand in its site", () => {
    for (const card of TEST_CARDS) {
      expect(passesLuhn(card.number), card.number).toBe(true);
      const method = cardMethodForNumber(card.siteId, card.number);
      expect(method?.id, `${card.siteId} ${card.number}`).toBe(card.paymentMethodId);
      expect(method?.paymentTypeId).toBe(card.paymentTypeId);
      expect(method?.cardNumberLength).toBe(card.number.length);
      expect(method?.securityCodeLength).toBe(card.securityCode.length);
    }
  });

  it("has one currency per site, integer-only where the provider wants it", () => {
    expect(Object.fromEntries(Object.values(SITES).map((s) => [s.id, s.currencyId]))).toEqual({
      MLA: "ARS",
      MLB: "BRL",
      MLM: "MXN",
      MLC: "CLP",
      MCO: "COP",
      MPE: "PEN",
      MLU: "UYU",
    });
  });

  it("offers Pix only in Brazil, as a bank transfer", () => {
    expect(findPaymentMethod("MLB", "pix")?.paymentTypeId).toBe("bank_transfer");
    for (const site of ["MLA", "MLM", "MLC", "MCO", "MPE", "MLU"] as const)
      expect(findPaymentMethod(site, "pix")).toBeUndefined();
  });
});
