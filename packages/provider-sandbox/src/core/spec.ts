// The OpenAPI document as the sandbox reads it: which operation a request is,
// its parameters, body and responses (as JSON pointers that the validator
// compiles), who may call it (`security`) and whether it needs an idempotency
// key (`x-idempotency`). The spec is the single source of truth; nothing here
// hard-codes a provider path.

/** The parts of an OpenAPI 3.1 document the sandbox reads (anything else is kept but ignored). */
export interface OpenApiDocument {
  openapi?: string;
  paths?: Record<string, unknown>;
  components?: Record<string, unknown>;
  security?: unknown;
  [key: string]: unknown;
}

type JsonObject = Record<string, unknown>;

export interface SpecParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  /** JSON pointer (URI fragment form, `#/...`) of the parameter's schema, or null when it has none. */
  schemaPointer: string | null;
  /** True when the schema is an array, so repeated query values are collected. */
  isArray: boolean;
}

export interface SpecResponse {
  /** JSON pointer of the JSON body schema, or null when the response has no JSON body. */
  schemaPointer: string | null;
}

/** How an operation authenticates, read from its `security` (or the document's). */
export interface SpecSecurity {
  /** True when one of the alternatives is `{}` (no credentials). */
  public: boolean;
  /** Accepts a bearer access token. */
  bearer: boolean;
  /** Name of a query parameter that carries a public key (an `apiKey` scheme `in: query`), else null. */
  publicKeyQuery: string | null;
}

export interface SpecOperation {
  method: string;
  /** The path as the spec spells it, e.g. `/v1/payments/{id}` or `/checkout/preferences/`. */
  template: string;
  operationId: string | null;
  parameters: SpecParameter[];
  requestBody: { required: boolean; schemaPointer: string | null } | null;
  /** Responses by status key as written (`200`, `4XX`, `default`). */
  responses: Record<string, SpecResponse>;
  security: SpecSecurity;
  /** The `x-idempotency` extension: `required` when the provider rejects a write without the header. */
  idempotency: "required" | "optional" | null;
}

