import { describe, expect, it } from "vitest";
import { cardErrorKey, normalizeExpiry, passesLuhn, validateCardInput } from "./card-number";

const NOW = new Date(2026, 4, 15); // May 2026
const valid = {
  cardNumber: "4509 9535 6623 3704",
  expirationMonth: "11",
  expirationYear: "30",
  securityCode: "123",
  cardholderName: "APRO",
  identification: { type: "DNI", number: "12345678" },
};

describe("card validation", () => {
  it("accepts the provider's test cards", () => {
    expect(passesLuhn("4509953566233704")).toBe(true);
    expect(passesLuhn("371180303257522")).toBe(true);
    expect(validateCardInput(valid, { now: NOW })).toEqual({});
  });

  it("flags a mistyped number, a past expiry and a short code", () => {
    expect(
      validateCardInput(
        {
          ...valid,
          cardNumber: "4509 9535 6623 3705",
          expirationMonth: "4",
          expirationYear: "2026",
          securityCode: "12",
        },
        { now: NOW },
      ),
    ).toEqual({ cardNumber: "invalid", expiry: "expired", securityCode: "invalid" });
  });

  it("accepts the current month (cards work through its last day)", () => {
    expect(validateCardInput({ ...valid, expirationMonth: "5", expirationYear: "2026" }, { now: NOW })).toEqual({});
  });

  it("reports missing fields as required", () => {
    expect(
      validateCardInput(
        {
          cardNumber: " ",
          expirationMonth: "",
          expirationYear: "",
          securityCode: "",
          cardholderName: "",
          identification: { type: "DNI", number: "" },
        },
        { now: NOW },
      ),
    ).toEqual({
      cardNumber: "required",
      expiry: "required",
      securityCode: "required",
      cardholderName: "required",
      identification: "required",
    });
  });

  it("checks the code length of a known brand (Amex has 4)", () => {
    expect(validateCardInput(valid, { now: NOW, securityCodeLength: 4 }).securityCode).toBe("invalid");
  });

  it("normalizes two-digit years and refuses month 13", () => {
    expect(normalizeExpiry("11", "30")).toEqual({ month: 11, year: 2030 });
    expect(normalizeExpiry(11, 2030)).toEqual({ month: 11, year: 2030 });
    expect(normalizeExpiry("13", "30")).toBeNull();
    expect(normalizeExpiry("1", "3O")).toBeNull();
  });

  it("names dictionary keys", () => {
    expect(cardErrorKey("expiry", "expired")).toBe("card.error.expiry.expired");
    expect(cardErrorKey("cardNumber", "expired")).toBe("card.error.cardNumber.invalid");
    expect(cardErrorKey("securityCode", "required")).toBe("card.error.securityCode.required");
  });
});
