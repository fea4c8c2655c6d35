// Request validation against the spec (the sandbox rejects what the provider
// would reject, naming the field) and response validation (the contract check
// that keeps spec, client and sandbox in agreement).

import type { ErrorObject, ValidateFunction } from "ajv";
// The file itself: ajv has no `exports` map, and Node's ES module loader does not add extensions.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { MiddlewareHandler } from "hono";
import type { SandboxEnv } from "../context";
import { classicError, isOrdersPath, ordersError, type SandboxHttpError } from "./errors";
import { loadSandboxSpec } from "./provider-spec";
import { asOpenApiDocument, type OpenApiDocument, SpecIndex, type SpecOperation } from "./spec";

const SPEC_ID = "cobro-provider-spec.json";

/** One problem found by validation, in the provider's vocabulary. */
export interface ValidationIssue {
  /** Orders API error code family: required_properties, unsupported_properties, property_type, property_value, ... */
  code: string;
  /** The field, dotted (`payer.email`, `items[0].unit_price`, `limit`), or `body`/`query`/`path` for the whole. */
  field: string;
  /** e.g. `transaction_amount must be number`, `unsupported property foo`, `required property payer.email`. */
  description: string;
}

export type ResponseCheck = { ok: true; operation: string | null } | { ok: false; operation: string; errors: string[] };

/** Orders-API 400 codes by the JSON Schema keyword that failed (docs/provider-facts.md §4.6 error catalogue). */
const CODE_BY_KEYWORD: Record<string, string> = {
  required: "required_properties",
  additionalProperties: "unsupported_properties",
  unevaluatedProperties: "unsupported_properties",
  type: "property_type",
  minItems: "minimum_items",
  maxItems: "maximum_items",
  minProperties: "minimum_properties",
};

const ORDERS_MESSAGE_BY_CODE: Record<string, string> = {
  required_properties: "The following properties are required",
  unsupported_properties: "The following properties are not supported",
  property_type: "The following properties have an invalid type",
  property_value: "The following properties have an invalid value",
  minimum_items: "The following properties have too few items",
  maximum_items: "The following properties have too many items",
  minimum_properties: "The following properties have too few properties",
  invalid_path_param: "The following path parameters are invalid",
};

function joinField(base: string, child: string): string {
  if (/^\d+$/.test(child)) return `${base}[${child}]`;
  return base ? `${base}.${child}` : child;
}

function fieldOf(instancePath: string, root: string): string {
  if (!instancePath) return root;
  const parts = instancePath
    .slice(1)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let field = "";
  for (const part of parts) field = joinField(field, part);
  return field || root;
}

