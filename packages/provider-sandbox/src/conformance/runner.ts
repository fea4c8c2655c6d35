// Runs conformance scenarios against any Mercado Pago–shaped base URL: the
// sandbox, or the provider itself with real test credentials. It knows
// nothing of the sandbox except that control steps go to `controlUrl`.

import { randomUUID } from "node:crypto";
import type { SiteId } from "../context";
import { TEST_CARD_EXPIRY, TEST_CARDS } from "../data/test-cards";
import { DEFAULT_OAUTH_APP } from "../resources/oauth";
import type { ApiStep, ConformanceScenario, FieldMatcher, ScenarioStep, StepExpectation } from "./types";

export interface RunTarget {
  /** e.g. `https://api.mercadopago.com` or a sandbox's URL. */
  baseUrl: string;
  /** The seller's access token (a test user's, on the real provider). */
  token: string;
  /** Where control steps go; null when the target is not a sandbox (those scenarios are then skipped). */
  controlUrl?: string | null;
  /** The token's site: picks the test cards and the document type. Default MLA. */
  siteId?: SiteId;
  /** An OAuth application of the seller's (`POST /oauth/token` scenarios); default the sandbox's own app. */
  oauthApp?: { clientId: string; clientSecret: string };
  fetch?: typeof fetch;
}

export interface StepOutcome {
  index: number;
  kind: "api" | "control";
  method: string;
  /** The path template as the scenario spells it. */
  pathTemplate: string;
  path: string;
  status: number | null;
  body: unknown;
  headers: Record<string, string>;
  failures: string[];
}

export interface ScenarioOutcome {
  id: string;
  /** True when every step met its expectation. */
  ok: boolean;
  /** Set when the scenario could not run here (control steps on a non-sandbox target). */
  skipped?: string;
  steps: StepOutcome[];
}

/** Documents the test cards are tokenized with, per site (docs/provider-facts.md §5.1). */
const SITE_DOCUMENTS: Record<SiteId, { type: string; number: string }> = {
  MLA: { type: "DNI", number: "12345678" },
  MLB: { type: "CPF", number: "12345678909" },
  MLC: { type: "otro", number: "123456789" },
  MCO: { type: "CC", number: "123456789" },
  MLM: { type: "RFC", number: "123456789" },
  MLU: { type: "CI", number: "12345678" },
  MPE: { type: "DNI", number: "123456789" },
};

const SITE_CURRENCIES: Record<SiteId, string> = {
  MLA: "ARS",
  MLB: "BRL",
  MLC: "CLP",
  MCO: "COP",
  MLM: "MXN",
  MLU: "UYU",
  MPE: "PEN",
};

/** The variables every scenario starts with (a scenario's own `vars` come on top). */
function builtInVars(target: RunTarget): Map<string, unknown> {
  const site = target.siteId ?? "MLA";
  const vars = new Map<string, unknown>();
  for (const card of TEST_CARDS.filter((c) => c.siteId === site)) {
    if (!vars.has(`card.${card.paymentMethodId}`)) {
      vars.set(`card.${card.paymentMethodId}`, card.number);
      vars.set(`cvv.${card.paymentMethodId}`, card.securityCode);
    }
  }
  const day = 86_400_000;
  vars.set("site", site);
  vars.set("currency", SITE_CURRENCIES[site]);
  vars.set("doc.type", SITE_DOCUMENTS[site].type);
  vars.set("doc.number", SITE_DOCUMENTS[site].number);
  vars.set("card.month", TEST_CARD_EXPIRY.month);
  vars.set("card.year", TEST_CARD_EXPIRY.year);
  // provider: sandbox payers must be test users (…@testuser.com), docs/provider-facts.md §5.3.
  vars.set("email", `test_user_${randomUUID().slice(0, 8)}@testuser.com`);
  vars.set("date.yesterday", new Date(Date.now() - day).toISOString());
  vars.set("date.tomorrow", new Date(Date.now() + day).toISOString());
  vars.set("date.today", new Date().toISOString().slice(0, 10));
  vars.set("date.nextMonth", new Date(Date.now() + 30 * day).toISOString());
  vars.set("token", target.token);
  vars.set("oauth.clientId", target.oauthApp?.clientId ?? DEFAULT_OAUTH_APP.client_id);
  vars.set("oauth.clientSecret", target.oauthApp?.clientSecret ?? DEFAULT_OAUTH_APP.client_secret);
  return vars;
}

const PLACEHOLDER = /\{\{([\w.-]+)\}\}/g;

