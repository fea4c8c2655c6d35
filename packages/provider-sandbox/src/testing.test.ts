import { describe, expect, it } from "vitest";
import type { RegisterRoutes } from "./context";
import { bearer, TOKEN_A } from "./test-support/fixture-sandbox";
import { FIXTURE_SPEC } from "./test-support/fixture-spec";
import { useSandbox } from "./test-support/use-sandbox";
import { ContractViolationError, createTestSandbox } from "./testing";

// Handlers that break the fixture spec on purpose.
const brokenRoutes: RegisterRoutes = (app) => {
  app.get("/v1/widgets/search", (c) =>
    c.json({ results: [{ id: "not-a-number", status: "created", transaction_amount: 1 }] }),
  );
  app.get("/v1/widgets/:id", (c) =>
    c.json({ id: Number(c.req.param("id")), status: "created", transaction_amount: 1 }, 202),
  );
  app.get("/v1/whoami", (c) => c.json({ anything: true }));
};

const sandbox = await useSandbox(() =>
  createTestSandbox({ spec: FIXTURE_SPEC, routes: [brokenRoutes], tickIntervalMs: 0 }),
);

describe("createContractCheckingFetch", () => {
  it("throws when a body breaks the response schema", async () => {
    const error = await sandbox
      .fetch(`${sandbox.url}/v1/widgets/search`, { headers: bearer(TOKEN_A) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractViolationError);
    expect((error as ContractViolationError).errors).toContain("results[0].id must be integer");
  });

  it("throws when the status is not described", async () => {
    await expect(sandbox.fetch(`${sandbox.url}/v1/widgets/3`, { headers: bearer(TOKEN_A) })).rejects.toThrow(
      /status 202 is not described/,
    );
  });

  it("passes responses of paths outside the spec and keeps the body readable", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/whoami`, { headers: bearer(TOKEN_A) });
    expect(await res.json()).toEqual({ anything: true });
  });
});

describe("createContractCheckingFetch with a Request", () => {
  it("reads method and URL from a Request input", async () => {
    await expect(
      sandbox.fetch(new Request(`${sandbox.url}/v1/widgets/search`, { headers: bearer(TOKEN_A) })),
    ).rejects.toThrow(ContractViolationError);
  });
});