function describeError(error: ErrorObject, root: string): ValidationIssue {
  const field = fieldOf(error.instancePath, root);
  const params = error.params as Record<string, unknown>;
  const code = CODE_BY_KEYWORD[error.keyword] ?? "property_value";
  // At the root (the whole body, or the query/path object) a missing or extra property is named alone.
  const base = error.instancePath === "" ? "" : field;
  switch (error.keyword) {
    case "required": {
      const missing = joinField(base, String(params.missingProperty));
      return { code, field: missing, description: `required property ${missing}` };
    }
    case "additionalProperties":
    case "unevaluatedProperties": {
      const extra = joinField(base, String(params.additionalProperty ?? params.unevaluatedProperty));
      return { code, field: extra, description: `unsupported property ${extra}` };
    }
    case "type":
      return { code, field, description: `${field} must be ${String(params.type).replace(",", " or ")}` };
    case "enum":
      return {
        code,
        field,
        description: `${field} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      };
    case "oneOf":
    case "anyOf":
      return { code, field, description: `${field} does not match any allowed form` };
    default:
      return { code, field, description: `${field} ${error.message ?? "is invalid"}` };
  }
}

/**
 * Turns ajv errors into issues. Branch errors of a failed oneOf/anyOf are noise
 * (each branch complains differently), so the one summary for that field is kept.
 */
function toIssues(errors: ErrorObject[] | null | undefined, root: string): ValidationIssue[] {
  const list = errors ?? [];
  const unions = list.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf").map((e) => e.instancePath);
  const kept = list.filter((e) => {
    if (e.keyword === "oneOf" || e.keyword === "anyOf") {
      return !unions.some((u) => u !== e.instancePath && e.instancePath.startsWith(u));
    }
    if (e.keyword === "if") return false;
    return !unions.some((u) => e.instancePath === u || e.instancePath.startsWith(`${u}/`));
  });
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of kept) {
    const issue = describeError(error, root);
    if (seen.has(issue.description)) continue;
    seen.add(issue.description);
    issues.push(issue);
  }
  return issues.slice(0, 10);
}

function createAjv(doc: OpenApiDocument, coerce: boolean): Ajv2020 {
  // strict: false because OpenAPI schemas carry annotations ajv does not know
  // (example, discriminator, x-*), and the whole document is added as one schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: coerce ? "array" : false, logger: false });
  addFormats(ajv);
  for (const format of ["int32", "int64", "float", "double", "decimal", "password", "byte", "binary"]) {
    ajv.addFormat(format, true);
  }
  ajv.addSchema(doc, SPEC_ID);
  return ajv;
}

/** Keys whose values are data, not schemas: never rewritten by `closeObjectSchemas`. */
const DATA_KEYWORDS = new Set(["examples", "example", "enum", "const", "default"]);

/**
 * A copy of a spec where every object schema that lists `properties` and says
 * nothing about extra properties forbids them (`unevaluatedProperties: false`,
 * so properties evaluated by in-place `oneOf`/`anyOf` branches still count).
 * Schemas that say `additionalProperties` (free maps such as `metadata`) stay
 * as written, and so do the members of an `allOf` (closing one member would
 * refuse its siblings' properties).
 *
 * The contract check in tests runs on this copy: a field the sandbox invents
 * fails, and so does one the spec forgets. Request validation keeps the spec
 * as written, where an unlisted field is ignored, as the provider ignores it.
 */
export function closeObjectSchemas(doc: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(doc) as OpenApiDocument;
  const schemas = (copy.components?.schemas ?? {}) as Record<string, unknown>;
  const open = new Set<unknown>();
  const markAllOfMembers = (node: unknown): void => {
    // Arrays (allOf, oneOf, items lists) are walked by index like any object.
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.allOf)) {
      for (const member of record.allOf as Record<string, unknown>[]) {
        const ref = typeof member.$ref === "string" ? member.$ref : undefined;
        open.add(ref?.startsWith("#/components/schemas/") ? schemas[ref.slice(21)] : member);
      }
    }
    for (const [key, value] of Object.entries(record)) if (!DATA_KEYWORDS.has(key)) markAllOfMembers(value);
  };
  const close = (node: unknown): void => {
    // Arrays (allOf, oneOf, items lists) are walked by index like any object.
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const isObjectSchema = record.properties !== null && typeof record.properties === "object";
    if (
      isObjectSchema &&
      !open.has(record) &&
      record.additionalProperties === undefined &&
      record.unevaluatedProperties === undefined
    ) {
      record.unevaluatedProperties = false;
    }
    for (const [key, value] of Object.entries(record)) {
      if (DATA_KEYWORDS.has(key)) continue;
      // Under `properties` the keys are field names, each value a schema.
      if (key === "properties" && isObjectSchema) Object.values(value as object).forEach(close);
      else close(value);
    }
  };
  markAllOfMembers(copy);
  close(copy);
  return copy;
}

/** Checks status against the operation's responses: exact code, then `4XX`-style ranges, then `default`. */
function responseFor(operation: SpecOperation, status: number): SpecOperation["responses"][string] | undefined {
  return (
    operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default
  );
}

export interface SpecValidatorOptions {
  /**
   * Check responses with extra properties forbidden (see `closeObjectSchemas`).
   * Tests use it; the running sandbox does not check its own responses.
   */
  strictResponses?: boolean;
}

/** Compiles (lazily, once each) the request and response schemas of a spec and validates against them. */
export class SpecValidator {
  readonly index: SpecIndex;
  private readonly bodyAjv: Ajv2020;
  private readonly paramAjv: Ajv2020;
  private readonly responseAjv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    readonly doc: OpenApiDocument,
    options: SpecValidatorOptions = {},
  ) {
    this.index = new SpecIndex(doc);
    this.bodyAjv = createAjv(doc, false);
    this.paramAjv = createAjv(doc, true);
    this.responseAjv = options.strictResponses ? createAjv(closeObjectSchemas(doc), false) : this.bodyAjv;
  }

  private compile(key: string, ajv: Ajv2020, schema: Record<string, unknown>): ValidateFunction {
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = ajv.compile(schema);
      this.compiled.set(key, fn);
    }
    return fn;
  }

  private ref(pointer: string): Record<string, unknown> {
    return { $ref: `${SPEC_ID}${pointer}` };
  }

  /** Validates path parameters (strings coerced to the schema's types). */
  validatePathParams(operation: SpecOperation, params: Record<string, string>): ValidationIssue[] {
    const defs = operation.parameters.filter((p) => p.in === "path" && p.schemaPointer);
    if (defs.length === 0) return [];
    const key = `path ${operation.method} ${operation.template}`;
    const fn = this.compile(key, this.paramAjv, {
      type: "object",
      properties: Object.fromEntries(defs.map((p) => [p.name, this.ref(p.schemaPointer ?? "")])),
    });
    const data: Record<string, unknown> = { ...params };
    if (fn(data)) return [];
    return toIssues(fn.errors, "path").map((issue) => ({ ...issue, code: "invalid_path_param" }));
  }

  /** Validates the query string; parameters the spec does not name are allowed (the provider ignores them). */
  validateQuery(operation: SpecOperation, url: URL): ValidationIssue[] {
    const defs = operation.parameters.filter((p) => p.in === "query");
    if (defs.length === 0) return [];
    const key = `query ${operation.method} ${operation.template}`;
    const fn = this.compile(key, this.paramAjv, {
      type: "object",
      properties: Object.fromEntries(
        defs.filter((p) => p.schemaPointer).map((p) => [p.name, this.ref(p.schemaPointer ?? "")]),
      ),
      required: defs.filter((p) => p.required).map((p) => p.name),
    });
    const data: Record<string, unknown> = {};
    for (const def of defs) {
      const values = url.searchParams.getAll(def.name);
      if (values.length === 0) continue;
      data[def.name] = def.isArray ? values.flatMap((v) => v.split(",")) : values[0];
    }
    if (fn(data)) return [];
    return toIssues(fn.errors, "query");
  }

  /** Validates the JSON request body (`undefined` = no body). */
  validateBody(operation: SpecOperation, body: unknown): ValidationIssue[] {
    const def = operation.requestBody;
    if (!def) return [];
    if (body === undefined) {
      return def.required
        ? [{ code: "required_properties", field: "body", description: "request body is required" }]
        : [];
    }
    if (!def.schemaPointer) return [];
    const fn = this.compile(
      `body ${operation.method} ${operation.template}`,
      this.bodyAjv,
      this.ref(def.schemaPointer),
    );
    if (fn(body)) return [];
    return toIssues(fn.errors, "body");
  }

  /**
   * Checks a response against the spec's response for that operation and status.
   * Paths the spec does not describe (control API, hosted pages) are not checked.
   */
  validateResponse(input: { method: string; path: string; status: number; body: unknown }): ResponseCheck {
    const match = this.index.find(input.method, input.path);
    if (!match) return { ok: true, operation: null };
    const { operation } = match;
    const name = `${operation.method.toUpperCase()} ${operation.template}`;
    const response = responseFor(operation, input.status);
    if (!response) return { ok: false, operation: name, errors: [`status ${input.status} is not described`] };
    if (!response.schemaPointer) return { ok: true, operation: name };
    if (input.body === undefined) return { ok: false, operation: name, errors: ["expected a JSON body, got none"] };
    const fn = this.compile(`response ${name} ${input.status}`, this.responseAjv, this.ref(response.schemaPointer));
    if (fn(input.body)) return { ok: true, operation: name };
    return { ok: false, operation: name, errors: toIssues(fn.errors, "body").map((i) => i.description) };
  }
}

let providerValidator: SpecValidator | undefined;
let strictProviderValidator: SpecValidator | undefined;

/**
 * The validator of the bundled provider spec (`loadSandboxSpec`), built on first
 * use; with `strictResponses`, the one whose response check forbids extra properties.
 */
export function getProviderSpecValidator(options: SpecValidatorOptions = {}): SpecValidator {
  if (options.strictResponses) {
    strictProviderValidator ??= new SpecValidator(asOpenApiDocument(loadSandboxSpec()), { strictResponses: true });
    return strictProviderValidator;
  }
  providerValidator ??= new SpecValidator(asOpenApiDocument(loadSandboxSpec()));
  return providerValidator;
}

/**
 * Checks a sandbox (or provider) response against the bundled spec: the
 * operation is found by method and path, the response by status, and the body
 * is validated against that response's schema. Returns `{ ok: true }` for paths
 * the spec does not describe.
 *
 * @example validateResponse({ method: "GET", path: "/v1/payments/1", status: 200, body })
 */
export function validateResponse(
  input: { method: string; path: string; status: number; body: unknown },
  validator: SpecValidator = getProviderSpecValidator(),
): ResponseCheck {
  return validator.validateResponse(input);
}

/** A 400 in the shape the path answers with: Orders `{errors[]}` or classic `{message, cause[]}`. */
export function validationError(path: string, issues: ValidationIssue[]): SandboxHttpError {
  if (isOrdersPath(path)) {
    const codes = [...new Set(issues.map((i) => i.code))];
    const first = codes[0] ?? "bad_request";
    const error = ordersError(400, first, ORDERS_MESSAGE_BY_CODE[first] ?? "The request is invalid", {
      details: issues.filter((i) => i.code === first).map((i) => i.description),
    });
    const body = error.body as { errors: { code: string; message: string; details?: string[] }[] };
    for (const code of codes.slice(1)) {
      body.errors.push({
        code,
        message: ORDERS_MESSAGE_BY_CODE[code] ?? "The request is invalid",
        details: issues.filter((i) => i.code === code).map((i) => i.description),
      });
    }
    return error;
  }
  return classicError(400, issues[0]?.description ?? "bad request", {
    cause: issues.map((i) => ({ code: i.code, description: i.description, data: i.field })),
  });
}

function isMultipart(contentType: string | undefined): boolean {
  return (contentType ?? "").toLowerCase().startsWith("multipart/");
}

/** Rejects requests whose path parameters, query or JSON body break the spec (before any handler runs). */
export function createValidationMiddleware(validator: SpecValidator): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const match = validator.index.find(c.req.method, c.req.path);
    if (!match) return next();
    const { operation, pathParams } = match;
    const pathIssues = validator.validatePathParams(operation, pathParams);
    if (pathIssues.length > 0) throw validationError(c.req.path, pathIssues);
    const issues = [
      ...validator.validateQuery(operation, new URL(c.req.url)),
      // A multipart body (the chargeback evidence upload) is not JSON: its handler checks the parts itself.
      ...(isMultipart(c.req.header("content-type")) ? [] : validator.validateBody(operation, c.get("jsonBody"))),
    ];
    if (issues.length > 0) throw validationError(c.req.path, issues);
    return next();
  };
}