/** Fills `{{name}}` placeholders; a string that is one placeholder keeps the value's type. */
export function fillTemplate(value: unknown, vars: ReadonlyMap<string, unknown>): unknown {
  if (typeof value === "string") {
    const whole = /^\{\{([\w.-]+)\}\}$/.exec(value);
    if (whole?.[1]) return lookupVar(whole[1], vars);
    return value.replace(PLACEHOLDER, (_, name: string) => String(lookupVar(name, vars)));
  }
  if (Array.isArray(value)) return value.map((item) => fillTemplate(item, vars));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillTemplate(v, vars)]));
  }
  return value;
}

function lookupVar(name: string, vars: ReadonlyMap<string, unknown>): unknown {
  if (name === "uuid") return randomUUID();
  if (!vars.has(name)) throw new Error(`unknown variable {{${name}}}`);
  return vars.get(name);
}

/** The value at a dotted path (`a.b[0].c`), or undefined. */
export function valueAt(body: unknown, path: string): unknown {
  let current: unknown = body;
  for (const part of path.split(/\.|(?=\[)/).filter((p) => p !== "")) {
    if (current === null || current === undefined) return undefined;
    const index = /^\[(\d+)\]$/.exec(part);
    if (index?.[1]) {
      current = Array.isArray(current) ? current[Number(index[1])] : undefined;
    } else if (typeof current === "object") {
      current = (current as Record<string, unknown>)[part];
    } else {
      return undefined;
    }
  }
  return current;
}

function hasPath(body: unknown, path: string): boolean {
  if (path === "") return body !== undefined;
  const cut = path.lastIndexOf(".");
  const bracket = path.lastIndexOf("[");
  if (bracket > cut) return valueAt(body, path) !== undefined;
  const parent = cut < 0 ? body : valueAt(body, path.slice(0, cut));
  const key = cut < 0 ? path : path.slice(cut + 1);
  return parent !== null && typeof parent === "object" && Object.hasOwn(parent, key);
}

/** Why a value does not satisfy a matcher, or null when it does. */
export function checkField(
  body: unknown,
  path: string,
  matcher: FieldMatcher,
  vars: ReadonlyMap<string, unknown>,
): string | null {
  const present = hasPath(body, path);
  const value = valueAt(body, path);
  const show = (v: unknown) => JSON.stringify(v)?.slice(0, 120) ?? "undefined";
  if (matcher === "absent") return present ? `${path} should be absent, is ${show(value)}` : null;
  if (!present) return `${path} is missing (expected ${typeof matcher === "string" ? matcher : show(matcher)})`;
  if (typeof matcher === "string") {
    const ok =
      matcher === "present" ||
      (matcher === "null" && value === null) ||
      (matcher === "array" && Array.isArray(value)) ||
      (matcher === "object" && value !== null && typeof value === "object" && !Array.isArray(value)) ||
      (matcher === "integer" && Number.isInteger(value)) ||
      (matcher === "string" && typeof value === "string") ||
      (matcher === "number" && typeof value === "number") ||
      (matcher === "boolean" && typeof value === "boolean");
    return ok ? null : `${path} should be ${matcher}, is ${show(value)}`;
  }
  if ("eq" in matcher) {
    const expected = fillTemplate(matcher.eq, vars);
    return JSON.stringify(value) === JSON.stringify(expected)
      ? null
      : `${path} should be ${show(expected)}, is ${show(value)}`;
  }
  if ("oneOf" in matcher) {
    const options = fillTemplate([...matcher.oneOf], vars) as unknown[];
    return options.some((o) => JSON.stringify(o) === JSON.stringify(value))
      ? null
      : `${path} should be one of ${show(options)}, is ${show(value)}`;
  }
  if ("match" in matcher) {
    const pattern = String(fillTemplate(matcher.match, vars));
    return typeof value === "string" && new RegExp(pattern).test(value)
      ? null
      : `${path} should match /${pattern}/, is ${show(value)}`;
  }
  if ("length" in matcher) {
    return Array.isArray(value) && value.length === matcher.length
      ? null
      : `${path} should have ${matcher.length} items, is ${show(value)}`;
  }
  const size = Array.isArray(value) ? value.length : value;
  return typeof size === "number" && size >= matcher.gte
    ? null
    : `${path} should be ≥ ${matcher.gte}, is ${show(value)}`;
}

function checkExpectation(
  expectation: StepExpectation,
  status: number,
  body: unknown,
  headers: Record<string, string>,
  vars: ReadonlyMap<string, unknown>,
): string[] {
  const failures: string[] = [];
  const statuses: readonly number[] =
    typeof expectation.status === "number" ? [expectation.status] : expectation.status;
  if (!statuses.includes(status)) {
    failures.push(`status should be ${statuses.join(" or ")}, is ${status}: ${JSON.stringify(body)?.slice(0, 300)}`);
    return failures;
  }
  for (const [path, matcher] of Object.entries(expectation.fields ?? {})) {
    const failure = checkField(body, fillTemplate(path, vars) as string, matcher, vars);
    if (failure) failures.push(failure);
  }
  for (const [name, matcher] of Object.entries(expectation.headers ?? {})) {
    const failure = checkField(headers, name, matcher, vars);
    if (failure) failures.push(`header ${failure}`);
  }
  return failures;
}

function isControl(step: ScenarioStep): step is Extract<ScenarioStep, { kind: "control" }> {
  return step.kind === "control";
}

/** True when a scenario needs the sandbox's control API (so it cannot run against the provider). */
export function needsControl(scenario: ConformanceScenario): boolean {
  return scenario.steps.some(isControl);
}

function requestHeaders(step: ApiStep, target: RunTarget, vars: ReadonlyMap<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = { "content-type": step.contentType ?? "application/json" };
  if (!step.noAuth)
    headers.authorization = `Bearer ${step.token ? String(fillTemplate(step.token, vars)) : target.token}`;
  if (step.method !== "GET") {
    if (step.idempotencyKey === undefined) headers["x-idempotency-key"] = randomUUID();
    else if (step.idempotencyKey !== false)
      headers["x-idempotency-key"] = String(fillTemplate(step.idempotencyKey, vars));
  }
  return headers;
}

async function sendStep(
  step: ScenarioStep,
  target: RunTarget,
  vars: ReadonlyMap<string, unknown>,
): Promise<{ path: string; status: number; body: unknown; headers: Record<string, string> }> {
  const doFetch = target.fetch ?? fetch;
  const path = String(fillTemplate(step.path, vars));
  const control = isControl(step);
  const base = control ? (target.controlUrl ?? "") : target.baseUrl;
  const headers = control ? { "content-type": "application/json" } : requestHeaders(step, target, vars);
  const rawBody = !control && step.rawBody !== undefined ? step.rawBody : undefined;
  const body = rawBody ?? (step.body === undefined ? undefined : JSON.stringify(fillTemplate(step.body, vars)));
  const res = await doFetch(`${base.replace(/\/$/, "")}${path}`, {
    method: step.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  let parsed: unknown = text === "" ? undefined : text;
  try {
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {
    // not JSON: kept as text, a shape difference the comparison will show
  }
  const responseHeaders: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  return { path, status: res.status, body: parsed, headers: responseHeaders };
}

/**
 * Runs one scenario, step by step, against a target. A failed expectation is
 * recorded and the run goes on (so a comparison sees every step) unless a
 * later step needs a value the failed one did not give.
 *
 * @example
 * const outcome = await runScenario(scenario, { baseUrl: sandbox.url, token, controlUrl: sandbox.url });
 */
export async function runScenario(scenario: ConformanceScenario, target: RunTarget): Promise<ScenarioOutcome> {
  if (needsControl(scenario) && !target.controlUrl) {
    return { id: scenario.id, ok: true, skipped: "needs the sandbox's control API", steps: [] };
  }
  const vars = builtInVars(target);
  for (const [name, template] of Object.entries(scenario.vars ?? {})) vars.set(name, fillTemplate(template, vars));
  const steps: StepOutcome[] = [];
  for (const [index, step] of scenario.steps.entries()) {
    const outcome: StepOutcome = {
      index,
      kind: isControl(step) ? "control" : "api",
      method: step.method,
      pathTemplate: step.path,
      path: step.path,
      status: null,
      body: undefined,
      headers: {},
      failures: [],
    };
    steps.push(outcome);
    try {
      const answer = await sendStep(step, target, vars);
      Object.assign(outcome, answer);
      if (step.expect)
        outcome.failures.push(...checkExpectation(step.expect, answer.status, answer.body, answer.headers, vars));
      for (const [name, path] of Object.entries(step.save ?? {})) {
        const value = valueAt(answer.body, path);
        if (value === undefined) throw new Error(`cannot save ${name}: ${path} is missing`);
        vars.set(name, value);
      }
    } catch (error) {
      outcome.failures.push(error instanceof Error ? error.message : String(error));
      break;
    }
  }
  return { id: scenario.id, ok: steps.every((s) => s.failures.length === 0), steps };
}

/**
 * A body's shape: each path (array items merged as `[]`) → its JSON type.
 * Two answers with the same shape have the same fields of the same types.
 */
export function shapeOf(value: unknown, prefix = "", out = new Map<string, string>(), depth = 0): Map<string, string> {
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  if (prefix) out.set(prefix, type);
  if (depth > 8) return out;
  if (Array.isArray(value)) {
    for (const item of value) shapeOf(item, `${prefix}[]`, out, depth + 1);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) shapeOf(child, prefix ? `${prefix}.${key}` : key, out, depth + 1);
  }
  return out;
}
