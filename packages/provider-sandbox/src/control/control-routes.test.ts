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

  it("converts clock units", () => {
    expect(clockAdvanceMs({ days: 1, hours: 1, minutes: 1, seconds: 1, ms: 1 })).toBe(90_061_001);
    expect(() => clockAdvanceMs({ days: Number.NaN })).toThrow(RangeError);
  });
});
