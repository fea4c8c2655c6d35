import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  createProviderError,
  createProviderErrorFromResponse,
  describeErrorBody,
  isClassicErrorBody,
  isLegacyErrorBody,
  isOrdersErrorBody,
  ProviderAuthenticationError,
  ProviderBadRequestError,
  ProviderConflictError,
  ProviderConnectionError,
  ProviderError,
  ProviderNotFoundError,
  ProviderPaymentRequiredError,
  ProviderPermissionError,
  ProviderRateLimitError,
  ProviderServerError,
  ProviderTimeoutError,
  parseErrorBody,
  parseRetryAfterSeconds,
  providerErrorClassForStatus,
  redactSecrets,
  redactValue,
} from "./errors";

const TOKEN = "APP_USR-1234567890123456-112233-abcdefabcdefabcdefabcdefabcdef12-987654321";
const context = { method: "POST", path: "/v1/payments", idempotencyKey: "key-1" };

const classicBody = {
  message: "invalid email",
  error: "bad_request",
  status: 400,
  cause: [{ code: 2067, description: "Invalid user identification number", data: null }],
};
const ordersDeclined = {
  errors: [{ code: "failed", message: "The following transactions failed", details: ["pay_01: insufficient_amount"] }],
  data: { id: "ORD01ABC", status: "failed" },
};

describe("body guards", () => {
  it("recognises the classic shape, including gateway bodies", () => {
    expect(isClassicErrorBody(classicBody)).toBe(true);
    expect(isClassicErrorBody({ status: 502, message: "Bad Gateway" })).toBe(true);
    expect(isClassicErrorBody({ message: "x", cause: "nope" })).toBe(false);
    expect(isClassicErrorBody(ordersDeclined)).toBe(false);
    expect(isClassicErrorBody("text")).toBe(false);
    expect(isClassicErrorBody(null)).toBe(false);
  });

  it("recognises the Orders shape", () => {
    expect(isOrdersErrorBody(ordersDeclined)).toBe(true);
    expect(isOrdersErrorBody({ errors: [] })).toBe(true);
    expect(isOrdersErrorBody({ errors: [{ message: "no code" }] })).toBe(false);
    expect(isOrdersErrorBody(classicBody)).toBe(false);
  });

  it("recognises the legacy shape", () => {
    expect(isLegacyErrorBody({ ErrorMessage: "not found", ErrorCode: "error_resource_not_found" })).toBe(true);
    expect(isLegacyErrorBody(classicBody)).toBe(false);
  });
});

describe("providerErrorClassForStatus", () => {
  it.each([
    [400, ProviderBadRequestError],
    [401, ProviderAuthenticationError],
    [402, ProviderPaymentRequiredError],
    [403, ProviderPermissionError],
    [404, ProviderNotFoundError],
    [409, ProviderConflictError],
    [422, ProviderBadRequestError],
    [423, ProviderConflictError],
    [429, ProviderRateLimitError],
    [500, ProviderServerError],
    [503, ProviderServerError],
    [418, ProviderError],
    [424, ProviderError],
  ])("maps %i to %o", (status, ErrorClass) => {
    expect(providerErrorClassForStatus(status)).toBe(ErrorClass);
  });

  it("keeps every class a ProviderError, and 404 a bad request", () => {
    const notFound = createProviderError({ ...context, status: 404, body: undefined });
    expect(notFound).toBeInstanceOf(ProviderNotFoundError);
    expect(notFound).toBeInstanceOf(ProviderBadRequestError);
    expect(notFound).toBeInstanceOf(ProviderError);
    expect(notFound).toBeInstanceOf(Error);
    expect(notFound.name).toBe("ProviderNotFoundError");
  });
});

