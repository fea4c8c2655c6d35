// The conformance suite's vocabulary: a scenario is data (requests and what
// the provider answers to them), so one runner can replay it against the
// sandbox and against the real provider alike. Strings may hold `{{name}}`
// placeholders, filled from the scenario's variables (see runner.ts).

/** What a field must be. Plain JSON so scenarios stay data. */
export type FieldMatcher =
  | "string"
  | "number"
  | "integer"
  | "boolean"
  | "array"
  | "object"
  | "null"
  /** Present with any value, null included. */
  | "present"
  | "absent"
  | { eq: unknown }
  | { oneOf: readonly unknown[] }
  /** A regular expression the (string) value must match. */
  | { match: string }
  /** An array of exactly that many items. */
  | { length: number }
  /** A number at least that big (or an array at least that long). */
  | { gte: number };

export interface StepExpectation {
  /** The HTTP status, or the statuses the provider is documented to answer. */
  status: number | readonly number[];
  /** Dotted paths (`a.b[0].c`) → what they hold. */
  fields?: Readonly<Record<string, FieldMatcher>>;
  /** Response headers (lower-case names) → what they hold. */
  headers?: Readonly<Record<string, FieldMatcher>>;
}

/** One call to the provider API. */
export interface ApiStep {
  kind?: "api";
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path and query, e.g. `/v1/payments/{{paymentId}}`. */
  path: string;
  body?: unknown;
  /**
   * `X-Idempotency-Key`: a template (so two steps can share a key), or `false`
   * to send none. Default: a fresh key on every write, as the official SDKs do.
   */
  idempotencyKey?: string | false;
  /** Send no Authorization header (e.g. `/oauth/token`, or an auth check). */
  noAuth?: boolean;
  /** Another bearer token (a template). */
  token?: string;
  /** Send this raw text as the body instead of JSON. */
  rawBody?: string;
  /** The body's Content-Type when not JSON (e.g. `multipart/form-data; boundary=…` with `rawBody`). */
  contentType?: string;
  expect: StepExpectation;
  /** Variable name → dotted path in the response body, for later steps. */
  save?: Readonly<Record<string, string>>;
}

/**
 * A call to the sandbox's control API (`/__sandbox/...`): playing the buyer,
 * the terminal or the clock. A scenario with control steps cannot be replayed
 * against the real provider, so `compare` skips it there.
 */
export interface ControlStep {
  kind: "control";
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: unknown;
  expect?: StepExpectation;
  save?: Readonly<Record<string, string>>;
}

export type ScenarioStep = ApiStep | ControlStep;

export interface ConformanceScenario {
  /** Unique, `area.what-it-shows`. */
  id: string;
  /** The spec operations the scenario exercises, as `METHOD /template` (the last steps' operation first). */
  operations: string[];
  /**
   * Where the expected behaviour comes from: `repo:path:line` of an official
   * SDK's test, or a developer reference page (`docs:<url or page>`). At least one.
   */
  sources: string[];
  /** One sentence: the behaviour under test. */
  title: string;
  /** Variables fixed once per run of the scenario (templates themselves, e.g. `{{uuid}}`). */
  vars?: Record<string, string>;
  steps: ScenarioStep[];
}
