import { describe, expect, expectTypeOf, it } from "vitest";
import { ProviderConflictError, ProviderPaymentRequiredError } from "../errors";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";
import { IDEMPOTENCY_KEY_HEADER } from "../transport";
import type { NoContentResult } from "../typed-client";
import type { Order, OrderCreateRequest } from "./types";

const ORDER = { id: "ORD01JQ4S4KY8HWQ6NA5PXB65B3D3", status: "processed", total_amount: "100.00" };
const CREATE_BODY: OrderCreateRequest = {
  type: "online",
  total_amount: "100.00",
  external_reference: "cart-42",
  payer: { email: "buyer@example.com" },
  transactions: {
    payments: [
      { amount: "100.00", payment_method: { id: "master", type: "credit_card", token: "tok", installments: 1 } },
    ],
  },
};

describe("orders", () => {
  it("create sends POST /v1/orders with the body and an idempotency key", async () => {
    const { client, last } = createRecordingClient(respondJson(ORDER, 201));
    await expect(client.orders.create(CREATE_BODY, { idempotencyKey: "order-cart-42" })).resolves.toEqual(ORDER);
    expect(wireOf(last())).toEqual(wire("POST", "/v1/orders", { body: CREATE_BODY }));
    expect(last().headers.get(IDEMPOTENCY_KEY_HEADER)).toBe("order-cart-42");
    expectTypeOf(client.orders.create).returns.resolves.toEqualTypeOf<Order>();
  });

  it("a 402 from create rejects with ProviderPaymentRequiredError carrying the failed order as data", async () => {
    const failed = { ...ORDER, status: "failed", status_detail: "failed" };
    const declined = {
      errors: [
        { code: "failed", message: "The following transactions failed", details: ["pay_01: insufficient_amount"] },
      ],
      data: failed,
    };
    const { client } = createRecordingClient(respondJson(declined, 402));
    const pending = client.orders.create(CREATE_BODY, { idempotencyKey: "order-cart-42" });
    await expect(pending).rejects.toBeInstanceOf(ProviderPaymentRequiredError);
    await expect(pending).rejects.toMatchObject({
      status: 402,
      code: "failed",
      data: failed,
      idempotencyKey: "order-cart-42",
      method: "POST",
      path: "/v1/orders",
    });
  });

  it("a 409 rejects with ProviderConflictError", async () => {
    const body = { errors: [{ code: "idempotency_key_already_used", message: "conflict" }] };
    const { client } = createRecordingClient(respondJson(body, 409));
    await expect(client.orders.create(CREATE_BODY)).rejects.toBeInstanceOf(ProviderConflictError);
  });

  it("get sends GET /v1/orders/{id}", async () => {
    const { client, last } = createRecordingClient(respondJson(ORDER));
    await expect(client.orders.get(ORDER.id)).resolves.toEqual(ORDER);
    expect(wireOf(last())).toEqual(wire("GET", `/v1/orders/${ORDER.id}`));
  });

  it.each([
    ["process", "/process"],
    ["capture", "/capture"],
    ["cancel", "/cancel"],
  ] as const)("%s sends POST /v1/orders/{id}%s with no body", async (method, suffix) => {
    const { client, last } = createRecordingClient(respondJson(ORDER));
    await expect(client.orders[method](ORDER.id)).resolves.toEqual(ORDER);
    expect(wireOf(last())).toEqual(wire("POST", `/v1/orders/${ORDER.id}${suffix}`));
    expect(last().headers.get("content-type")).toBeNull();
    expect(last().headers.get(IDEMPOTENCY_KEY_HEADER)).toBe("generated-1");
  });

  it("refund without a body sends POST /v1/orders/{id}/refund with no body (full refund)", async () => {
    const { client, last } = createRecordingClient(respondJson({ ...ORDER, status: "refunded" }, 201));
    await client.orders.refund(ORDER.id);
    expect(wireOf(last())).toEqual(wire("POST", `/v1/orders/${ORDER.id}/refund`));
  });

  it("refund with transactions sends them (partial refund)", async () => {
    const { client, last } = createRecordingClient(respondJson(ORDER, 201));
    const body = { transactions: [{ id: "pay_01", amount: "50.00" }] };
    await client.orders.refund(ORDER.id, body, { idempotencyKey: "refund-1" });
    expect(wireOf(last())).toEqual(wire("POST", `/v1/orders/${ORDER.id}/refund`, { body }));
    expect(last().headers.get(IDEMPOTENCY_KEY_HEADER)).toBe("refund-1");
  });

  it("createTransactions sends POST /v1/orders/{id}/transactions with {payments}", async () => {
    const result = { payments: [{ id: "pay_01", amount: "100.00" }] };
    const { client, last } = createRecordingClient(respondJson(result, 201));
    const body = { payments: [{ amount: "100.00", payment_method: { id: "pix", type: "bank_transfer" } }] };
    await expect(client.orders.createTransactions(ORDER.id, body)).resolves.toEqual(result);
    expect(wireOf(last())).toEqual(wire("POST", `/v1/orders/${ORDER.id}/transactions`, { body }));
  });

  it("updateTransaction sends PUT /v1/orders/{id}/transactions/{transactionId} with the body", async () => {
    const { client, last } = createRecordingClient(respondJson({ id: "pay_01", amount: "80.00" }));
    await client.orders.updateTransaction(ORDER.id, "pay_01", { amount: "80.00" });
    expect(wireOf(last())).toEqual(
      wire("PUT", `/v1/orders/${ORDER.id}/transactions/pay_01`, { body: { amount: "80.00" } }),
    );
  });

  it("deleteTransaction sends DELETE /v1/orders/{id}/transactions/{transactionId} and resolves {status, headers} on 204", async () => {
    const { client, last } = createRecordingClient(
      () => new Response(null, { status: 204, headers: { "x-request-id": "req-204" } }),
    );
    const result = await client.orders.deleteTransaction(ORDER.id, "pay_01", { idempotencyKey: "delete-pay_01" });
    expect(result.status).toBe(204);
    expect(result.headers.get("x-request-id")).toBe("req-204");
    expect(wireOf(last())).toEqual(wire("DELETE", `/v1/orders/${ORDER.id}/transactions/pay_01`));
    expect(last().headers.get(IDEMPOTENCY_KEY_HEADER)).toBe("delete-pay_01");
    expectTypeOf(result).toEqualTypeOf<NoContentResult>();
  });
});
