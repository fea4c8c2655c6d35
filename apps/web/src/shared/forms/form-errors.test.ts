import { payerSchema } from "@cobro/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { createTranslator } from "../../i18n/translate";
import type { UserFacingError } from "../errors/describe-error";
import {
  collectFieldErrors,
  serverFieldErrors,
  showFieldErrors,
  toSummaryErrors,
  translatedResolver,
} from "./form-errors";

const MESSAGES = {
  email: "checkout.error.email",
  firstName: "checkout.error.firstName",
  "identification.number": "checkout.error.identificationNumber",
} as const;

const validPayer = {
  email: " Ana@Example.COM ",
  firstName: "Ana",
  lastName: "Gómez",
  identification: { type: "DNI", number: "12345678" },
};

const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<typeof validPayer>;

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

describe("translatedResolver over the server's payer schema", () => {
  const resolve = (language: "en" | "es", values: typeof validPayer) =>
    translatedResolver(zodResolver(payerSchema), MESSAGES, createTranslator(language))(
      values,
      undefined,
      resolverOptions,
    );

  it("passes valid input through the server's normalisation (trimmed, lower-case email)", async () => {
    const result = await resolve("en", validPayer);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ email: "ana@example.com" });
  });

  it("names each failing field in the shopper's language, nested paths included, generic for unknown ones", async () => {
    const result = await resolve("es", {
      ...validPayer,
      email: "not-an-email",
      firstName: "  ",
      lastName: "",
      identification: { type: "DNI", number: "" },
    });
    expect(collectFieldErrors(result.errors, ["email", "firstName", "lastName", "identification.number"])).toEqual({
      email: "Escribe un correo válido, como nombre@ejemplo.com.",
      firstName: "Escribe tu nombre.",
      lastName: "Revisa los datos e inténtalo de nuevo.",
      "identification.number": expect.stringMatching(/documento/),
    });
  });
});

describe("collectFieldErrors", () => {
  it("lists messages in the given order and skips fields without one", () => {
    const errors = { b: { type: "x", message: "B" }, a: { type: "x", message: "A" }, c: { type: "x" } };
    expect(Object.entries(collectFieldErrors(errors, ["a", "b", "c", "d"]))).toEqual([
      ["a", "A"],
      ["b", "B"],
    ]);
  });
});

describe("serverFieldErrors", () => {
  const server = failure({ fieldErrors: { "payer.email": ["Enter a valid email address"], other: ["x"] } });

  it("keeps the server's words for English readers, only for fields the form shows, without the server's prefix", () => {
    expect(serverFieldErrors(server, MESSAGES, { t: createTranslator("en"), language: "en" }, "payer.")).toEqual({
      email: "Enter a valid email address",
    });
  });

  it("uses the form's own translated words for other languages", () => {
    expect(serverFieldErrors(server, MESSAGES, { t: createTranslator("pt"), language: "pt" }, "payer.")).toEqual({
      email: "Digite um e-mail válido, como nome@exemplo.com.",
    });
  });

  it("prefers a translated reason the server pinned to the field", () => {
    const withReason = failure({
      message: "Mercado Pago no aceptó este correo.",
      field: "payer.email",
      reason: "invalid_payer_email",
      fieldErrors: { "payer.email": ["Invalid payer email"] },
    });
    expect(serverFieldErrors(withReason, MESSAGES, { t: createTranslator("es"), language: "es" }, "payer.")).toEqual({
      email: "Mercado Pago no aceptó este correo.",
    });
    expect(serverFieldErrors(null, MESSAGES, { t: createTranslator("es"), language: "es" })).toEqual({});
  });
});

describe("showFieldErrors", () => {
  it("sets each error in page order and focuses only the first", () => {
    const setError = vi.fn();
    expect(showFieldErrors(setError, { b: "B", a: "A" }, ["a", "b", "c"])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["a", { type: "server", message: "A" }, { shouldFocus: true }],
      ["b", { type: "server", message: "B" }, { shouldFocus: false }],
    ]);
    expect(showFieldErrors(setError, {}, ["a"])).toBe(false);
  });
});

describe("toSummaryErrors", () => {
  it("links each error to its field's control when it has one", () => {
    expect(
      toSummaryErrors({ email: "Bad", items: "Empty" }, (path) => (path === "email" ? "payer-email" : undefined)),
    ).toEqual([{ fieldId: "payer-email", message: "Bad" }, { message: "Empty" }]);
  });
});
