// The core's own answers (401, validation 400s, idempotency errors, 404s) must
// match what the bundled provider spec says those operations return: run the
// core with no resource handlers against the real spec, through the
// contract-checking fetch.

import { describe, expect, it } from "vitest";
import { bearer, SILENT_LOGGER, TOKEN_A } from "../test-support/fixture-sandbox";
import { useSandbox } from "../test-support/use-sandbox";
import { createTestSandbox } from "../testing";
import { getProviderSpecValidator } from "./validation";

const sandbox = await useSandbox(() => createTestSandbox({ routes: [], tickIntervalMs: 0, logger: SILENT_LOGGER }));

describe("the bundled provider spec", () => {
  it("compiles every operation's request and response schemas", () => {
    const validator = getProviderSpecValidator();
    expect(validator.index.operations.length).toBeGreaterThan(50);
    for (const operation of validator.index.operations) {
      const samplePath = operation.template.replace(/\{[^}]+\}/g, "1");
      expect(
        validator.index.find(operation.method, samplePath)?.operation,
        `${operation.method} ${operation.template}`,
      ).toBe(operation);
      expect(() => validator.validateBody(operation, {})).not.toThrow();
      expect(() => validator.validateQuery(operation, new URL(`http://x${samplePath}`))).not.toThrow();
    }
  });

  it("marks /oauth/token public and lets card tokens take a public key", () => {
    const { index } = getProviderSpecValidator();
    expect(index.find("POST", "/oauth/token")?.operation.security.public).toBe(true);
    expect(index.find("POST", "/v1/card_tokens")?.operation.security.publicKeyQuery).toBe("public_key");
    expect(index.find("POST", "/v1/orders")?.operation.idempotency).toBe("required");
  });
});

describe("core answers conform to the spec", () => {
  it("401 on classic and Orders paths", async () => {
    for (const path of ["/v1/payments/search", "/v1/orders/ORD1", "/users/me", "/checkout/preferences/1"]) {
      const res = await sandbox.fetch(`${sandbox.url}${path}`);
      expect(res.status, path).toBe(401);
    }
  });

  it("400 for a payment body that breaks the schema", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/payments`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "spec-1" }),
      body: JSON.stringify({ transaction_amount: "100", payer: {} }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.cause.map((c: { description: string }) => c.description)).toContain(
      "transaction_amount must be number",
    );
  });

  it("400 for an Orders body that breaks the schema", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/orders`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "spec-2" }),
      body: JSON.stringify({ type: "online", total_amount: 100 }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.length).toBeGreaterThan(0);
  });

  it("400 when a required idempotency key is missing or too long", async () => {
    const payment = await sandbox.fetch(`${sandbox.url}/v1/payments/1/refunds`, {
      method: "POST",
      headers: bearer(TOKEN_A),
      body: "{}",
    });
    expect(payment.status).toBe(400);
    expect((await payment.json()).cause[0].code).toBe("empty_required_header");
    const order = await sandbox.fetch(`${sandbox.url}/v1/orders/ORD1/cancel`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "x".repeat(200) }),
    });
    expect(order.status).toBe(400);
    expect((await order.json()).errors[0].code).toBe("invalid_idempotency_key_length");
  });

  it("404 for a described operation without a handler", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/payments/123`, { headers: bearer(TOKEN_A) });
    expect(res.status).toBe(404);
  });
});
