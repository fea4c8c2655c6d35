import { checkoutCreateInputSchema } from "@cobro/contracts";
import { describe, expect, it } from "vitest";
import type { UserFacingError } from "../errors/describe-error";
import { createTranslator } from "../i18n/translate";
import { issuePath, serverFieldErrors, toSummaryErrors, validateForm } from "./form-errors";

const MESSAGES = {
  "payer.email": "checkout.error.email",
  "payer.firstName": "checkout.error.firstName",
} as const;

const validInput = {
  items: [{ productId: "0b9c0f8e-4f55-4f0b-9f58-1c1f6f0e2a11", quantity: 2 }],
  payer: {
    email: " Ana@Example.COM ",
    firstName: "Ana",
    lastName: "Gómez",
    identification: { type: "DNI", number: "12345678" },
  },
};

function failure(overrides: Partial<UserFacingError>): UserFacingError {
  return {
    message: "Something",
    hint: null,
    fieldErrors: {},
    field: null,
    reason: null,
    appCode: "BAD_REQUEST",
    httpStatus: 400,
    retryAfterSeconds: null,
    network: false,
    ...overrides,
  };
}

describe("validateForm with the server's checkout schema", () => {
  it("passes valid input through the server's normalisation (trimmed, lower-case email)", () => {
    const result = validateForm(checkoutCreateInputSchema, validInput, MESSAGES, createTranslator("en"));
    expect(result.success).toBe(true);
    if (result.success) expect(result.data.payer.email).toBe("ana@example.com");
  });

  it("names each failing field in the shopper's language, with a generic message for unknown paths", () => {
    const input = { ...validInput, payer: { ...validInput.payer, email: "not-an-email", firstName: "  " } };
    const result = validateForm(checkoutCreateInputSchema, { ...input, items: [] }, MESSAGES, createTranslator("es"));
    expect(result).toEqual({
      success: false,
      errors: {
        items: "Revisa los datos e inténtalo de nuevo.",
        "payer.email": "Escribe un correo válido, como nombre@ejemplo.com.",
        "payer.firstName": "Escribe tu nombre.",
      },
    });
  });

  it("joins issue paths with dots", () => {
    expect(issuePath(["items", 0, "quantity"])).toBe("items.0.quantity");
  });
});

describe("serverFieldErrors", () => {
  const server = failure({ fieldErrors: { "payer.email": ["Enter a valid email address"], other: ["x"] } });

  it("keeps the server's words for English readers and only for fields the form shows", () => {
    expect(serverFieldErrors(server, MESSAGES, { t: createTranslator("en"), language: "en" })).toEqual({
      "payer.email": "Enter a valid email address",
    });
  });

  it("uses the form's own translated words for other languages", () => {
    expect(serverFieldErrors(server, MESSAGES, { t: createTranslator("pt"), language: "pt" })).toEqual({
      "payer.email": "Digite um e-mail válido, como nome@exemplo.com.",
    });
  });

  it("prefers a translated reason the server pinned to the field", () => {
    const withReason = failure({
      message: "Mercado Pago no aceptó este correo.",
      field: "payer.email",
      reason: "invalid_payer_email",
      fieldErrors: { "payer.email": ["Invalid payer email"] },
    });
    expect(serverFieldErrors(withReason, MESSAGES, { t: createTranslator("es"), language: "es" })).toEqual({
      "payer.email": "Mercado Pago no aceptó este correo.",
    });
    expect(serverFieldErrors(null, MESSAGES, { t: createTranslator("es"), language: "es" })).toEqual({});
  });
});

describe("toSummaryErrors", () => {
  it("links each error to its field's control when it has one", () => {
    expect(
      toSummaryErrors({ "payer.email": "Bad", items: "Empty" }, (path) =>
        path === "payer.email" ? "payer-email" : undefined,
      ),
    ).toEqual([{ fieldId: "payer-email", message: "Bad" }, { message: "Empty" }]);
  });
});
