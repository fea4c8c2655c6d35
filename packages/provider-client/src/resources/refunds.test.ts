import { describe, expect, expectTypeOf, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";
import { IDEMPOTENCY_KEY_HEADER } from "../transport";
import type { Refund } from "./types";

const REFUND = { id: 9001, payment_id: 123, amount: 50.25, status: "approved" };

describe("refunds", () => {
  it("create without an amount sends POST /v1/payments/{payment_id}/refunds with an empty body (full refund)", async () => {
    const { client, last } = createRecordingClient(respondJson(REFUND, 201));
    await expect(client.refunds.create(123)).resolves.toEqual(REFUND);
    expect(wireOf(last())).toEqual(wire("POST", "/v1/payments/123/refunds", { body: {} }));
    expect(last().headers.get(IDEMPOTENCY_KEY_HEADER)).toBe("generated-1");
    expect(last().headers.get("x-render-in-process-refunds")).toBeNull();
  });

  it("create with an amount sends {amount} (partial refund)", async () => {
    const { client, last } = createRecordingClient(respondJson(REFUND, 201));
    await client.refunds.create(123, { amount: 50.25 }, { idempotencyKey: "refund-123-1" });
    expect(wireOf(last())).toEqual(wire("POST", "/v1/payments/123/refunds", { body: { amount: 50.25 } }));
    expect(last().headers.get(IDEMPOTENCY_KEY_HEADER)).toBe("refund-123-1");
  });

  it("renderInProcessRefunds sends X-Render-In-Process-Refunds: true", async () => {
    const { client, last } = createRecordingClient(respondJson({ ...REFUND, status: "in_process" }, 201));
    await client.refunds.create(123, {}, { renderInProcessRefunds: true });
    expect(last().headers.get("x-render-in-process-refunds")).toBe("true");
  });

  it("list sends GET /v1/payments/{payment_id}/refunds/ with the trailing slash and resolves the array", async () => {
    const { client, last } = createRecordingClient(respondJson([REFUND]));
    await expect(client.refunds.list(123)).resolves.toEqual([REFUND]);
    expect(wireOf(last())).toEqual(wire("GET", "/v1/payments/123/refunds/"));
    expectTypeOf(client.refunds.list).returns.resolves.toEqualTypeOf<Refund[]>();
  });

  it("get sends GET /v1/payments/{payment_id}/refunds/{refund_id}", async () => {
    const { client, last } = createRecordingClient(respondJson(REFUND));
    await expect(client.refunds.get(123, 9001)).resolves.toEqual(REFUND);
    expect(wireOf(last())).toEqual(wire("GET", "/v1/payments/123/refunds/9001"));
  });
});
