// The drift check: the same conformance scenarios replayed against the real
// provider (or any base URL) and against a sandbox, step by step, reporting
// where the two answered a different status or a body of a different shape.
// Values (ids, dates) are expected to differ; fields and their types are not.

import { type RunTarget, runScenario, type ScenarioOutcome, type StepOutcome, shapeOf } from "./runner";
import type { ConformanceScenario } from "./types";

/** One way the two targets answered a step differently. */
export interface Difference {
  scenarioId: string;
  step: number;
  /** `METHOD /path-template` as the scenario spells it. */
  request: string;
  kind: "status" | "missing-in-sandbox" | "extra-in-sandbox" | "type" | "step-not-reached";
  /** The field path for shape differences. */
  field?: string;
  detail: string;
}

export interface CompareResult {
  compared: number;
  /** Scenario ids not replayed against the other target, with why. */
  skipped: { id: string; reason: string }[];
  differences: Difference[];
}

export interface CompareOptions {
  scenarios: readonly ConformanceScenario[];
  /** The target under suspicion: the real provider with test credentials, usually. */
  against: RunTarget;
  /** The sandbox side: a target per scenario (a fresh seller each, so scenarios stay independent). */
  sandbox: (scenario: ConformanceScenario) => Promise<RunTarget> | RunTarget;
}

function typeLabel(type: string | undefined): string {
  return type ?? "missing";
}

/** The differences between the two answers to one step. */
export function diffStep(scenarioId: string, sandbox: StepOutcome, against: StepOutcome | undefined): Difference[] {
  const request = `${sandbox.method} ${sandbox.pathTemplate}`;
  const base = { scenarioId, step: sandbox.index, request };
  if (!against || against.status === null) {
    if (sandbox.status === null) return [];
    // No answer at all (connection refused, DNS) shows why; otherwise an earlier step stopped the run there.
    const why = against?.failures.join("; ") || "an earlier step failed there";
    return [{ ...base, kind: "step-not-reached", detail: `no answer from the against target (${why})` }];
  }
  if (sandbox.status !== against.status) {
    return [{ ...base, kind: "status", detail: `status ${sandbox.status} (sandbox) ≠ ${against.status} (against)` }];
  }
  const ours = shapeOf(sandbox.body);
  const theirs = shapeOf(against.body);
  const out: Difference[] = [];
  for (const [field, type] of theirs) {
    const mine = ours.get(field);
    if (mine === undefined) {
      // A field under an array the sandbox left empty is not evidence of a missing field.
      if (!isUnderEmptyArray(field, ours)) {
        out.push({
          ...base,
          kind: "missing-in-sandbox",
          field,
          detail: `field ${field}: ${type} (against), missing from the sandbox`,
        });
      }
    } else if (mine !== type && mine !== "null" && type !== "null") {
      out.push({
        ...base,
        kind: "type",
        field,
        detail: `field ${field}: ${mine} (sandbox) ≠ ${typeLabel(type)} (against)`,
      });
    }
  }
  for (const [field, type] of ours) {
    if (!theirs.has(field) && !isUnderEmptyArray(field, theirs)) {
      out.push({
        ...base,
        kind: "extra-in-sandbox",
        field,
        detail: `field ${field}: ${type} (sandbox), missing from the against target`,
      });
    }
  }
  return out;
}

/** True when `field` lies inside an array that the other shape has but holds no items. */
function isUnderEmptyArray(field: string, shape: Map<string, string>): boolean {
  let cut = field.lastIndexOf("[]");
  while (cut >= 0) {
    const arrayPath = field.slice(0, cut);
    if (shape.get(arrayPath) === "array" && ![...shape.keys()].some((k) => k.startsWith(`${arrayPath}[]`))) return true;
    cut = field.lastIndexOf("[]", cut - 1);
  }
  return false;
}

/** The differences between two runs of the same scenario. */
export function diffOutcomes(sandbox: ScenarioOutcome, against: ScenarioOutcome): Difference[] {
  return sandbox.steps
    .filter((step) => step.kind === "api")
    .flatMap((step) =>
      diffStep(
        sandbox.id,
        step,
        against.steps.find((s) => s.index === step.index),
      ),
    );
}

/**
 * Replays every scenario against both targets and lists the differences.
 * A scenario that needs the sandbox's control API is skipped when the
 * against target has none (the real provider).
 *
 * @example
 * const result = await compareTargets({ scenarios: CONFORMANCE_SCENARIOS, against: { baseUrl, token }, sandbox: () => local });
 * console.log(formatCompareResult(result));
 */
export async function compareTargets(options: CompareOptions): Promise<CompareResult> {
  const result: CompareResult = { compared: 0, skipped: [], differences: [] };
  for (const scenario of options.scenarios) {
    const against = await runScenario(scenario, options.against);
    if (against.skipped) {
      result.skipped.push({ id: scenario.id, reason: against.skipped });
      continue;
    }
    const sandbox = await runScenario(scenario, await options.sandbox(scenario));
    result.compared += 1;
    result.differences.push(...diffOutcomes(sandbox, against));
  }
  return result;
}

/** The report `mercadopago-sandbox compare` prints: one line per difference, then a summary. */
export function formatCompareResult(result: CompareResult): string {
  const lines = result.differences.map((d) => `${d.scenarioId} step ${d.step} ${d.request}: ${d.detail}`);
  if (result.skipped.length > 0) {
    lines.push(`skipped (they need the sandbox's control API): ${result.skipped.map((s) => s.id).join(", ")}`);
  }
  lines.push(
    `${result.compared} scenarios compared, ${result.differences.length} difference${result.differences.length === 1 ? "" : "s"}, ${result.skipped.length} skipped`,
  );
  return lines.join("\n");
}
