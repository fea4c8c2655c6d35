import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listOperations, loadProviderSpec } from "./index";

const TSV_PATH = fileURLToPath(new URL("../../../../shared/provider-operations.tsv", import.meta.url));
const LOCAL_TSV_PATH = fileURLToPath(new URL("../provider-operations.tsv", import.meta.url));

function parseOperationsTable(text: string): { group: string; method: string; path: string }[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const [group = "", method = "", path = ""] = line.split("\t");
      return { group, method: method.toLowerCase(), path };
    });
}

/** The product's calls: the package's own list, which grows with the product (chargebacks and claims since #18). */
function readOperationsTable() {
  return parseOperationsTable(readFileSync(LOCAL_TSV_PATH, "utf8"));
}

/** The original list of the project brief, read-only beside the repository; absent on a standalone clone. */
function readOriginalTable() {
  try {
    return parseOperationsTable(readFileSync(TSV_PATH, "utf8"));
  } catch {
    return null;
  }
}

describe("the provider spec", () => {
  const spec = loadProviderSpec();
  const operations = listOperations(spec);

  it("holds exactly the method+path pairs of provider-operations.tsv", () => {
    const expected = readOperationsTable()
      .map((row) => `${row.method} ${row.path}`)
      .sort();
    const actual = operations.map((op) => `${op.method} ${op.path}`).sort();
    expect(expected).toHaveLength(60);
    expect(actual).toEqual(expected);
  });

  it("still holds every call of the original list", () => {
    const original = readOriginalTable();
    if (original === null) return; // a standalone clone has only the package's list, checked above
    const actual = new Set(operations.map((op) => `${op.method} ${op.path}`));
    expect(original.map((row) => `${row.method} ${row.path}`).filter((call) => !actual.has(call))).toEqual([]);
  });

  it("gives every operation a unique operationId, a summary, a tag and an error response", () => {
    const ids = new Set<string>();
    for (const { method, path, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(operation.operationId), `${where} repeats ${operation.operationId}`).toBe(false);
      ids.add(operation.operationId);
      expect(operation.summary, where).toBeTruthy();
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => s.startsWith("2")),
        `${where} has a success response`,
      ).toBe(true);
      expect(
        statuses.some((s) => s.startsWith("4")),
        `${where} has a 4xx response`,
      ).toBe(true);
    }
  });

  it("declares the idempotency header and policy on every write", () => {
    for (const { method, path, operation } of operations) {
      if (method === "get") continue;
      const where = `${method.toUpperCase()} ${path}`;
      expect(["required", "optional"], where).toContain(operation["x-idempotency"]);
      const refs = (operation.parameters ?? []).map((p) => (p as { $ref?: string }).$ref);
      expect(refs, where).toContain("#/components/parameters/IdempotencyKey");
    }
  });

  it("keeps the provider's amount conventions: numbers for payments, strings for orders, integer cents for Point", () => {
    type Schema = { type?: unknown; $ref?: string; properties?: Record<string, Schema> };
    const schemas = spec.components.schemas as Record<string, Schema>;
    const resolve = (schema: Schema | undefined): Schema | undefined =>
      schema?.$ref ? resolve(schemas[schema.$ref.replace("#/components/schemas/", "")]) : schema;
    const typeOf = (schema: string, property: string) =>
      resolve(resolve(schemas[schema])?.properties?.[property])?.type;
    expect(typeOf("PaymentCreateRequest", "transaction_amount")).toBe("number");
    expect(typeOf("OrderCreateRequest", "total_amount")).toBe("string");
    expect(typeOf("PaymentIntentRequest", "amount")).toBe("integer");
  });

  it("never forbids extra fields in the provider's responses", () => {
    // Responses reference named schemas; check those schemas that responses use.
    const responseRefs = new Set<string>();
    for (const { operation } of operations) {
      for (const response of Object.values(operation.responses)) {
        const json = JSON.stringify(response);
        for (const m of json.matchAll(/#\/components\/schemas\/(\w+)/g)) if (m[1]) responseRefs.add(m[1]);
      }
    }
    expect(responseRefs.size).toBeGreaterThan(20);
    for (const name of responseRefs) {
      const schema = spec.components.schemas[name] as { additionalProperties?: unknown } | undefined;
      expect(schema?.additionalProperties, `${name} must allow extra properties`).not.toBe(false);
    }
  });
});
