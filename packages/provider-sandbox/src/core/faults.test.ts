import { beforeEach, describe, expect, it } from "vitest";
import { bearer, startFixtureSandbox, TOKEN_A } from "../test-support/fixture-sandbox";
import { handlerRuns } from "../test-support/test-routes";
import { useSandbox } from "../test-support/use-sandbox";
import { REPLAYED_HEADER } from "./idempotency";

const sandbox = await useSandbox(startFixtureSandbox, { resetBeforeEach: true });
beforeEach(() => {
  handlerRuns.widgets = 0;
});

const widget = { transaction_amount: 25, payer: { email: "buyer@testuser.com" } };

function postWidget(key: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${sandbox.url}/v1/widgets`, {
    method: "POST",
    headers: bearer(TOKEN_A, { "x-idempotency-key": key }),
    body: JSON.stringify(widget),
    ...(signal ? { signal } : {}),
  });
}

function search(): Promise<Response> {
  return fetch(`${sandbox.url}/v1/widgets/search`, { headers: bearer(TOKEN_A) });
}

async function widgetCount(): Promise<number> {
  const res = await sandbox.fetch(`${sandbox.url}/v1/widgets/search`, { headers: bearer(TOKEN_A) });
  return (await res.json()).results.length;
}

describe("faults", () => {
  it("status: answers the next N matching requests with the status, then recovers", async () => {
    sandbox.control.addFault({
      method: "GET",
      path: "/v1/widgets*",
      count: 2,
      action: { type: "status", status: 503 },
    });
    const first = await search();
    expect(first.status).toBe(503);
    expect(await first.json()).toMatchObject({ message: "service unavailable", status: 503 });
    expect((await search()).status).toBe(503);
    expect((await search()).status).toBe(200);
    expect(sandbox.control.faults()).toEqual([]);
  });

  it("status: carries a custom body and headers (e.g. 429 with Retry-After)", async () => {
    sandbox.control.addFault({
      path: "^/v1/widgets/search$",
      action: { type: "status", status: 429, headers: { "retry-after": "2" } },
    });
    const res = await search();
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await res.json()).toMatchObject({ message: "too_many_requests", error: "too_many_requests" });
  });

  it("only matches the given method", async () => {
    sandbox.control.addFault({ method: "POST", path: "/v1/widgets*", action: { type: "status", status: 500 } });
    expect((await search()).status).toBe(200);
    expect((await postWidget("m-1")).status).toBe(500);
  });

  it("latency: delays and then answers normally", async () => {
    sandbox.control.addFault({ path: "/v1/widgets/search", action: { type: "latency", ms: 250 } });
    const started = Date.now();
    const res = await search();
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it("hang: never answers, so the client times out; the next request is served", async () => {
    sandbox.control.addFault({ path: "/v1/widgets/search", action: { type: "hang" } });
    await expect(
      fetch(`${sandbox.url}/v1/widgets/search`, { headers: bearer(TOKEN_A), signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow(/timeout|aborted/i);
    expect((await search()).status).toBe(200);
  });

  it("hang: close() ends hanging requests", async () => {
    const other = await startFixtureSandbox();
    other.control.addFault({ path: "*", action: { type: "hang" } });
    const hanging = fetch(`${other.url}/v1/widgets/search`, { headers: bearer(TOKEN_A) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(hanging).rejects.toThrow(TypeError);
  });

  it("drop: destroys the connection without a response and without processing", async () => {
    sandbox.control.addFault({ method: "POST", path: "/v1/widgets", action: { type: "drop" } });
    await expect(postWidget("drop-1")).rejects.toThrow(TypeError);
    expect(handlerRuns.widgets).toBe(0);
    expect(await widgetCount()).toBe(0);
  });

  it("commit-then-fail (status): the request is processed, the client gets a 500, a retry replays", async () => {
    sandbox.control.addFault({
      method: "POST",
      path: "/v1/widgets",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "status" },
    });
    const failed = await postWidget("ctf-1");
    expect(failed.status).toBe(500);
    expect(failed.headers.get("location")).toBeNull();
    expect(await failed.json()).toMatchObject({ message: "internal_error", status: 500 });
    expect(await widgetCount()).toBe(1);

    const retry = await postWidget("ctf-1");
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(handlerRuns.widgets).toBe(1);
    expect(await widgetCount()).toBe(1);
  });

  it("commit-then-fail (drop): the request is processed, the connection is cut, a retry replays", async () => {
    sandbox.control.addFault({
      method: "POST",
      path: "/v1/widgets",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    await expect(postWidget("ctf-2")).rejects.toThrow(TypeError);
    expect(await widgetCount()).toBe(1);
    const retry = await postWidget("ctf-2");
    expect(retry.status).toBe(201);
    expect(retry.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(handlerRuns.widgets).toBe(1);
  });

  it("never applies to the control API", async () => {
    sandbox.control.addFault({ path: "*", count: 5, action: { type: "status", status: 500 } });
    const clock = await fetch(`${sandbox.url}/__sandbox/clock`);
    expect(clock.status).toBe(200);
    expect(sandbox.control.faults()[0]?.remaining).toBe(5);
  });

  it("is managed through the control API", async () => {
    const created = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/v1/widgets/search", count: 3, action: { type: "status", status: 502 } }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ path: "/v1/widgets/search", count: 3, remaining: 3 });
    expect((await search()).status).toBe(502);
    const listed = await (await fetch(`${sandbox.url}/__sandbox/faults`)).json();
    expect(listed.faults[0].remaining).toBe(2);

    const invalid = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/x", action: { type: "explode" } }),
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toMatch(/unknown action.type/);

    expect((await fetch(`${sandbox.url}/__sandbox/faults`, { method: "DELETE" })).status).toBe(200);
    expect((await search()).status).toBe(200);
  });
});
