import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { bearer, startFixtureSandbox } from "../test-support/fixture-sandbox";
import { useSandbox } from "../test-support/use-sandbox";
import { clockAdvanceMs } from "./sandbox-control";

const sandbox = await useSandbox(startFixtureSandbox, { resetBeforeEach: true });

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("control API", () => {
  it("advances the clock by ms or days and reports it", async () => {
    const before = Date.parse((await (await fetch(`${sandbox.url}/__sandbox/clock`)).json()).now);
    const advanced = await post("/__sandbox/clock/advance", { days: 2 });
    expect(advanced.status).toBe(200);
    expect((await advanced.json()).advanced_ms).toBe(2 * 86_400_000);
    await post("/__sandbox/clock/advance", { ms: 1000 });
    const clock = await (await fetch(`${sandbox.url}/__sandbox/clock`)).json();
    expect(Date.parse(clock.now) - before).toBeGreaterThanOrEqual(2 * 86_400_000 + 1000);
    expect(clock.offset_ms).toBeGreaterThanOrEqual(2 * 86_400_000 + 1000 - 50);
  });

  it("rejects a backwards or empty clock advance", async () => {
    expect((await post("/__sandbox/clock/advance", { ms: -5 })).status).toBe(400);
    expect((await post("/__sandbox/clock/advance", {})).status).toBe(400);
  });

  it("reset moves the clock back to real time", async () => {
    await post("/__sandbox/clock/advance", { days: 1 });
    await post("/__sandbox/reset", {});
    const clock = await (await fetch(`${sandbox.url}/__sandbox/clock`)).json();
    expect(Math.abs(clock.offset_ms)).toBeLessThan(1000);
  });

  it("creates sellers whose credentials work at once", async () => {
    const res = await post("/__sandbox/sellers", { site_id: "MLB" });
    expect(res.status).toBe(201);
    const seller = await res.json();
    expect(seller).toMatchObject({ site_id: "MLB" });
    expect(seller.access_token).toMatch(/^TEST-/);
    expect(seller.public_key).toMatch(/^TEST-/);
    const whoami = await fetch(`${sandbox.url}/v1/whoami`, { headers: bearer(seller.access_token) });
    expect((await whoami.json()).user_id).toBe(seller.user_id);
    const listed = await (await fetch(`${sandbox.url}/__sandbox/sellers`)).json();
    expect(listed.sellers.some((s: { user_id: number }) => s.user_id === seller.user_id)).toBe(true);
    expect((await post("/__sandbox/sellers", { site_id: "XXX" })).status).toBe(400);
  });

  it("is never subject to auth", async () => {
    for (const path of [
      "/__sandbox",
      "/__sandbox/clock",
      "/__sandbox/webhooks",
      "/__sandbox/faults",
      "/__sandbox/sellers",
    ]) {
      expect((await fetch(`${sandbox.url}${path}`)).status, path).toBe(200);
    }
  });

  it("mirrors the HTTP API programmatically", async () => {
    const before = sandbox.control.now().getTime();
    const after = await sandbox.control.advanceClock({ hours: 1 });
    expect(after.getTime() - before).toBeGreaterThanOrEqual(3_600_000);
    const seller = sandbox.control.createSeller({ siteId: "MLC" });
    expect(seller.siteId).toBe("MLC");
    await sandbox.control.idle();
  });

  it("simulates a signed notification of any topic and id to the given URL (the dashboard's Simulate)", async () => {
    const received: { url: string; signature: string | undefined; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({ url: req.url ?? "", signature: req.headers["x-signature"] as string | undefined, body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook?source_news=webhooks`;
      const res = await post("/__sandbox/webhooks/simulate", { topic: "merchant_order", data_id: "999", url });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({
        topic: "merchant_order",
        dataId: "999",
        action: "merchant_order.updated",
      });
      await fetch(`${sandbox.url}/__sandbox/webhooks?wait=true`);
      expect(received).toHaveLength(1);
      expect(received[0]?.url).toBe("/hook?source_news=webhooks&data.id=999&type=merchant_order");
      expect(received[0]?.signature).toMatch(/^ts=\d+,v1=[0-9a-f]{64}$/);
      expect(JSON.parse(received[0]?.body ?? "{}")).toMatchObject({ type: "merchant_order", data: { id: "999" } });
      expect((await post("/__sandbox/webhooks/simulate", { topic: "nope", data_id: "1" })).status).toBe(400);
      expect((await post("/__sandbox/webhooks/simulate", { topic: "payment" })).status).toBe(400);
    } finally {
      receiver.close();
    }
  });

  it("converts clock units", () => {
    expect(clockAdvanceMs({ days: 1, hours: 1, minutes: 1, seconds: 1, ms: 1 })).toBe(90_061_001);
    expect(() => clockAdvanceMs({ days: Number.NaN })).toThrow(RangeError);
  });
});
