// planExists against a provider that cannot answer; the sandbox-backed cases
// (active → true, unknown or inactive → false) run through the HTTP layer in
// src/http/statuses.test.ts.
import { createProviderClient } from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { planExists } from "./plan-exists";

describe("planExists", () => {
  it("does not call a plan missing when the provider cannot be reached (the page shows its own retry)", async () => {
    const provider = createProviderClient({
      accessToken: "TEST-unused",
      baseUrl: "http://127.0.0.1:9",
      maxRetries: 0,
      timeoutMs: 1_000,
    });
    expect(await planExists({ deps: { provider }, planId: "2c9380847e9b451c017ea0000000dead" })).toBe(true);
  });
});
