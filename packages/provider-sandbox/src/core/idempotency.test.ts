import { beforeEach, describe, expect, it } from "vitest";
import { bearer, startFixtureSandbox, TOKEN_A, TOKEN_B } from "../test-support/fixture-sandbox";
import { handlerRuns } from "../test-support/test-routes";
import { useSandbox } from "../test-support/use-sandbox";
import { REPLAYED_HEADER } from "./idempotency";

const sandbox = await useSandbox(startFixtureSandbox, { resetBeforeEach: true });
beforeEach(() => {
  handlerRuns.widgets = 0;
  handlerRuns.orders = 0;
});

const widget = { transaction_amount: 25, payer: { email: "buyer@testuser.com" } };

function postWidget(key: string | null, body: unknown = widget, token = TOKEN_A): Promise<Response> {
  return sandbox.fetch(`${sandbox.url}/v1/widgets`, {
    method: "POST",
    headers: bearer(token, key ? { "x-idempotency-key": key } : {}),
    body: JSON.stringify(body),
  });
}

function postOrder(key: string | null, body: unknown = { total_amount: "10.00" }): Promise<Response> {
  return sandbox.fetch(`${sandbox.url}/v1/orders`, {
    method: "POST",
    headers: bearer(TOKEN_A, key === null ? {} : { "x-idempotency-key": key }),
    body: JSON.stringify(body),
  });
}

describe("idempotency", () => {
  it("replays the stored response for the same key and body, creating nothing new", async () => {
    const first = await postWidget("key-1");
    const firstBody = await first.json();
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();

    const second = await postWidget("key-1");
    expect(second.status).toBe(201);
    expect(second.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(second.headers.get("location")).toBe(`/v1/widgets/${firstBody.id}`);
    expect(await second.json()).toEqual(firstBody);
    expect(handlerRuns.widgets).toBe(1);

    const search = await (await sandbox.fetch(`${sandbox.url}/v1/widgets/search`, { headers: bearer(TOKEN_A) })).json();
    expect(search.results).toHaveLength(1);
  });

  it("treats the same body with keys in another order as the same request", async () => {
    await postWidget("key-order", { transaction_amount: 25, payer: { email: "b@testuser.com" } });
    const replay = await postWidget("key-order", { payer: { email: "b@testuser.com" }, transaction_amount: 25 });
    expect(replay.headers.get(REPLAYED_HEADER)).toBe("true");
  });

  it("answers 409 for the same key with a different body (classic and Orders shapes)", async () => {
    await postWidget("key-2");
    const conflict = await postWidget("key-2", { ...widget, transaction_amount: 26 });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ error: "idempotency_key_already_used", status: 409 });

    await postOrder("order-key-2");
    const ordersConflict = await postOrder("order-key-2", { total_amount: "11.00" });
    expect(ordersConflict.status).toBe(409);
    expect((await ordersConflict.json()).errors[0].code).toBe("idempotency_key_already_used");
  });

  it("scopes keys per seller", async () => {
    await postWidget("shared-key", widget, TOKEN_A);
    const other = await postWidget("shared-key", { ...widget, transaction_amount: 99 }, TOKEN_B);
    expect(other.status).toBe(201);
    expect(other.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it("answers 423 resource_locked while the first request with the key is in flight", async () => {
    const slow = postOrder("busy-key", { total_amount: "10.00", delay_ms: 300 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const locked = await postOrder("busy-key", { total_amount: "10.00", delay_ms: 300 });
    expect(locked.status).toBe(423);
    expect((await locked.json()).errors[0].code).toBe("resource_locked");
    const first = await slow;
    expect(first.status).toBe(201);
    const replay = await postOrder("busy-key", { total_amount: "10.00", delay_ms: 300 });
    expect(replay.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(handlerRuns.orders).toBe(1);
  });

  it("requires the header where the spec says x-idempotency: required", async () => {
    const missing = await postOrder(null);
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors[0].code).toBe("empty_required_header");
    // Not required on the classic widgets operation.
    expect((await postWidget(null)).status).toBe(201);
  });

  it("rejects keys longer than 128 characters", async () => {
    const res = await postOrder("k".repeat(129));
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].code).toBe("invalid_idempotency_key_length");
    const classic = await postWidget("k".repeat(129));
    expect(classic.status).toBe(400);
    expect((await classic.json()).cause[0].code).toBe("invalid_idempotency_key_length");
    expect((await postOrder("k".repeat(128))).status).toBe(201);
  });

  it("stores 4xx results too, and releases the key after a 5xx", async () => {
    const exploded = await sandbox.fetch(`${sandbox.url}/v1/widgets`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "explode-key" }),
      body: JSON.stringify({ ...widget, description: "explode" }),
    });
    expect(exploded.status).toBe(500);
    const retry = await postWidget("explode-key", { ...widget, description: "explode" });
    expect(retry.status).toBe(500);
    expect(retry.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(handlerRuns.widgets).toBe(2);

    const missingResource = await sandbox.fetch(`${sandbox.url}/v1/nowhere`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "four-oh-four" }),
      body: "{}",
    });
    expect(missingResource.status).toBe(404);
    const again = await sandbox.fetch(`${sandbox.url}/v1/nowhere`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "four-oh-four" }),
      body: "{}",
    });
    expect(again.status).toBe(404);
    expect(again.headers.get(REPLAYED_HEADER)).toBe("true");
  });

  it("forgets keys on reset", async () => {
    await postWidget("reset-key");
    await sandbox.control.reset();
    const after = await postWidget("reset-key");
    expect(after.headers.get(REPLAYED_HEADER)).toBeNull();
  });
});
