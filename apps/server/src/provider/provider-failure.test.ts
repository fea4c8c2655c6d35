import { createProviderError, ProviderConnectionError, ProviderTimeoutError } from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error";
import { toShopperError } from "./provider-failure";

const call = { method: "POST", path: "/v1/payments", idempotencyKey: "key-1" };

function providerError(status: number, body: unknown, extra: { retryAfterSeconds?: number } = {}) {
  return createProviderError({ ...call, status, body, requestId: "req-1", ...extra });
}

describe("toShopperError", () => {
  it("maps a 400 naming a provider field to our field and a translatable reason, without the body", () => {
    const error = toShopperError(
      providerError(400, {
        message: "invalid card token ff8080814c11e237014c1ff593b57b4d",
        error: "bad_request",
        status: 400,
        cause: [{ code: 2006, description: "Card Token not found", data: "token" }],
      }),
      { action: "make the payment" },
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "BAD_REQUEST", field: "cardToken", reason: "invalid_card_token" });
    const text = `${(error as AppError).message} ${String((error as AppError).cause)}`;
    expect(text).not.toMatch(/ff8080814c11e237014c1ff593b57b4d|Card Token not found/);
  });

  it("recognises documented cause codes when the field is not named", () => {
    const error = toShopperError(
      providerError(400, { message: "bad", error: "bad_request", cause: [{ code: 4390, description: "x" }] }),
      { action: "pay" },
    );
    expect(error).toMatchObject({ code: "BAD_REQUEST", field: "payer.email", reason: "invalid_payer_email" });
    const unknown = toShopperError(providerError(400, { message: "bad", error: "bad_request", cause: [] }), {
      action: "pay",
    });
    expect(unknown).toMatchObject({ code: "BAD_REQUEST", field: undefined, reason: "provider_rejected_request" });
  });

  it("uses the call's own field mapping", () => {
    const error = toShopperError(
      providerError(400, { message: "m", error: "bad_request", cause: [{ code: "required", data: "card_token_id" }] }),
      { action: "subscribe", fields: { card_token_id: { field: "cardToken", reason: "invalid_card_token" } } },
    );
    expect(error).toMatchObject({ field: "cardToken", reason: "invalid_card_token" });
  });

  it("5xx, timeouts and dropped connections are PROVIDER_UNAVAILABLE with a retry hint", () => {
    for (const failure of [
      providerError(503, { message: "down" }),
      new ProviderConnectionError({ ...call, cause: new Error("ECONNRESET") }),
      new ProviderTimeoutError({ ...call, timeoutMs: 10_000 }),
    ]) {
      const error = toShopperError(failure, { action: "make the payment" }) as AppError;
      expect(error.code).toBe("PROVIDER_UNAVAILABLE");
      expect(error.reason).toBe("provider_unavailable");
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.message).toMatch(/try again/);
    }
  });

  it("409/423 → CONFLICT, 404 → NOT_FOUND, 429 → TOO_MANY_REQUESTS, 401 → INTERNAL", () => {
    expect(
      toShopperError(providerError(409, { message: "idempotency_key_already_used" }), { action: "pay" }),
    ).toMatchObject({ code: "CONFLICT", reason: "payment_in_progress" });
    expect(
      toShopperError(providerError(404, { message: "nf" }), { action: "pay", notFoundMessage: "Gone." }),
    ).toMatchObject({
      code: "NOT_FOUND",
      message: "Gone.",
    });
    expect(
      toShopperError(providerError(429, { message: "slow down" }, { retryAfterSeconds: 7 }), { action: "pay" }),
    ).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfterSeconds: 7 });
    expect(toShopperError(providerError(401, { message: "invalid_token" }), { action: "pay" })).toMatchObject({
      code: "INTERNAL",
    });
  });

  it("leaves other errors alone", () => {
    const own = new AppError("NOT_FOUND", "x");
    expect(toShopperError(own, { action: "pay" })).toBe(own);
    const bug = new TypeError("oops");
    expect(toShopperError(bug, { action: "pay" })).toBe(bug);
  });
});
