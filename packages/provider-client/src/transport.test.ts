import { inspect } from "node:util";
import { describe, expect, it, vi } from "vitest";
import {
  ProviderAuthenticationError,
  ProviderBadRequestError,
  ProviderConflictError,
  ProviderConnectionError,
  ProviderError,
  ProviderNotFoundError,
  ProviderPaymentRequiredError,
  ProviderRateLimitError,
  ProviderServerError,
  ProviderTimeoutError,
} from "./errors";
import { json, type Step, scriptedFetch, scriptedTransport, sequentialKeys } from "./test-support/scripted-fetch";
import {
  type CallEndInfo,
  createProviderFetch,
  DEFAULT_BACKOFF_BASE_MS,
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  needsIdempotencyKey,
  type ProviderClientOptions,
  prepareProviderRequest,
  type RetryInfo,
  resolveTransportOptions,
  retryDelayMs,
  shouldRetry,
  sleepWithSignal,
} from "./transport";

const TOKEN = "APP_USR-1234567890123456-112233-abcdefabcdefabcdefabcdefabcdef12-987654321";
const BASE = "https://api.test";

function setup(steps: Step[], options: Partial<ProviderClientOptions> = {}) {
  const scripted = scriptedTransport(steps);
  const providerFetch = createProviderFetch({
    accessToken: TOKEN,
    baseUrl: BASE,
    fetch: scripted.fetch,
    sleep: scripted.sleep,
    idempotencyKey: scripted.idempotencyKey,
    ...options,
  });
  return { providerFetch, ...scripted };
}

const post = (body: unknown = { transaction_amount: 10 }): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
});

describe("policy functions", () => {
  it("retries only 5xx", () => {
    for (const status of [500, 502, 503, 504, 599]) expect(shouldRetry({ status })).toBe(true);
    for (const status of [400, 401, 402, 403, 404, 409, 422, 423, 424, 429, 200, 204]) {
      expect(shouldRetry({ status })).toBe(false);
    }
  });

  it("does not retry Orders idempotency_validation_failed, which needs a new key", () => {
    expect(shouldRetry({ status: 500, body: { errors: [{ code: "idempotency_validation_failed" }] } })).toBe(false);
    expect(shouldRetry({ status: 500, body: { errors: [{ code: "internal_error" }] } })).toBe(true);
  });

  it("doubles the delay from the base", () => {
    expect(retryDelayMs(0, 1000)).toBe(1000);
    expect(retryDelayMs(1, 1000)).toBe(2000);
    expect(retryDelayMs(2, 1000)).toBe(4000);
    expect(retryDelayMs(1, 50)).toBe(100);
    expect(retryDelayMs(3, 0)).toBe(0);
  });

  it("needs an idempotency key for every non-GET write", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post", "delete"]) {
      expect(needsIdempotencyKey(method)).toBe(true);
    }
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) expect(needsIdempotencyKey(method)).toBe(false);
  });
});

describe("resolveTransportOptions", () => {
  it("applies the documented defaults", () => {
    const resolved = resolveTransportOptions({ accessToken: TOKEN });
    expect(resolved).toMatchObject({
      baseUrl: DEFAULT_BASE_URL,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      maxRetries: DEFAULT_MAX_RETRIES,
      backoffBaseMs: DEFAULT_BACKOFF_BASE_MS,
      userAgent: "cobro-provider-client",
    });
    expect([DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS, DEFAULT_MAX_RETRIES, DEFAULT_BACKOFF_BASE_MS]).toEqual([
      "https://api.mercadopago.com",
      10_000,
      2,
      1_000,
    ]);
    expect(resolved.idempotencyKey()).toMatch(/^[0-9a-f-]{36}$/);
    expect(resolved.idempotencyKey()).not.toBe(resolved.idempotencyKey());
    expect(resolveTransportOptions({ accessToken: TOKEN, baseUrl: "http://localhost:4010/" }).baseUrl).toBe(
      "http://localhost:4010",
    );
  });

  it("refuses bad options without echoing the token", () => {
    expect(() => resolveTransportOptions({ accessToken: "" })).toThrow(TypeError);
    expect(() => resolveTransportOptions({ accessToken: `${TOKEN} ` })).toThrow(/whitespace/);
    try {
      resolveTransportOptions({ accessToken: `${TOKEN} ` });
    } catch (error) {
      expect(String(error)).not.toContain(TOKEN);
    }
    expect(() => resolveTransportOptions({ accessToken: TOKEN, timeoutMs: 0 })).toThrow(RangeError);
    expect(() => resolveTransportOptions({ accessToken: TOKEN, maxRetries: -1 })).toThrow(RangeError);
    expect(() => resolveTransportOptions({ accessToken: TOKEN, maxRetries: 1.5 })).toThrow(RangeError);
    expect(() => resolveTransportOptions({ accessToken: TOKEN, backoffBaseMs: -1 })).toThrow(RangeError);
    expect(() => resolveTransportOptions({ accessToken: TOKEN, baseUrl: "not a url" })).toThrow(TypeError);
  });
});

