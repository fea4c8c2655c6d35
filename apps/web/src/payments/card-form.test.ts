import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/translate";
import { cardFormErrors, formatCardNumber, splitExpiry } from "./card-form";

describe("splitExpiry", () => {
  it("reads MM/YY, MM/YYYY and bare digits", () => {
    expect(splitExpiry("11/30")).toEqual({ month: "11", year: "30" });
    expect(splitExpiry(" 1 / 2030 ")).toEqual({ month: "1", year: "2030" });
    expect(splitExpiry("1130")).toEqual({ month: "11", year: "30" });
    expect(splitExpiry("112030")).toEqual({ month: "11", year: "2030" });
  });

  it("gives empty parts for nothing typed and null for text that is no expiry", () => {
    expect(splitExpiry("  ")).toEqual({ month: "", year: "" });
    expect(splitExpiry("11/3")).toBeNull();
    expect(splitExpiry("next year")).toBeNull();
  });
});

describe("formatCardNumber", () => {
  it("groups digits in fours and drops anything else", () => {
    expect(formatCardNumber("4509953566233704")).toBe("4509 9535 6623 3704");
    expect(formatCardNumber("4509-9535 66")).toBe("4509 9535 66");
  });

  it("uses the 4-6-5 grouping of American Express", () => {
    expect(formatCardNumber("371180303257522")).toBe("3711 803032 57522");
  });
});

describe("cardFormErrors", () => {
  const t = createTranslator("en");
  const visa = { id: "visa", name: "Visa", paymentTypeId: "credit_card", binPattern: "^4", securityCodeLength: 3 };
  const values = {
    cardNumber: "4509 9535 6623 3704",
    cardholderName: "ANA GOMEZ",
    expiry: "11/99",
    securityCode: "123",
    installments: "1",
    saveCard: false,
  };

  it("passes a complete card of a known brand", () => {
    expect(cardFormErrors(values, { methods: [visa], requireBrand: true }, t)).toEqual({});
  });

  it("uses the shared card checks, the brand's code length, and shows a missing document on the holder's field", () => {
    const errors = cardFormErrors(
      { ...values, cardNumber: "4509 9535 6623 3705", expiry: "13/30", securityCode: "1234", cardholderName: "A" },
      { methods: [visa], identification: { type: "DNI", number: "" }, requireBrand: true },
      t,
    );
    expect(Object.keys(errors)).toEqual(["cardNumber", "expiry", "securityCode", "cardholderName"]);
    expect(errors.cardholderName).toBe(t("card.error.identification.required"));
  });

  it("asks for a recognised brand only when the payment needs it", () => {
    const mastercard = { ...values, cardNumber: "5031 7557 3453 0604" };
    expect(cardFormErrors(mastercard, { methods: [visa], requireBrand: true }, t)).toEqual({
      cardNumber: t("card.error.cardNumber.unknownBrand"),
    });
    expect(cardFormErrors(mastercard, { methods: [visa], requireBrand: false }, t)).toEqual({});
  });
});