describe("ProviderError", () => {
  it("builds the message from a classic body and keeps the body whole", () => {
    const error = createProviderError({ ...context, status: 400, body: classicBody, requestId: "req-9" });
    expect(error.message).toBe(
      "Mercado Pago responded 400 to POST /v1/payments: invalid email (bad_request; cause: 2067 Invalid user identification number) [x-request-id req-9]",
    );
    expect(error.body).toEqual(classicBody);
    expect(error.code).toBe("bad_request");
    expect(error).toMatchObject({ status: 400, requestId: "req-9", idempotencyKey: "key-1", method: "POST" });
    expect(error.path).toBe("/v1/payments");
  });

  it("builds the message from Orders errors and exposes the declined order on 402", () => {
    const error = createProviderError({ ...context, path: "/v1/orders", status: 402, body: ordersDeclined });
    expect(error).toBeInstanceOf(ProviderPaymentRequiredError);
    expect(error.message).toBe(
      "Mercado Pago responded 402 to POST /v1/orders: failed: The following transactions failed (pay_01: insufficient_amount)",
    );
    expect(error.code).toBe("failed");
    expect((error as ProviderPaymentRequiredError).data).toEqual({ id: "ORD01ABC", status: "failed" });
  });

  it("joins several Orders errors", () => {
    const body = {
      errors: [
        { code: "required_properties", message: "The following properties are required", details: ["payer.email"] },
        { code: "property_type" },
      ],
    };
    expect(describeErrorBody(body)).toBe(
      "required_properties: The following properties are required (payer.email); property_type",
    );
  });

  it("describes legacy, gateway, text and empty bodies", () => {
    expect(describeErrorBody({ ErrorMessage: "Resource not found", ErrorCode: "error_resource_not_found" })).toBe(
      "Resource not found (error_resource_not_found)",
    );
    expect(describeErrorBody({ status: 502, message: "Bad Gateway" })).toBe("Bad Gateway");
    expect(describeErrorBody({ error: "internal_error", cause: [] })).toBe("internal_error");
    expect(describeErrorBody("<html>\n  <h1>502</h1>\n</html>")).toBe("<html> <h1>502</h1> </html>");
    expect(describeErrorBody("x".repeat(400))).toHaveLength(301);
    expect(describeErrorBody(undefined)).toBe("");
    expect(createProviderError({ ...context, status: 500, body: undefined }).message).toBe(
      "Mercado Pago responded 500 to POST /v1/payments",
    );
  });

  it("keeps retryAfterSeconds on rate-limit errors only", () => {
    const error = createProviderError({ ...context, status: 429, body: undefined, retryAfterSeconds: 3 });
    expect(error).toBeInstanceOf(ProviderRateLimitError);
    expect((error as ProviderRateLimitError).retryAfterSeconds).toBe(3);
    expect(error.toJSON()).toMatchObject({ retryAfterSeconds: 3, status: 429 });
  });

  it("serialises to a plain object", () => {
    const error = createProviderError({
      ...context,
      status: 409,
      body: { errors: [{ code: "idempotency_key_already_used" }] },
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "ProviderConflictError",
      message: "Mercado Pago responded 409 to POST /v1/payments: idempotency_key_already_used",
      status: 409,
      code: "idempotency_key_already_used",
      idempotencyKey: "key-1",
      method: "POST",
      path: "/v1/payments",
      body: { errors: [{ code: "idempotency_key_already_used" }] },
    });
  });

  it("never holds the token, even when the provider echoes it back", () => {
    const echoed = {
      message: `Invalid access token ${TOKEN}`,
      error: "unauthorized",
      cause: [{ code: 2001, description: `token ${TOKEN} rejected`, data: `Bearer ${TOKEN}` }],
      [TOKEN]: TOKEN,
    };
    const error = createProviderError({ ...context, status: 401, body: echoed, secrets: [TOKEN] });
    expect(error).toBeInstanceOf(ProviderAuthenticationError);
    for (const output of [error.message, JSON.stringify(error), inspect(error, { depth: 10 }), String(error.stack)]) {
      expect(output).not.toContain(TOKEN);
    }
    expect(error.message).toContain("Invalid access token [REDACTED]");
  });
});

