import { describe, expect, expectTypeOf, it } from "vitest";
import { CONFIGURED_TOKEN, createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";
import { IDEMPOTENCY_KEY_HEADER } from "../transport";
import type { Payment, PaymentSearchResult } from "./types";

const PAYMENT = { id: 123, status: "approved", status_detail: "accredited", transaction_amount: 100 };

describe("payments", () => {
  it("get sends GET /v1/payments/{id} and resolves the payment", async () => {
    const { client, last } = createRecordingClient(respondJson(PAYMENT));
    const payment = await client.payments.get(123);
    expect(payment).toEqual(PAYMENT);
    expect(wireOf(last())).toEqual(wire("GET", "/v1/payments/123"));
    expect(last().headers.get(IDEMPOTENCY_KEY_HEADER)).toBeNull();
    expectTypeOf(client.payments.get).returns.resolves.toEqualTypeOf<Payment>();
  });

  it("create sends POST /v1/payments with exactly the body given", async () => {
    const { client, last } = createRecordingClient(respondJson(PAYMENT, 201));
    const body = {
      transaction_amount: 149.9,
      token: "card-token",
      installments: 1,
      payment_method_id: "visa",
      payer: { email: "buyer@example.com" },
    };
    await expect(client.payments.create(body)).resolves.toEqual(PAYMENT);
    expect(wireOf(last())).toEqual(wire("POST", "/v1/payments", { body }));
    expect(last().headers.get("content-type")).toBe("application/json");
  });

  it("create keeps capture and binary_mode the caller chose", async () => {
    const { client, last } = createRecordingClient(respondJson(PAYMENT, 201));
    const body = { transaction_amount: 10, payer: { email: "a@b.c" }, capture: false, binary_mode: true };
    await client.payments.create(body);
    expect(last().body).toEqual(body);
  });

  it("search sends GET /v1/payments/search with the query, dotted keys included", async () => {
    const result = { paging: { total: 0, limit: 10, offset: 0 }, results: [] };
    const { client, last } = createRecordingClient(respondJson(result));
    await expect(
      client.payments.search({
        external_reference: "order 42",
        status: "approved",
        "payer.id": "77",
        sort: "date_created",
        criteria: "desc",
        limit: 10,
      }),
    ).resolves.toEqual(result);
    expect(wireOf(last())).toEqual(
      wire("GET", "/v1/payments/search", {
        search: "?external_reference=order%2042&status=approved&payer.id=77&sort=date_created&criteria=desc&limit=10",
      }),
    );
    expectTypeOf(client.payments.search).returns.resolves.toEqualTypeOf<PaymentSearchResult>();
  });

  it("search without a query sends no query string", async () => {
    const { client, last } = createRecordingClient(respondJson({ paging: {}, results: [] }));
    await client.payments.search();
    expect(last().search).toBe("");
  });

  it("capture sends PUT /v1/payments/{id} with {capture: true} for the full amount", async () => {
    const { client, last } = createRecordingClient(respondJson(PAYMENT));
    await client.payments.capture(123);
    expect(wireOf(last())).toEqual(wire("PUT", "/v1/payments/123", { body: { capture: true } }));
  });

  it("capture with an amount sends {capture: true, transaction_amount}", async () => {
    const { client, last } = createRecordingClient(respondJson(PAYMENT));
    await client.payments.capture(123, 80.5);
    expect(last().body).toEqual({ capture: true, transaction_amount: 80.5 });
  });

  it("cancel sends PUT /v1/payments/{id} with {status: cancelled} only", async () => {
    const { client, last } = createRecordingClient(respondJson({ ...PAYMENT, status: "cancelled" }));
    await client.payments.cancel(123);
    expect(wireOf(last())).toEqual(wire("PUT", "/v1/payments/123", { body: { status: "cancelled" } }));
  });

  it("a per-call idempotency key is sent on that call only", async () => {
    const { client, requests } = createRecordingClient(respondJson(PAYMENT, 201));
    const body = { transaction_amount: 10, payer: { email: "a@b.c" } };
    await client.payments.create(body, { idempotencyKey: "checkout-42" });
    await client.payments.create(body);
    await client.payments.capture(123, undefined, { idempotencyKey: "capture-123" });
    await client.payments.cancel(123);
    expect(requests.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER))).toEqual([
      "checkout-42",
      "generated-1",
      "capture-123",
      "generated-2",
    ]);
  });

  it("a per-call access token is used for that call only", async () => {
    const { client, requests } = createRecordingClient(respondJson(PAYMENT));
    await client.payments.get(123, { accessToken: "APP_USR-seller" });
    await client.payments.get(123);
    expect(requests.map((request) => request.headers.get("authorization"))).toEqual([
      "Bearer APP_USR-seller",
      `Bearer ${CONFIGURED_TOKEN}`,
    ]);
  });

  it("an aborted signal rejects the call without sending it", async () => {
    const { client, requests } = createRecordingClient(respondJson(PAYMENT));
    const controller = new AbortController();
    controller.abort(new Error("user left"));
    await expect(client.payments.get(123, { signal: controller.signal })).rejects.toThrow("user left");
    expect(requests).toHaveLength(0);
  });
});
