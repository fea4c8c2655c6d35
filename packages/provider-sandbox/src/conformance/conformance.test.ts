// The conformance suite: every scenario (drawn from the official SDKs' tests
// and the provider's reference, each naming its source) replayed against one
// sandbox over HTTP, each with a fresh seller so no scenario sees another's data.

import { readFileSync } from "node:fs";
import { listOperations } from "@cobro/spec";
import { describe, expect, it } from "vitest";
import { useSandbox } from "../test-support/use-sandbox";
import { runScenario, type ScenarioOutcome } from "./runner";
import { CONFORMANCE_SCENARIOS, PENDING_SCENARIOS } from "./scenarios";

const sandbox = await useSandbox();

function report(outcome: ScenarioOutcome): string {
  return outcome.steps
    .filter((step) => step.failures.length > 0)
    .map((step) => `step ${step.index} ${step.method} ${step.path}: ${step.failures.join("; ")}`)
    .join("\n");
}

describe("conformance scenarios", () => {
  it.each(CONFORMANCE_SCENARIOS.map((s) => [s.id, s] as const))("%s", async (_, scenario) => {
    const seller = sandbox.control.createSeller({ siteId: "MLA" });
    const outcome = await runScenario(scenario, {
      baseUrl: sandbox.url,
      token: seller.accessToken,
      controlUrl: sandbox.url,
    });
    expect(outcome.skipped).toBeUndefined();
    expect(report(outcome)).toBe("");
  });
});

describe("the suite itself", () => {
  const all = [...CONFORMANCE_SCENARIOS, ...PENDING_SCENARIOS];

  it("gives every scenario a unique id, a title and at least one source", () => {
    const ids = all.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const scenario of all) {
      expect(scenario.title, scenario.id).not.toBe("");
      expect(scenario.sources.length, scenario.id).toBeGreaterThan(0);
      for (const source of scenario.sources)
        expect(source, scenario.id).toMatch(/^(mercadopago\/sdk-[a-z]+ \S+:\d+|docs: https:\/\/\S+)$/);
    }
  });

  it("covers every operation of the spec, each with a scenario that runs", () => {
    const spec = listOperations().map((op) => `${op.method.toUpperCase()} ${op.path}`);
    for (const scenario of all) for (const op of scenario.operations) expect(spec, scenario.id).toContain(op);
    const covered = new Set(CONFORMANCE_SCENARIOS.flatMap((s) => s.operations));
    expect(spec.filter((op) => !covered.has(op))).toEqual([]);
  });

  it("is described in FIDELITY.md: every operation in its table, every pending scenario listed", () => {
    const fidelity = readFileSync(new URL("../../FIDELITY.md", import.meta.url), "utf8");
    for (const op of listOperations()) expect(fidelity).toContain(`| \`${op.method.toUpperCase()} ${op.path}\` |`);
    for (const scenario of PENDING_SCENARIOS) expect(fidelity).toContain(`| \`${scenario.id}\` |`);
  });
});