describe("redaction", () => {
  it("removes given secrets, bearer values and token-shaped strings", () => {
    expect(redactSecrets("a s3cr3t b", ["s3cr3t"])).toBe("a [REDACTED] b");
    expect(redactSecrets("Authorization: Bearer abc.def")).toBe("Authorization: Bearer [REDACTED]");
    expect(redactSecrets("TEST-1111111111111111-222222-x")).toBe("[REDACTED]");
    expect(redactSecrets("payment 123 approved")).toBe("payment 123 approved");
  });

  it("redacts deep inside parsed bodies without touching other values", () => {
    expect(redactValue({ a: ["x-secret-x", 1, null], b: { c: true } }, ["secret"])).toEqual({
      a: ["x-[REDACTED]-x", 1, null],
      b: { c: true },
    });
  });
});

describe("parsing helpers", () => {
  it("parses JSON, keeps text, and maps an empty body to undefined", () => {
    expect(parseErrorBody('{"message":"x"}')).toEqual({ message: "x" });
    expect(parseErrorBody("Bad Gateway")).toBe("Bad Gateway");
    expect(parseErrorBody("  ")).toBeUndefined();
  });

  it("parses Retry-After in seconds or as an HTTP date", () => {
    expect(parseRetryAfterSeconds("2")).toBe(2);
    expect(parseRetryAfterSeconds(null)).toBeUndefined();
    expect(parseRetryAfterSeconds("soon")).toBeUndefined();
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfterSeconds("Wed, 01 Jan 2025 00:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfterSeconds("Tue, 31 Dec 2024 23:00:00 GMT", now)).toBe(0);
  });

  it("builds a typed error from a Response", async () => {
    const response = new Response(JSON.stringify({ message: "slow down", error: "too_many_requests", status: 429 }), {
      status: 429,
      headers: { "retry-after": "5", "x-request-id": "req-42", "content-type": "application/json" },
    });
    const error = await createProviderErrorFromResponse(response, context);
    expect(error).toBeInstanceOf(ProviderRateLimitError);
    expect(error).toMatchObject({ status: 429, requestId: "req-42", retryAfterSeconds: 5, code: "too_many_requests" });
  });
});

describe("connection errors", () => {
  it("carry the call context and the advice to repeat with the same key", () => {
    const cause = new TypeError("fetch failed");
    const error = new ProviderConnectionError({ ...context, cause });
    expect(error.message).toBe(
      "Could not reach Mercado Pago for POST /v1/payments (fetch failed). It may or may not have been processed: repeat it with X-Idempotency-Key key-1 to avoid a duplicate.",
    );
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).toEqual({
      name: "ProviderConnectionError",
      message: error.message,
      idempotencyKey: "key-1",
      method: "POST",
      path: "/v1/payments",
    });
  });

  it("make timeouts a kind of connection error", () => {
    const error = new ProviderTimeoutError({ ...context, timeoutMs: 10_000 });
    expect(error).toBeInstanceOf(ProviderConnectionError);
    expect(error).not.toBeInstanceOf(ProviderError);
    expect(error.name).toBe("ProviderTimeoutError");
    expect(error.message).toMatch(/^Mercado Pago did not answer POST \/v1\/payments within 10000 ms\./);
    expect(error.toJSON()).toMatchObject({ timeoutMs: 10_000, idempotencyKey: "key-1" });
  });

  it("say so when there is no key (GET)", () => {
    const error = new ProviderConnectionError({ method: "GET", path: "/v1/payments/1" });
    expect(error.message).toBe(
      "Could not reach Mercado Pago for GET /v1/payments/1. It was not retried; repeating a read is safe.",
    );
  });

  it("replace a cause that mentions the token", () => {
    const error = new ProviderConnectionError({
      ...context,
      cause: new Error(`socket closed for ${TOKEN}`),
      secrets: [TOKEN],
    });
    for (const output of [error.message, JSON.stringify(error), inspect(error, { depth: 10 })]) {
      expect(output).not.toContain(TOKEN);
    }
    expect(error.message).toContain("socket closed for [REDACTED]");
  });
});
