import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Absolute path of the bundled, single-file spec (generated from openapi.yaml by `npm run generate`). */
export const PROVIDER_SPEC_PATH = fileURLToPath(new URL("../generated/openapi.json", import.meta.url));

/** Absolute path of the hand-written root document (multi-file: paths/ and schemas/ beside it). */
export const PROVIDER_SPEC_SOURCE_PATH = fileURLToPath(new URL("../openapi.yaml", import.meta.url));

export type HttpMethod = "get" | "put" | "post" | "delete" | "patch";

export const HTTP_METHODS: readonly HttpMethod[] = ["get", "put", "post", "delete", "patch"];

/** The parts of an OpenAPI 3.1 document that Cobro's tools read. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, unknown>;
    parameters?: Record<string, unknown>;
    responses?: Record<string, unknown>;
    securitySchemes?: Record<string, unknown>;
  };
}

export type OpenApiPathItem = Partial<Record<HttpMethod, OpenApiOperation>> & { parameters?: unknown[] };

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  "x-idempotency"?: "required" | "optional";
}

let cached: OpenApiDocument | undefined;

/**
 * The bundled provider spec as a parsed object. The same object is returned on
 * every call, so treat it as read-only.
 *
 * @example
 * const spec = loadProviderSpec();
 * spec.paths["/v1/payments"]?.post?.operationId; // "createPayment"
 */
export function loadProviderSpec(): OpenApiDocument {
  cached ??= JSON.parse(readFileSync(PROVIDER_SPEC_PATH, "utf8")) as OpenApiDocument;
  return cached;
}

/** Every operation of the spec as `{ method, path, operation }`, in document order. */
export function listOperations(
  spec: OpenApiDocument = loadProviderSpec(),
): { method: HttpMethod; path: string; operation: OpenApiOperation }[] {
  const out: { method: HttpMethod; path: string; operation: OpenApiOperation }[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) out.push({ method, path, operation });
    }
  }
  return out;
}
