import { createProviderClient } from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { createProviderCache } from "./provider-cache";

const providerA = createProviderClient({ accessToken: "TEST-a", baseUrl: "http://127.0.0.1:9" });
const providerB = createProviderClient({ accessToken: "TEST-b", baseUrl: "http://127.0.0.1:9" });

describe("createProviderCache", () => {
  it("loads once per provider within the TTL, shares a concurrent load, reloads after it", async () => {
    let now = 0;
    let loads = 0;
    const cache = createProviderCache<number>({ ttlMs: 1_000, now: () => now });
    const load = async () => ++loads;
    expect(await Promise.all([cache.get(providerA, load), cache.get(providerA, load)])).toEqual([1, 1]);
    expect(await cache.get(providerB, load)).toBe(2);
    now = 999;
    expect(await cache.get(providerA, load)).toBe(1);
    now = 1_000;
    expect(await cache.get(providerA, load)).toBe(3);
  });

  it("does not cache failures", async () => {
    const cache = createProviderCache<string>({ ttlMs: 60_000 });
    await expect(cache.get(providerA, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get(providerA, async () => "up")).toBe("up");
  });
});
