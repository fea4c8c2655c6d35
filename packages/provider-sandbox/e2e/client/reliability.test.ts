// The client's retry and idempotency policy against the sandbox's faults, over
// real HTTP: a request processed but answered with a 500 is retried with the
// same key and replayed; a dropped connection is handed back to the caller with
// the key; 503s are retried with backoff; a hang times out; 4xx is never retried.

import {
  type ProviderClient,
  ProviderConflictError,
  ProviderConnectionError,
  ProviderNotFoundError,
  ProviderRateLimitError,
  ProviderServerError,
  ProviderTimeoutError,
} from "@cobro/provider-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REPLAYED_HEADER } from "../../src/index";
import { type ClientSandbox, startClientSandbox, tokenizeTestCard } from "./harness";

/** One attempt the client sent, and what came back (null when no response arrived). */
interface Attempt {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number | null;
  replayed: boolean;
}

let env: ClientSandbox;
let attempts: Attempt[];
let delays: number[];
let client: ProviderClient;
let external: string;

beforeAll(async () => {
  env = await startClientSandbox();
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  env.sandbox.control.clearFaults();
  attempts = [];
  delays = [];
  external = `rel-${crypto.randomUUID()}`;
  client = clientWith({});
});

function clientWith(options: { timeoutMs?: number }): ProviderClient {
  const seller = env.sandbox.control.createSeller({ siteId: "MLA" });
  return env.clientFor(seller.accessToken, {
    ...options,
    fetch: async (request) => {
      const attempt: Attempt = {
        method: request.method,
        path: new URL(request.url).pathname,
        idempotencyKey: request.headers.get("x-idempotency-key"),
        status: null,
        replayed: false,
      };
      attempts.push(attempt);
      const response = await env.fetch(request);
      attempt.status = response.status;
      attempt.replayed = response.headers.get(REPLAYED_HEADER) === "true";
      return response;
    },
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
}

type PaymentBody = Parameters<ProviderClient["payments"]["create"]>[0];

/** A payment body with a fresh card token (so two bodies always differ). */
async function paymentBody(): Promise<PaymentBody> {
  const token = await tokenizeTestCard(client);
  return {
    transaction_amount: 100,
    token: token.id,
    installments: 1,
    payment_method_id: token.paymentMethodId,
    payer: { email: "buyer@testuser.com" },
    external_reference: external,
  };
}

/** Creates a payment; `attempts` then holds only this call's attempts. */
async function pay(options?: { idempotencyKey?: string; body?: PaymentBody }) {
  const body = options?.body ?? (await paymentBody());
  attempts = [];
  return client.payments.create(body, options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined);
}

/** The payments of this test's seller for this test's reference. */
async function paymentsOfThisTest(): Promise<number[]> {
  return (await client.payments.search({ external_reference: external })).results.map((p) => p.id);
}

function paymentAttempts(): Attempt[] {
  return attempts.filter((a) => a.method === "POST" && a.path === "/v1/payments");
}

describe("reliability through the client", () => {
  it("commit-then-fail (500): retries by itself with the same key and gets the stored payment", async () => {
    env.sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "status" },
    });
    const payment = await pay();
    expect(payment.status).toBe("approved");

    const sent = paymentAttempts();
    expect(sent.map((a) => a.status)).toEqual([500, 201]);
    expect(sent[0]?.idempotencyKey).toBeTruthy();
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    expect(sent[1]?.replayed).toBe(true);
    expect(delays).toEqual([1000]);
    expect(await paymentsOfThisTest()).toEqual([payment.id]);
  });

  it("commit-then-fail (drop): hands the key back, never retries, and the repeated call replays", async () => {
    env.sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const body = await paymentBody();
    const error = await pay({ body }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderConnectionError);
    expect(error).not.toBeInstanceOf(ProviderTimeoutError);
    const key = (error as ProviderConnectionError).idempotencyKey;
    expect(key).toBeTruthy();
    expect(paymentAttempts()).toHaveLength(1);
    expect(paymentAttempts()[0]?.idempotencyKey).toBe(key);
    expect(delays).toEqual([]);
    // The sandbox did process it: the payment exists once.
    const stored = await paymentsOfThisTest();
    expect(stored).toHaveLength(1);

    const repeated = await pay({ body, idempotencyKey: key });
    expect(repeated.id).toBe(stored[0]);
    expect(paymentAttempts().map((a) => [a.status, a.replayed])).toEqual([[201, true]]);
    expect(await paymentsOfThisTest()).toEqual(stored);
  });

  it("retries 503 twice after 1 s and 2 s (injected sleep), then succeeds", async () => {
    // Through the HTTP control API this time, as a test in another process would.
    const rule = await fetch(`${env.sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method: "POST", path: "/v1/payments", count: 2, action: { type: "status", status: 503 } }),
    });
    expect(rule.status).toBe(201);
    const payment = await pay();
    expect(payment.status).toBe("approved");
    expect(delays).toEqual([1000, 2000]);
    const sent = paymentAttempts();
    expect(sent.map((a) => a.status)).toEqual([503, 503, 201]);
    expect(new Set(sent.map((a) => a.idempotencyKey)).size).toBe(1);
    expect(await paymentsOfThisTest()).toEqual([payment.id]);
  });

  it("gives up with ProviderServerError after the last retry", async () => {
    env.sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      count: 3,
      action: { type: "status", status: 502 },
    });
    await expect(pay()).rejects.toBeInstanceOf(ProviderServerError);
    expect(paymentAttempts()).toHaveLength(3);
    expect(await paymentsOfThisTest()).toEqual([]);
  });

  it("times out a hanging request with ProviderTimeoutError carrying the key", async () => {
    client = clientWith({ timeoutMs: 150 });
    env.sandbox.control.addFault({ method: "POST", path: "/v1/payments", action: { type: "hang" } });
    const error = await pay().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    const timeout = error as ProviderTimeoutError;
    expect(timeout.timeoutMs).toBe(150);
    expect(timeout.idempotencyKey).toBe(paymentAttempts()[0]?.idempotencyKey);
    expect(paymentAttempts()).toHaveLength(1);
    // The hanging request never reached the payments handler.
    expect(await paymentsOfThisTest()).toEqual([]);
  });

  it("never retries a 4xx", async () => {
    await expect(client.payments.get(999_999_999)).rejects.toBeInstanceOf(ProviderNotFoundError);
    expect(attempts.filter((a) => a.path === "/v1/payments/999999999")).toHaveLength(1);

    env.sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      action: { type: "status", status: 429, headers: { "retry-after": "7" } },
    });
    const limited = await pay().then(
      () => null,
      (e: unknown) => e,
    );
    expect(limited).toBeInstanceOf(ProviderRateLimitError);
    expect((limited as ProviderRateLimitError).retryAfterSeconds).toBe(7);
    expect(paymentAttempts()).toHaveLength(1);

    // pay() tokenizes a new card, so the body differs: same key + another body is the provider's 409, not retried.
    const key = `${external}-key`;
    const first = await pay({ idempotencyKey: key });
    expect(first.status).toBe("approved");
    await expect(pay({ idempotencyKey: key })).rejects.toBeInstanceOf(ProviderConflictError);
    expect(paymentAttempts()).toHaveLength(1);
    expect(await paymentsOfThisTest()).toEqual([first.id]);
    expect(delays).toEqual([]);
  });
});