export interface OperationMatch {
  operation: SpecOperation;
  /** Path parameters taken from the request path (decoded). */
  pathParams: Record<string, string>;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Narrows an unknown value (e.g. what `loadProviderSpec()` returns) to an OpenAPI document. */
export function asOpenApiDocument(value: unknown): OpenApiDocument {
  if (!isObject(value) || !isObject(value.paths)) {
    throw new Error("provider-sandbox: the OpenAPI document has no `paths` object");
  }
  return value as OpenApiDocument;
}

/** Escapes one JSON pointer segment and makes it safe inside a URI fragment. */
function pointerSegment(segment: string | number): string {
  return encodeURIComponent(String(segment).replace(/~/g, "~0").replace(/\//g, "~1"));
}

export function jsonPointer(segments: (string | number)[]): string {
  return `#/${segments.map(pointerSegment).join("/")}`;
}

function decodePointer(pointer: string): string[] {
  if (!pointer.startsWith("#/")) return [];
  return pointer
    .slice(2)
    .split("/")
    .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Follows local `$ref`s (`#/components/...`) and returns the node with the pointer where it lives. */
function resolveNode(
  doc: OpenApiDocument,
  node: unknown,
  segments: (string | number)[],
): { node: unknown; segments: (string | number)[] } {
  let current = node;
  let path = segments;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === "string"; hops++) {
    const target = decodePointer(current.$ref);
    let value: unknown = doc;
    for (const part of target)
      value = isObject(value) || Array.isArray(value) ? (value as JsonObject)[part] : undefined;
    current = value;
    path = target;
  }
  return { node: current, segments: path };
}

function jsonMediaKey(content: JsonObject): string | null {
  const keys = Object.keys(content);
  return (
    keys.find((k) => k === "application/json") ??
    keys.find((k) => /[/+]json\b/.test(k)) ??
    keys.find((k) => k === "application/x-www-form-urlencoded") ??
    null
  );
}

function schemaIsArray(doc: OpenApiDocument, schema: unknown): boolean {
  const resolved = resolveNode(doc, schema, []).node;
  if (!isObject(resolved)) return false;
  const type = resolved.type;
  return type === "array" || (Array.isArray(type) && type.includes("array"));
}

function readParameters(doc: OpenApiDocument, list: unknown, base: (string | number)[]): SpecParameter[] {
  if (!Array.isArray(list)) return [];
  const out: SpecParameter[] = [];
  list.forEach((raw, index) => {
    const { node, segments } = resolveNode(doc, raw, [...base, index]);
    if (!isObject(node) || typeof node.name !== "string" || typeof node.in !== "string") return;
    const where = node.in as SpecParameter["in"];
    out.push({
      name: node.name,
      in: where,
      required: where === "path" ? true : node.required === true,
      schemaPointer: isObject(node.schema) ? jsonPointer([...segments, "schema"]) : null,
      isArray: schemaIsArray(doc, node.schema),
    });
  });
  return out;
}

function readSecurity(doc: OpenApiDocument, requirements: unknown): SpecSecurity {
  const security: SpecSecurity = { public: false, bearer: false, publicKeyQuery: null };
  // A document without any security declares nothing public: every provider call needs a token.
  if (!Array.isArray(requirements)) return { ...security, bearer: true };
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    if (names.length === 0) security.public = true;
    for (const name of names) {
      const scheme = resolveNode(doc, schemes[name], []).node;
      if (!isObject(scheme)) continue;
      if (scheme.type === "apiKey" && scheme.in === "query" && typeof scheme.name === "string") {
        security.publicKeyQuery = scheme.name;
      } else if (scheme.type === "http" || scheme.type === "oauth2" || scheme.type === "openIdConnect") {
        security.bearer = true;
      }
    }
  }
  return security;
}

function readOperation(
  doc: OpenApiDocument,
  template: string,
  method: string,
  pathItem: JsonObject,
  itemSegments: (string | number)[],
): SpecOperation | null {
  const opSegments = [...itemSegments, method];
  const op = pathItem[method];
  if (!isObject(op)) return null;

  // Operation parameters override path-level ones with the same name and location.
  const shared = readParameters(doc, pathItem.parameters, [...itemSegments, "parameters"]);
  const own = readParameters(doc, op.parameters, [...opSegments, "parameters"]);
  const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];

  let requestBody: SpecOperation["requestBody"] = null;
  if (op.requestBody !== undefined) {
    const { node, segments } = resolveNode(doc, op.requestBody, [...opSegments, "requestBody"]);
    if (isObject(node)) {
      const content = isObject(node.content) ? node.content : {};
      const media = jsonMediaKey(content);
      const mediaObject = media ? content[media] : undefined;
      requestBody = {
        required: node.required === true,
        schemaPointer:
          media && isObject(mediaObject) && mediaObject.schema !== undefined
            ? jsonPointer([...segments, "content", media, "schema"])
            : null,
      };
    }
  }

  const responses: Record<string, SpecResponse> = {};
  if (isObject(op.responses)) {
    for (const [status, raw] of Object.entries(op.responses)) {
      const { node, segments } = resolveNode(doc, raw, [...opSegments, "responses", status]);
      if (!isObject(node)) continue;
      const content = isObject(node.content) ? node.content : {};
      const media = jsonMediaKey(content);
      const mediaObject = media ? content[media] : undefined;
      responses[status] = {
        schemaPointer:
          media && isObject(mediaObject) && mediaObject.schema !== undefined
            ? jsonPointer([...segments, "content", media, "schema"])
            : null,
      };
    }
  }

  const marker = op["x-idempotency"];
  return {
    method,
    template,
    operationId: typeof op.operationId === "string" ? op.operationId : null,
    parameters,
    requestBody,
    responses,
    security: readSecurity(doc, op.security !== undefined ? op.security : doc.security),
    idempotency: marker === "required" ? "required" : marker === "optional" ? "optional" : null,
  };
}

/** Drops one trailing slash (never from `/`): the provider answers both spellings. */
export function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

interface CompiledTemplate {
  normalized: string;
  regex: RegExp;
  paramNames: string[];
  segments: string[];
  operations: Map<string, SpecOperation>;
}

/** Orders templates so that literal segments win over `{param}` ones (`/search` before `/{id}`). */
function compareSpecificity(a: CompiledTemplate, b: CompiledTemplate): number {
  const n = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const aParam = (a.segments[i] ?? "").includes("{");
    const bParam = (b.segments[i] ?? "").includes("{");
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return b.segments.length - a.segments.length;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** An index of the document's operations for looking requests up by method and path. */
export class SpecIndex {
  readonly operations: SpecOperation[] = [];
  private readonly templates: CompiledTemplate[] = [];
  private readonly cache = new Map<string, OperationMatch | null>();

  constructor(readonly doc: OpenApiDocument) {
    const byNormalized = new Map<string, CompiledTemplate>();
    for (const [template, rawItem] of Object.entries(doc.paths ?? {})) {
      const { node: item, segments } = resolveNode(doc, rawItem, ["paths", template]);
      if (!isObject(item)) continue;
      const normalized = normalizePath(template);
      let compiled = byNormalized.get(normalized);
      if (!compiled) {
        const paramNames: string[] = [];
        const pattern = normalized
          .split("/")
          .map((segment) =>
            escapeRegex(segment).replace(/\\\{([^}]+)\\\}/g, (_m, name: string) => {
              paramNames.push(name);
              return "([^/]+)";
            }),
          )
          .join("/");
        compiled = {
          normalized,
          regex: new RegExp(`^${pattern}$`),
          paramNames,
          segments: normalized.split("/"),
          operations: new Map(),
        };
        byNormalized.set(normalized, compiled);
      }
      for (const method of HTTP_METHODS) {
        const operation = readOperation(doc, template, method, item, segments);
        if (!operation) continue;
        compiled.operations.set(method, operation);
        this.operations.push(operation);
      }
    }
    this.templates = [...byNormalized.values()].sort(compareSpecificity);
  }

  /** The operation a request is, or null when the path and method are not in the spec. */
  find(method: string, path: string): OperationMatch | null {
    const key = `${method.toLowerCase()} ${path}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const result = this.lookup(method.toLowerCase(), normalizePath(path));
    if (this.cache.size > 5000) this.cache.clear();
    this.cache.set(key, result);
    return result;
  }

  /** True when some operation of the spec has this path (any method). */
  hasPath(path: string): boolean {
    const normalized = normalizePath(path);
    return this.templates.some((t) => t.regex.test(normalized));
  }

  private lookup(method: string, path: string): OperationMatch | null {
    for (const template of this.templates) {
      const match = template.regex.exec(path);
      if (!match) continue;
      const operation = template.operations.get(method);
      if (!operation) continue;
      const pathParams: Record<string, string> = {};
      template.paramNames.forEach((name, i) => {
        const raw = match[i + 1] ?? "";
        try {
          pathParams[name] = decodeURIComponent(raw);
        } catch {
          pathParams[name] = raw;
        }
      });
      return { operation, pathParams };
    }
    return null;
  }
}
