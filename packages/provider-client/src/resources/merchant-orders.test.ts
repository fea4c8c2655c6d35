import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

const MERCHANT_ORDER = { id: 555, status: "opened", order_status: "payment_required" };

describe("merchantOrders", () => {
  it("create sends POST /merchant_orders with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(MERCHANT_ORDER, 201));
    const body = { preference_id: "123-abc", external_reference: "order-1" };
    await expect(client.merchantOrders.create(body)).resolves.toEqual(MERCHANT_ORDER);
    expect(wireOf(last())).toEqual(wire("POST", "/merchant_orders", { body }));
  });

  it("get sends GET /merchant_orders/{merchantOrderId}", async () => {
    const { client, last } = createRecordingClient(respondJson(MERCHANT_ORDER));
    await client.merchantOrders.get(555);
    expect(wireOf(last())).toEqual(wire("GET", "/merchant_orders/555"));
  });

  it("update sends PUT /merchant_orders/{merchantOrderId} with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(MERCHANT_ORDER));
    await client.merchantOrders.update(555, { external_reference: "order-2" });
    expect(wireOf(last())).toEqual(wire("PUT", "/merchant_orders/555", { body: { external_reference: "order-2" } }));
  });

  it("search sends GET /merchant_orders/search with the query", async () => {
    const result = { elements: [MERCHANT_ORDER], next_offset: 1, total: 1 };
    const { client, last } = createRecordingClient(respondJson(result));
    await expect(client.merchantOrders.search({ preference_id: "123-abc", status: "opened" })).resolves.toEqual(result);
    expect(wireOf(last())).toEqual(
      wire("GET", "/merchant_orders/search", { search: "?preference_id=123-abc&status=opened" }),
    );
  });
});