describe("headers", () => {
  it("sends the bearer token and user agent on every call, and JSON bodies as JSON", async () => {
    const { providerFetch, sent } = setup([json(200, {}), json(201, { id: 1 })], { userAgent: "my-shop/1.0" });
    await providerFetch("/users/me");
    await providerFetch("/v1/payments", post());
    for (const request of sent) {
      expect(request.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
      expect(request.headers.get("user-agent")).toBe("my-shop/1.0");
    }
    expect(sent[0]?.url).toBe(`${BASE}/users/me`);
    expect(sent[1]?.headers.get("content-type")).toBe("application/json");
    expect(sent[1]?.body).toBe('{"transaction_amount":10}');
  });

  it("uses the production base URL by default", async () => {
    const { fetch, sent } = scriptedFetch(json(200, {}));
    await createProviderFetch({ accessToken: TOKEN, fetch })("/users/me");
    expect(sent[0]?.url).toBe("https://api.mercadopago.com/users/me");
  });

  it("lets one call act with another token without changing the next call", async () => {
    const { providerFetch, sent } = setup([json(200, {}), json(200, {})]);
    await providerFetch("/users/me", { headers: { Authorization: "Bearer SELLER-TOKEN" } });
    await providerFetch("/users/me");
    expect(sent.map((request) => request.headers.get("authorization"))).toEqual([
      "Bearer SELLER-TOKEN",
      `Bearer ${TOKEN}`,
    ]);
  });
});

describe("idempotency keys", () => {
  it("adds one to POST, PUT, PATCH and DELETE but not to GET", async () => {
    const { providerFetch, sent } = setup(Array.from({ length: 5 }, () => json(200, {})));
    await providerFetch("/v1/payments/1");
    await providerFetch("/v1/payments", post());
    await providerFetch("/v1/payments/1", { method: "PUT", body: "{}" });
    await providerFetch("/point/integration-api/devices/D1", { method: "PATCH", body: "{}" });
    await providerFetch("/v1/customers/C1", { method: "DELETE" });
    expect(sent.map((request) => request.headers.get("x-idempotency-key"))).toEqual([
      null,
      "key-1",
      "key-2",
      "key-3",
      "key-4",
    ]);
  });

  it("makes one key per call and sends it unchanged on every retry, with the same body", async () => {
    const { providerFetch, sent, idempotencyKey } = setup([json(500, {}), json(502, {}), json(201, { id: 7 })]);
    const response = await providerFetch("/v1/payments", post({ transaction_amount: 19.99 }));
    expect(await response.json()).toEqual({ id: 7 });
    expect(idempotencyKey).toHaveBeenCalledTimes(1);
    expect(sent.map((request) => request.headers.get("x-idempotency-key"))).toEqual(["key-1", "key-1", "key-1"]);
    expect(new Set(sent.map((request) => request.body))).toEqual(new Set(['{"transaction_amount":19.99}']));
  });

  it("uses a caller's key for that call only: it never leaks into later calls (SDK issue #481)", async () => {
    const { providerFetch, sent } = setup([json(500, {}), json(201, {}), json(201, {}), json(201, {})]);
    await providerFetch("/v1/payments", { ...post(), headers: { "X-Idempotency-Key": "order-42" } });
    await providerFetch("/checkout/preferences", post({ items: [] }));
    await providerFetch("/v1/payments/1/refunds", post({}));
    expect(sent.map((request) => request.headers.get("x-idempotency-key"))).toEqual([
      "order-42",
      "order-42",
      "key-1",
      "key-2",
    ]);
  });

  it("refuses an empty or over-long key before sending anything", async () => {
    const { providerFetch, fetch } = setup([]);
    await expect(
      providerFetch("/v1/orders", { ...post(), headers: { "X-Idempotency-Key": "k".repeat(129) } }),
    ).rejects.toThrow(/longer than 128/);
    const blank = createProviderFetch({ accessToken: TOKEN, fetch, idempotencyKey: () => "" });
    await expect(blank("/v1/orders", post())).rejects.toThrow(TypeError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("prepares a request only once: preparing again changes nothing", () => {
    const options = resolveTransportOptions({ accessToken: TOKEN, idempotencyKey: sequentialKeys() });
    const once = prepareProviderRequest(new Request(`${BASE}/v1/payments`, { method: "POST" }), options);
    const twice = prepareProviderRequest(once, options);
    expect(twice).toBe(once);
    expect(twice.headers.get("x-idempotency-key")).toBe("key-1");
  });
});

describe("retries", () => {
  it("retries a 5xx at most twice, waiting 1000 ms then 2000 ms, then throws ProviderServerError", async () => {
    const { providerFetch, fetch, delays } = setup([
      json(500, { message: "internal error", error: "internal_error", status: 500, cause: [] }),
      json(503, { message: "unavailable" }),
      json(
        500,
        { message: "internal error", error: "internal_error", status: 500, cause: [] },
        { "x-request-id": "r3" },
      ),
    ]);
    const failure = providerFetch("/v1/payments", post());
    await expect(failure).rejects.toBeInstanceOf(ProviderServerError);
    await expect(failure).rejects.toMatchObject({
      status: 500,
      requestId: "r3",
      idempotencyKey: "key-1",
      method: "POST",
      path: "/v1/payments",
      body: { message: "internal error", error: "internal_error", status: 500, cause: [] },
    });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it("returns the first success", async () => {
    const { providerFetch, fetch, delays } = setup([json(502, {}), json(200, { id: 1 })]);
    const response = await providerFetch("/v1/payments/1");
    expect(response.status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(delays).toEqual([1000]);
  });

  it("honours maxRetries and backoffBaseMs", async () => {
    const none = setup([json(500, {})], { maxRetries: 0 });
    await expect(none.providerFetch("/v1/payments/1")).rejects.toBeInstanceOf(ProviderServerError);
    expect(none.fetch).toHaveBeenCalledTimes(1);

    const fast = setup([json(500, {}), json(500, {}), json(500, {}), json(200, {})], {
      maxRetries: 3,
      backoffBaseMs: 10,
    });
    await fast.providerFetch("/v1/payments/1");
    expect(fast.delays).toEqual([10, 20, 40]);
  });

  it.each([
    [400, ProviderBadRequestError],
    [401, ProviderAuthenticationError],
    [402, ProviderPaymentRequiredError],
    [404, ProviderNotFoundError],
    [409, ProviderConflictError],
    [422, ProviderBadRequestError],
    [423, ProviderConflictError],
    [429, ProviderRateLimitError],
  ])("never retries %i", async (status, ErrorClass) => {
    const { providerFetch, fetch, sleep } = setup([json(status, { message: "no" }), json(200, {})]);
    await expect(providerFetch("/v1/orders", post())).rejects.toBeInstanceOf(ErrorClass);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("does not retry Orders 500 idempotency_validation_failed", async () => {
    const { providerFetch, fetch } = setup([json(500, { errors: [{ code: "idempotency_validation_failed" }] })]);
    await expect(providerFetch("/v1/orders", post())).rejects.toMatchObject({
      status: 500,
      code: "idempotency_validation_failed",
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("reports each retry to onRetry", async () => {
    const infos: RetryInfo[] = [];
    const { providerFetch } = setup([json(500, {}), json(503, {}), json(201, {})], {
      onRetry: (info) => infos.push(info),
    });
    await providerFetch("/v1/payments", post());
    expect(infos.map(({ error, ...rest }) => rest)).toEqual([
      { attempt: 1, delayMs: 1000, status: 500, method: "POST", path: "/v1/payments", idempotencyKey: "key-1" },
      { attempt: 2, delayMs: 2000, status: 503, method: "POST", path: "/v1/payments", idempotencyKey: "key-1" },
    ]);
    expect(infos[0]?.error).toBeInstanceOf(ProviderServerError);
  });

  it("ignores an onRetry hook that throws", async () => {
    const { providerFetch } = setup([json(500, {}), json(200, { ok: true })], {
      onRetry: () => {
        throw new Error("logger down");
      },
    });
    expect(await (await providerFetch("/users/me")).json()).toEqual({ ok: true });
  });

  it("reports a call once to onCallEnd, after its last attempt, with the response's id and no body", async () => {
    const infos: CallEndInfo[] = [];
    const { providerFetch } = setup(
      [json(500, {}), json(201, { id: 123456789, card: { first_six_digits: "450995" } })],
      {
        onCallEnd: (info) => infos.push(info),
      },
    );
    await providerFetch("/v1/payments?x=1", post());
    expect(infos).toHaveLength(1);
    const [info] = infos;
    expect(info).toMatchObject({
      method: "POST",
      path: "/v1/payments",
      status: 201,
      errorName: null,
      attempts: 2,
      idempotencyKey: "key-1",
      responseId: "123456789",
    });
    expect(info?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(info)).not.toContain("450995");
    expect(JSON.stringify(info)).not.toContain(TOKEN);
  });

  it("reports a failed call to onCallEnd with the status and the error's name", async () => {
    const infos: CallEndInfo[] = [];
    const { providerFetch } = setup([json(400, { message: "bad", status: 400 })], {
      onCallEnd: (info) => infos.push(info),
    });
    await expect(providerFetch("/v1/payments/42/refunds", post())).rejects.toBeInstanceOf(ProviderBadRequestError);
    expect(infos).toEqual([
      expect.objectContaining({
        path: "/v1/payments/42/refunds",
        status: 400,
        errorName: "ProviderBadRequestError",
        attempts: 1,
        responseId: null,
      }),
    ]);
  });

  it("reports a call with no answer to onCallEnd without a status", async () => {
    const infos: CallEndInfo[] = [];
    const { providerFetch } = setup([new TypeError("socket hang up")], { onCallEnd: (info) => infos.push(info) });
    await expect(providerFetch("/v1/payments/42")).rejects.toBeInstanceOf(ProviderConnectionError);
    expect(infos).toEqual([
      expect.objectContaining({ method: "GET", status: null, errorName: "ProviderConnectionError", attempts: 1 }),
    ]);
  });

  it("ignores an onCallEnd hook that throws", async () => {
    const { providerFetch } = setup([json(200, { id: "abc" })], {
      onCallEnd: () => {
        throw new Error("db down");
      },
    });
    expect(await (await providerFetch("/users/me")).json()).toEqual({ id: "abc" });
  });

  it("gives every attempt its own signal", async () => {
    const { providerFetch, sent } = setup([json(500, {}), json(200, {})]);
    await providerFetch("/users/me");
    expect(sent[0]?.signal).not.toBe(sent[1]?.signal);
  });
});

describe("timeouts and network errors", () => {
  it("rejects with ProviderTimeoutError carrying the key, without retrying", async () => {
    const { providerFetch, fetch, sleep } = setup(["hang", json(201, {})], { timeoutMs: 5 });
    const failure = providerFetch("/v1/payments", post());
    await expect(failure).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect(failure).rejects.toMatchObject({
      idempotencyKey: "key-1",
      method: "POST",
      path: "/v1/payments",
      timeoutMs: 5,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("times out even when the fetch ignores its signal", async () => {
    const { providerFetch } = setup(["hang-ignoring-signal"], { timeoutMs: 5 });
    await expect(providerFetch("/v1/payments/1")).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it("times out a body that stalls after the headers", async () => {
    const stalled = new Response(new ReadableStream({ start: () => {} }), { status: 200 });
    const { providerFetch } = setup([stalled], { timeoutMs: 5 });
    await expect(providerFetch("/v1/payments/1")).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it("applies the timeout per attempt", async () => {
    // Three 30 ms attempts take longer than one 60 ms budget; each attempt has its own.
    const slow = (status: number) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return json(status, {});
    };
    const { providerFetch, fetch } = setup([slow(500), slow(500), slow(200)], { timeoutMs: 60 });
    expect((await providerFetch("/users/me")).status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("rejects a network failure with ProviderConnectionError, without retrying", async () => {
    const cause = new TypeError("fetch failed");
    const { providerFetch, fetch } = setup([cause, json(201, {})]);
    const failure = providerFetch("/v1/payments", post());
    await expect(failure).rejects.toBeInstanceOf(ProviderConnectionError);
    await expect(failure).rejects.not.toBeInstanceOf(ProviderTimeoutError);
    await expect(failure).rejects.toMatchObject({ idempotencyKey: "key-1", method: "POST", cause });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("lets the caller repeat a timed-out call safely with the key from the error", async () => {
    const { providerFetch, sent } = setup(["hang", json(201, { id: 1 })], { timeoutMs: 5 });
    const error = await providerFetch("/v1/payments", post()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    const key = (error as ProviderTimeoutError).idempotencyKey ?? "";
    await providerFetch("/v1/payments", { ...post(), headers: { "X-Idempotency-Key": key } });
    expect(sent.map((request) => request.headers.get("x-idempotency-key"))).toEqual(["key-1", "key-1"]);
  });
});

describe("caller abort", () => {
  it("cancels a pending backoff wait and rejects with the caller's reason", async () => {
    const { fetch } = scriptedFetch(json(500, {}), json(200, {}));
    const providerFetch = createProviderFetch({ accessToken: TOKEN, baseUrl: BASE, fetch, backoffBaseMs: 60_000 });
    const controller = new AbortController();
    const reason = new Error("shopper left");
    const started = Date.now();
    setTimeout(() => controller.abort(reason), 5);
    await expect(providerFetch("/v1/payments/1", { signal: controller.signal })).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("cancels the wait even with an injected sleep that ignores the signal", async () => {
    const { fetch } = scriptedFetch(json(500, {}));
    const sleep = vi.fn(() => new Promise<void>(() => {}));
    const providerFetch = createProviderFetch({ accessToken: TOKEN, baseUrl: BASE, fetch, sleep });
    const controller = new AbortController();
    const pending = providerFetch("/v1/payments/1", { signal: controller.signal });
    await vi.waitFor(() => expect(sleep).toHaveBeenCalledWith(1000, expect.any(AbortSignal)));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("cancels an attempt in flight with the caller's reason, not a provider error", async () => {
    const { providerFetch } = setup(["hang"]);
    const controller = new AbortController();
    const pending = providerFetch("/v1/payments", { ...post(), signal: controller.signal });
    const reason = new Error("cancelled by user");
    setTimeout(() => controller.abort(reason), 1);
    await expect(pending).rejects.toBe(reason);
  });

  it("uses an AbortError when the caller gives no reason", async () => {
    const { providerFetch } = setup(["hang"]);
    const controller = new AbortController();
    const pending = providerFetch("/v1/payments/1", { signal: controller.signal });
    setTimeout(() => controller.abort(), 1);
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: "AbortError" });
    expect(error).not.toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ProviderConnectionError);
  });

  it("sends nothing when already aborted", async () => {
    const { providerFetch, fetch } = setup([json(200, {})]);
    const reason = new Error("too late");
    await expect(providerFetch("/users/me", { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("sleepWithSignal", () => {
  it("waits, and rejects with the reason when aborted", async () => {
    await expect(sleepWithSignal(1)).resolves.toBeUndefined();
    const reason = new Error("stop");
    await expect(sleepWithSignal(10, AbortSignal.abort(reason))).rejects.toBe(reason);
    const controller = new AbortController();
    const pending = sleepWithSignal(60_000, controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

describe("responses", () => {
  it("resolves a 204 with its status and headers and no body", async () => {
    const noContent = new Response(null, { status: 204, headers: { "x-request-id": "r-204" } });
    const { providerFetch } = setup([noContent]);
    const response = await providerFetch("/v1/orders/ORD1/transactions/pay_1", { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(response.headers.get("x-request-id")).toBe("r-204");
    expect(response.body).toBeNull();
  });

  it("builds the error message from the provider body", async () => {
    const classic = setup([
      json(
        400,
        {
          message: "invalid email",
          error: "bad_request",
          status: 400,
          cause: [{ code: 2067, description: "Invalid email" }],
        },
        { "x-request-id": "abc" },
      ),
    ]);
    await expect(classic.providerFetch("/v1/payments", post())).rejects.toThrow(
      "Mercado Pago responded 400 to POST /v1/payments: invalid email (bad_request; cause: 2067 Invalid email) [x-request-id abc]",
    );

    const orders = setup([json(409, { errors: [{ code: "idempotency_key_already_used", message: "used" }] })]);
    await expect(orders.providerFetch("/v1/orders", post())).rejects.toThrow(
      "Mercado Pago responded 409 to POST /v1/orders: idempotency_key_already_used: used",
    );

    const html = setup([new Response("<html>Bad Gateway</html>", { status: 502 })], { maxRetries: 0 });
    await expect(html.providerFetch("/v1/orders", post())).rejects.toMatchObject({
      body: "<html>Bad Gateway</html>",
      message: "Mercado Pago responded 502 to POST /v1/orders: <html>Bad Gateway</html>",
    });
  });

  it("reads Retry-After on 429 but does not wait for it", async () => {
    const { providerFetch, sleep } = setup([json(429, { error: "too_many_requests" }, { "retry-after": "7" })]);
    await expect(providerFetch("/v1/payments/search")).rejects.toMatchObject({ retryAfterSeconds: 7, status: 429 });
    expect(sleep).not.toHaveBeenCalled();
  });

  it("keeps the Orders body whole on a declined 402", async () => {
    const body = {
      errors: [{ code: "failed", message: "The following transactions failed", details: ["pay_1: high_risk"] }],
      data: { id: "ORD1", status: "failed" },
    };
    const { providerFetch } = setup([json(402, body)]);
    const error = await providerFetch("/v1/orders", post()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderPaymentRequiredError);
    expect((error as ProviderPaymentRequiredError).body).toEqual(body);
    expect((error as ProviderPaymentRequiredError).data).toEqual({ id: "ORD1", status: "failed" });
  });
});

describe("the access token never leaks", () => {
  function expectNoToken(error: unknown, token = TOKEN) {
    const outputs = [
      String(error),
      JSON.stringify(error),
      inspect(error, { depth: 10, showHidden: true }),
      error instanceof Error ? String(error.stack) : "",
    ];
    for (const output of outputs) expect(output).not.toContain(token);
  }

  it("not from a provider body that echoes it back", async () => {
    const { providerFetch } = setup([
      json(401, {
        message: `invalid access token ${TOKEN}`,
        error: "unauthorized",
        status: 401,
        cause: [{ code: 2001, description: `Authorization: Bearer ${TOKEN}` }],
      }),
    ]);
    const error = await providerFetch("/v1/payments", post()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderAuthenticationError);
    expectNoToken(error);
    expect((error as ProviderAuthenticationError).message).toContain("invalid access token [REDACTED]");
  });

  it("not from an echoed non-JSON body or a per-call token", async () => {
    const sellerToken = "seller-oauth-token-value";
    const { providerFetch } = setup([new Response(`bad token ${sellerToken}`, { status: 403 })]);
    const error = await providerFetch("/users/me", { headers: { Authorization: `Bearer ${sellerToken}` } }).catch(
      (caught: unknown) => caught,
    );
    expectNoToken(error, sellerToken);
  });

  it("not from a network error whose message contains it", async () => {
    const { providerFetch } = setup([new TypeError(`connect failed for Bearer ${TOKEN}`)]);
    const error = await providerFetch("/v1/payments", post()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderConnectionError);
    expectNoToken(error);
  });

  it("not from timeouts", async () => {
    const { providerFetch } = setup(["hang"], { timeoutMs: 1 });
    expectNoToken(await providerFetch("/v1/payments", post()).catch((caught: unknown) => caught));
  });
});
