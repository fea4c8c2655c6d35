import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import type { Language } from "../../i18n/locale";
import { createTranslator } from "../../i18n/translate";
import { CardTokenizationError } from "../payments/card-token-error";
import { describeError, type UserFacingError } from "./describe-error";

const fieldError = (failure: UserFacingError, field: string) => failure.fieldErrors[field]?.[0];

const i18n = (language: Language) => ({ language, t: createTranslator(language) });

function trpcError(message: string, data: Record<string, unknown>) {
  return new TRPCClientError(message, { result: { error: { message, code: -32600, data } } });
}

describe("describeError", () => {
  it("explains a declined payment in the shopper's language with what to do next", () => {
    const error = trpcError("Payment declined", {
      httpStatus: 402,
      appCode: "PAYMENT_DECLINED",
      reason: "cc_rejected_insufficient_amount",
      field: null,
      fieldErrors: null,
    });
    const es = describeError(error, i18n("es"));
    expect(es.message).toBe("Tu tarjeta no tiene fondos suficientes.");
    expect(es.hint).toBe("Inténtalo de nuevo con otra tarjeta u otro medio de pago.");
    expect(es.reason).toBe("cc_rejected_insufficient_amount");
    expect(describeError(error, i18n("en")).hint).toBe("Please try again with another card or payment method.");
  });

  it("translates a known reason and puts it on the field it names", () => {
    const error = trpcError("Mercado Pago did not accept this number of installments.", {
      httpStatus: 400,
      appCode: "BAD_REQUEST",
      reason: "invalid_installments",
      field: "installments",
      fieldErrors: { installments: ["Mercado Pago did not accept this number of installments."] },
    });
    const pt = describeError(error, i18n("pt"));
    expect(pt.message).toBe("Escolha outro número de parcelas.");
    expect(fieldError(pt, "installments")).toBe("Escolha outro número de parcelas.");
    expect(pt.field).toBe("installments");
  });

  it("shows English server messages to English readers only", () => {
    const error = trpcError("An account with this email already exists", {
      httpStatus: 409,
      appCode: "CONFLICT",
      field: "email",
      fieldErrors: { email: ["An account with this email already exists"] },
    });
    expect(describeError(error, i18n("en")).message).toBe("An account with this email already exists");
    expect(fieldError(describeError(error, i18n("en")), "email")).toBe("An account with this email already exists");
    expect(describeError(error, i18n("es")).message).toBe(
      "Algo cambió mientras tanto. Recarga la página e inténtalo de nuevo.",
    );
  });

  it("keeps the server's input validation errors per field", () => {
    const error = trpcError("payer.email: Enter a valid email address", {
      httpStatus: 400,
      appCode: "BAD_REQUEST",
      field: null,
      fieldErrors: { "payer.email": ["Enter a valid email address"], "items.0.quantity": ["Too many"] },
    });
    const failure = describeError(error, i18n("en"));
    expect(failure.fieldErrors).toEqual({
      "payer.email": ["Enter a valid email address"],
      "items.0.quantity": ["Too many"],
    });
  });

  it("never shows server text for 5xx, and says when to retry after 429", () => {
    const internal = trpcError("TypeError: x is undefined at foo.ts:12", { httpStatus: 500, appCode: "INTERNAL" });
    expect(describeError(internal, i18n("en")).message).toBe("Something went wrong on our side. Please try again.");
    const limited = trpcError("Too many", { httpStatus: 429, appCode: "TOO_MANY_REQUESTS", retryAfterSeconds: 30 });
    expect(describeError(limited, i18n("en")).message).toBe("Too many attempts. Please try again in 30 seconds.");
  });

  it("calls a failure without a response a network problem", () => {
    const offline = new TRPCClientError("Failed to fetch", { cause: new TypeError("Failed to fetch") });
    expect(describeError(offline, i18n("en"))).toMatchObject({
      network: true,
      message: "We could not reach the server. Check your connection and try again.",
    });
  });

  it("maps card tokenization problems to card field messages", () => {
    const error = new CardTokenizationError("invalid_card", "refused", {
      status: 400,
      fieldErrors: { securityCode: "invalid", expiry: "expired" },
    });
    const failure = describeError(error, i18n("en"));
    expect(fieldError(failure, "expiry")).toBe("This card has expired. Use another card.");
    expect(fieldError(failure, "securityCode")).toMatch(/^Check the security code/);
    expect(describeError(new CardTokenizationError("configuration", "x"), i18n("pt")).message).toBe(
      "Pagamentos com cartão não estão disponíveis agora. Tente outro meio de pagamento.",
    );
  });

  it("gives a generic message for anything else", () => {
    expect(describeError(new Error("boom"), i18n("en")).message).toBe(
      "Something went wrong on our side. Please try again.",
    );
  });
});
