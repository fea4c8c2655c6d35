// The provider call log: every call the client makes lands in `provider_calls` through the client's hook, with
// the payment it was about and never a body, a token or card data; a failing insert never fails the call; old
// rows are pruned.
import { createProviderClient } from "@cobro/provider-client";
import { afterAll, describe, expect, it } from "vitest";
import { createCapturingLogger } from "../test/capture-logs";
import { startShopTestEnv } from "../test/shop-test-env";
import { createTestDatabase } from "../test/test-database";
import { createProviderCallRecorder, pruneProviderCalls, resourceIdOfCall } from "./provider-call-log";

const env = await startShopTestEnv();
afterAll(() => env.close());

describe("resourceIdOfCall", () => {
  it("takes the payment id from the path, else the response's id, never a card token's", () => {
    expect(resourceIdOfCall({ path: "/v1/payments/123/refunds", responseId: "999" })).toBe("123");
    expect(resourceIdOfCall({ path: "/v1/payments/123", responseId: null })).toBe("123");
    expect(resourceIdOfCall({ path: "/v1/payments", responseId: "456" })).toBe("456");
    expect(resourceIdOfCall({ path: "/v1/card_tokens", responseId: "tok_secret" })).toBeNull();
  });

  it("takes the order id from an Orders path (its refunds and transactions too)", () => {
    expect(resourceIdOfCall({ path: "/v1/orders/ORD01ABC/refund", responseId: null })).toBe("ORD01ABC");
    expect(resourceIdOfCall({ path: "/v1/orders/ORD01ABC/transactions/pay_01X", responseId: "pay_01X" })).toBe(
      "ORD01ABC",
    );
    expect(resourceIdOfCall({ path: "/v1/orders", responseId: "ORD01NEW" })).toBe("ORD01NEW");
  });
});

describe("the provider call recorder", () => {
  it("records a payment's creation and refund with status, attempts, key and the payment id; no card data", async () => {
    const token = await env.cardToken("APRO");
    const payment = await env.provider.payments.create(
      { transaction_amount: 10, token, payment_method_id: "visa", installments: 1, payer: { email: "a@testuser.com" } },
      { idempotencyKey: "call-log-create-1" },
    );
    await env.provider.refunds.create(payment.id, {}, { idempotencyKey: "call-log-refund-1" });
    await env.flushProviderCalls();
    const rows = await env.db
      .selectFrom("provider_calls")
      .selectAll()
      .where("resource_id", "=", String(payment.id))
      .orderBy("created_at")
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/v1/payments",
        status: 201,
        error: null,
        attempts: 1,
        idempotency_key: "call-log-create-1",
      }),
      expect.objectContaining({ method: "POST", path: `/v1/payments/${payment.id}/refunds`, status: 201 }),
    ]);
    const everything = JSON.stringify(await env.db.selectFrom("provider_calls").selectAll().execute());
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(env.seller.accessToken);
  });

  it("records a refused call with its status and error name", async () => {
    await expect(env.provider.payments.get(1)).rejects.toThrow();
    await env.flushProviderCalls();
    const row = await env.db
      .selectFrom("provider_calls")
      .selectAll()
      .where("path", "=", "/v1/payments/1")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ method: "GET", status: 404, error: "ProviderNotFoundError", resource_id: "1" });
  });

  it("never fails the call when the insert fails; the failure is logged", async () => {
    const broken = await createTestDatabase();
    await broken.drop();
    const { logger, lines } = createCapturingLogger("warn");
    const recorder = createProviderCallRecorder({ db: broken.db, logger });
    const client = createProviderClient({
      accessToken: env.seller.accessToken,
      baseUrl: env.sandbox.url,
      onCallEnd: recorder.onCallEnd,
    });
    const payment = await client.payments.create({
      transaction_amount: 10,
      token: await env.cardToken("APRO"),
      payment_method_id: "visa",
      installments: 1,
      payer: { email: "a@testuser.com" },
    });
    expect(payment.status).toBe("approved");
    await recorder.flush();
    expect(lines.some((line) => line.msg === "recording a provider call failed")).toBe(true);
  });
});

describe("pruneProviderCalls", () => {
  it("deletes rows older than the cut-off only", async () => {
    const old = new Date("2020-01-01T00:00:00Z");
    await env.db
      .insertInto("provider_calls")
      .values([
        { method: "GET", path: "/old", duration_ms: 1, attempts: 1, created_at: old },
        { method: "GET", path: "/new", duration_ms: 1, attempts: 1, created_at: new Date() },
      ])
      .execute();
    expect(await pruneProviderCalls({ db: env.db, olderThan: new Date("2021-01-01T00:00:00Z") })).toBe(1);
    const paths = (await env.db.selectFrom("provider_calls").select("path").execute()).map((row) => row.path);
    expect(paths).toContain("/new");
    expect(paths).not.toContain("/old");
  });
});
