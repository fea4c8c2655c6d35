import { describe, expect, expectTypeOf, it } from "vitest";
import {
  ProviderBadRequestError,
  ProviderConflictError,
  ProviderNotFoundError,
  ProviderServerError,
  ProviderTimeoutError,
} from "./errors";
import { json, type Step, scriptedTransport } from "./test-support/scripted-fetch";
import type { ProviderClientOptions } from "./transport";
import { createTypedClient, type NoContentResult, toFetchOptions, unwrap } from "./typed-client";

/** A hand-written slice of what openapi-typescript generates, enough to exercise the types. */
interface Payment {
  id: number;
  status: "approved" | "pending" | "rejected";
  transaction_amount: number;
}
interface ClassicError {
  message: string;
  error: string;
  status: number;
  cause?: { code: number | string; description: string }[];
}
type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };
interface TestPaths {
  "/v1/payments": {
    parameters: NoParameters;
    get?: never;
    put?: never;
    post: {
      parameters: NoParameters;
      requestBody: { content: { "application/json": { transaction_amount: number; description?: string } } };
      responses: {
        201: { headers: { [name: string]: unknown }; content: { "application/json": Payment } };
        400: { headers: { [name: string]: unknown }; content: { "application/json": ClassicError } };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments/{id}": {
    parameters: NoParameters;
    get: {
      parameters: { query?: never; header?: never; path: { id: number }; cookie?: never };
      requestBody?: never;
      responses: {
        200: { headers: { [name: string]: unknown }; content: { "application/json": Payment } };
        404: { headers: { [name: string]: unknown }; content: { "application/json": ClassicError } };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/payments/search": {
    parameters: NoParameters;
    get: {
      parameters: {
        query?: { external_reference?: string; limit?: number };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: { [name: string]: unknown };
          content: { "application/json": { results: Payment[]; paging: { total: number } } };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/orders/{id}/transactions/{transaction_id}": {
    parameters: NoParameters;
    get?: never;
    put?: never;
    post?: never;
    delete: {
      parameters: { query?: never; header?: never; path: { id: string; transaction_id: string }; cookie?: never };
      requestBody?: never;
      responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/customers/{id}": {
    parameters: NoParameters;
    get?: never;
    put?: never;
    post?: never;
    delete: {
      parameters: { query?: never; header?: never; path: { id: string }; cookie?: never };
      requestBody?: never;
      responses: {
        200: { headers: { [name: string]: unknown }; content: { "application/json": { id: string } } };
        204: { headers: { [name: string]: unknown }; content?: never };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

const TOKEN = "TEST-1234567890123456-112233-abcdef";
const BASE = "http://sandbox.test";
const payment: Payment = { id: 123, status: "approved", transaction_amount: 19.99 };

function setup(steps: Step[], options: Partial<ProviderClientOptions> = {}) {
  const { fetch, sent, sleep, idempotencyKey } = scriptedTransport(steps);
  const client = createTypedClient<TestPaths>({
    accessToken: TOKEN,
    baseUrl: BASE,
    fetch,
    sleep,
    idempotencyKey,
    ...options,
  });
  const keys = () => sent.map((request) => request.headers.get("x-idempotency-key"));
  return { client, fetch, sent, idempotencyKey, sleep, keys };
}

describe("createTypedClient", () => {
  it("sends typed requests with auth, JSON and an idempotency key, and unwraps typed data", async () => {
    const { client, sent } = setup([json(201, payment)]);
    const created = await unwrap(client.POST("/v1/payments", { body: { transaction_amount: 19.99 } }));
    expectTypeOf(created).toEqualTypeOf<Payment>();
    expect(created).toEqual(payment);
    const request = sent[0];
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe(`${BASE}/v1/payments`);
    expect(request?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(request?.headers.get("x-idempotency-key")).toBe("key-1");
    expect(request?.headers.get("user-agent")).toBe("cobro-provider-client");
    expect(request?.body).toBe('{"transaction_amount":19.99}');
  });

  it("fills path and query parameters and sends no key on GET", async () => {
    const { client, sent } = setup([json(200, payment), json(200, { results: [payment], paging: { total: 1 } })]);
    const found = await unwrap(client.GET("/v1/payments/{id}", { params: { path: { id: 123 } } }));
    expectTypeOf(found).toEqualTypeOf<Payment>();
    const page = await unwrap(
      client.GET("/v1/payments/search", { params: { query: { external_reference: "order 42", limit: 10 } } }),
    );
    expect(page.paging.total).toBe(1);
    expect(sent.map((request) => request.url)).toEqual([
      `${BASE}/v1/payments/123`,
      `${BASE}/v1/payments/search?external_reference=order%2042&limit=10`,
    ]);
    expect(sent.map((request) => request.headers.get("x-idempotency-key"))).toEqual([null, null]);
  });

  it("creates the key once per call (middleware) and reuses it on every retry (fetch)", async () => {
    const { client, sent, keys, idempotencyKey, sleep } = setup([json(500, {}), json(503, {}), json(201, payment)]);
    await unwrap(client.POST("/v1/payments", { body: { transaction_amount: 19.99 } }));
    expect(keys()).toEqual(["key-1", "key-1", "key-1"]);
    expect(idempotencyKey).toHaveBeenCalledTimes(1);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
    expect(new Set(sent.map((request) => request.body)).size).toBe(1);
  });

  it("uses a per-call key for that call only", async () => {
    const { client, keys } = setup([json(500, {}), json(201, payment), json(201, payment), json(201, payment)]);
    const body = { transaction_amount: 10 };
    await unwrap(client.POST("/v1/payments", { body, ...toFetchOptions({ idempotencyKey: "order-42" }) }));
    await unwrap(client.POST("/v1/payments", { body }));
    await unwrap(client.POST("/v1/payments", { body, ...toFetchOptions() }));
    expect(keys()).toEqual(["order-42", "order-42", "key-1", "key-2"]);
  });

  it("uses a per-call access token for that call only", async () => {
    const { client, sent } = setup([json(200, payment), json(200, payment)]);
    await unwrap(
      client.GET("/v1/payments/{id}", { params: { path: { id: 1 } }, ...toFetchOptions({ accessToken: "SELLER" }) }),
    );
    await unwrap(client.GET("/v1/payments/{id}", { params: { path: { id: 1 } } }));
    expect(sent.map((request) => request.headers.get("authorization"))).toEqual(["Bearer SELLER", `Bearer ${TOKEN}`]);
  });

  it("rejects non-success with typed errors instead of returning { error }", async () => {
    const { client } = setup([
      json(400, { message: "invalid", error: "bad_request", status: 400, cause: [] }, { "x-request-id": "r1" }),
      json(404, { message: "not found", error: "not_found", status: 404 }),
      json(409, { errors: [{ code: "idempotency_key_already_used" }] }),
    ]);
    await expect(client.POST("/v1/payments", { body: { transaction_amount: 1 } })).rejects.toMatchObject({
      constructor: ProviderBadRequestError,
      status: 400,
      requestId: "r1",
      idempotencyKey: "key-1",
      method: "POST",
      path: "/v1/payments",
    });
    await expect(unwrap(client.GET("/v1/payments/{id}", { params: { path: { id: 9 } } }))).rejects.toBeInstanceOf(
      ProviderNotFoundError,
    );
    await expect(
      unwrap(
        client.POST("/v1/payments", { body: { transaction_amount: 1 }, ...toFetchOptions({ idempotencyKey: "k" }) }),
      ),
    ).rejects.toMatchObject({ constructor: ProviderConflictError, idempotencyKey: "k" });
  });

  it("rejects with ProviderServerError after the last retry", async () => {
    const { client, fetch } = setup([json(500, {}), json(500, {}), json(500, {})]);
    await expect(unwrap(client.GET("/v1/payments/{id}", { params: { path: { id: 1 } } }))).rejects.toBeInstanceOf(
      ProviderServerError,
    );
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("rejects a timeout with the key to repeat the call", async () => {
    const { client } = setup(["hang"], { timeoutMs: 5 });
    await expect(client.POST("/v1/payments", { body: { transaction_amount: 1 } })).rejects.toMatchObject({
      constructor: ProviderTimeoutError,
      idempotencyKey: "key-1",
    });
  });

  it("cancels a call through the per-call signal with the caller's reason", async () => {
    const { client } = setup(["hang"]);
    const controller = new AbortController();
    const reason = new Error("request cancelled");
    const pending = client.POST("/v1/payments", {
      body: { transaction_amount: 1 },
      ...toFetchOptions({ signal: controller.signal }),
    });
    setTimeout(() => controller.abort(reason), 1);
    await expect(pending).rejects.toBe(reason);
  });

  it("resolves a 204 to { status, headers } only", async () => {
    const { client, keys } = setup([new Response(null, { status: 204, headers: { "x-request-id": "r-204" } })]);
    const result = await unwrap(
      client.DELETE("/v1/orders/{id}/transactions/{transaction_id}", {
        params: { path: { id: "ORD1", transaction_id: "pay_1" } },
      }),
    );
    expectTypeOf(result).toEqualTypeOf<NoContentResult>();
    expect(Object.keys(result).sort()).toEqual(["headers", "status"]);
    expect(result.status).toBe(204);
    expect(result.headers.get("x-request-id")).toBe("r-204");
    expect(keys()).toEqual(["key-1"]);
  });

  it("types an operation with both 200 and 204 as either", async () => {
    const { client } = setup([json(200, { id: "C1" }), new Response(null, { status: 204 })]);
    const first = await unwrap(client.DELETE("/v1/customers/{id}", { params: { path: { id: "C1" } } }));
    expectTypeOf(first).toEqualTypeOf<{ id: string } | NoContentResult>();
    expect(first).toEqual({ id: "C1" });
    const second = await unwrap(client.DELETE("/v1/customers/{id}", { params: { path: { id: "C1" } } }));
    expect(second).toMatchObject({ status: 204 });
  });
});

describe("types", () => {
  it("checks paths, parameters and bodies against the paths type", () => {
    const { client, fetch } = setup([]);
    const calls = [
      // @ts-expect-error transaction_amount must be a number
      () => client.POST("/v1/payments", { body: { transaction_amount: "1" } }),
      // @ts-expect-error the path is not in the paths type
      () => client.GET("/v1/unknown"),
      // @ts-expect-error the path parameter is required
      () => client.GET("/v1/payments/{id}", {}),
    ];
    expect(calls).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("toFetchOptions", () => {
  it("maps per-call options to per-request headers and signal", () => {
    const signal = new AbortController().signal;
    expect(toFetchOptions({ idempotencyKey: "k", signal, accessToken: "T" })).toEqual({
      headers: { "X-Idempotency-Key": "k", Authorization: "Bearer T" },
      signal,
    });
    expect(toFetchOptions({})).toEqual({});
    expect(toFetchOptions()).toEqual({});
  });
});
