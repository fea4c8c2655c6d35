// Every operation of the provider spec is reachable from the product: `docs/provider-operations.md` has one row per
// operationId. This test fails when:
// - an operation is missing from that table;
// - a row's method and path are not the spec's;
// - a row names a client method that does not make that call;
// - a row names a method, or a browser call, that no product code makes. Product code is the non-test files of
//   apps/server/src and apps/web/src.
// It reads only files of the repository, so it runs the same on a clean clone.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { listOperations } from "./index";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DOC_PATH = join(ROOT, "docs/provider-operations.md");
const CLIENT_DIR = join(ROOT, "packages/provider-client/src");
const PRODUCT_DIRS = [join(ROOT, "apps/server/src"), join(ROOT, "apps/web/src")];

interface DocRow {
  operationId: string;
  method: string;
  path: string;
  calledThrough: string[];
  where: string;
  purpose: string;
}

/** The table rows of the document (cells without their backticks). */
function parseOperationsTable(markdown: string): DocRow[] {
  return markdown
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const cells = line
        .slice(1, line.endsWith("|") ? -1 : undefined)
        .split("|")
        .map((cell) => cell.trim());
      const [operation = "", methodPath = "", through = "", where = "", purpose = ""] = cells;
      const [method = "", path = ""] = methodPath.replaceAll("`", "").split(" ");
      return {
        operationId: operation.replaceAll("`", ""),
        method,
        path,
        calledThrough: through
          .split(",")
          .map((part) => part.replaceAll("`", "").trim())
          .filter((part) => part !== ""),
        where,
        purpose,
      };
    });
}

/** Every non-test .ts/.tsx file under `dir`. */
function productFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (["node_modules", "dist", "test", "e2e", "__tests__"].includes(entry.name)) continue;
      out.push(...productFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/**
 * What each client method calls: `{ "payments.get": "GET /v1/payments/{id}" }`, read from the client's resources.
 * A method is a line `    name(` in a resource file; its calls are the `http.VERB("path"` up to the next one, or those
 * of the local helper it returns (`return update(…)`).
 */
function clientCalls(): Map<string, string[]> {
  const clientSource = readFileSync(join(CLIENT_DIR, "client.ts"), "utf8");
  const factories = new Map<string, string>();
  for (const match of clientSource.matchAll(/import \{ (create\w+Resource) \} from "\.\/resources\/([\w-]+)"/g)) {
    factories.set(match[1] ?? "", match[2] ?? "");
  }
  const calls = new Map<string, string[]>();
  for (const match of clientSource.matchAll(/^\s+(\w+): (create\w+Resource)\(http\)/gm)) {
    const resource = match[1] ?? "";
    const file = factories.get(match[2] ?? "");
    if (!file) continue;
    const source = readFileSync(join(CLIENT_DIR, "resources", `${file}.ts`), "utf8");
    // Local helpers (`function update(…)` before the returned object) make calls their methods delegate to.
    const helpers = new Map<string, string[]>();
    const methods = new Map<string, { calls: string[]; delegates: string[] }>();
    let current: { name: string; helper: boolean } | null = null;
    for (const line of source.split("\n")) {
      const helper = /^ {2}(?:async )?function (\w+)\(/.exec(line);
      const method = /^ {4}(?:async )?(\w+)\(/.exec(line);
      if (helper) current = { name: helper[1] ?? "", helper: true };
      else if (method) current = { name: method[1] ?? "", helper: false };
      if (!current) continue;
      const http = /http\.(GET|POST|PUT|PATCH|DELETE)\("([^"]+)"/.exec(line);
      if (current.helper) {
        if (http) helpers.set(current.name, [...(helpers.get(current.name) ?? []), `${http[1]} ${http[2]}`]);
        continue;
      }
      const entry = methods.get(current.name) ?? { calls: [], delegates: [] };
      if (http) entry.calls.push(`${http[1]} ${http[2]}`);
      for (const name of helpers.keys()) if (line.includes(`return ${name}(`)) entry.delegates.push(name);
      methods.set(current.name, entry);
    }
    for (const [name, entry] of methods) {
      const made = [...entry.calls, ...entry.delegates.flatMap((helper) => helpers.get(helper) ?? [])];
      if (made.length > 0) calls.set(`${resource}.${name}`, made);
    }
  }
  return calls;
}

/** A call of `expression` in product code (`provider.cards.update(` across line breaks). */
function calledInProduct(sources: readonly string[], expression: string): boolean {
  const parts = expression.split(".").map((part) => part.replace(/[$]/g, "\\$"));
  const pattern = new RegExp(`${parts.join("\\s*\\.\\s*")}\\s*\\(`);
  return sources.some((source) => pattern.test(source));
}

describe("docs/provider-operations.md", () => {
  const rows = parseOperationsTable(readFileSync(DOC_PATH, "utf8"));
  const operations = listOperations();
  const calls = clientCalls();
  const sources = PRODUCT_DIRS.flatMap(productFiles).map((file) => readFileSync(file, "utf8"));

  it("has one row per operation of the spec, with the spec's method and path", () => {
    expect(operations.length).toBeGreaterThan(50);
    const fromSpec = operations.map((op) => `${op.operation.operationId} ${op.method.toUpperCase()} ${op.path}`).sort();
    const fromDoc = rows.map((row) => `${row.operationId} ${row.method} ${row.path}`).sort();
    expect(fromDoc).toEqual(fromSpec);
  });

  it("says for each where it is used and what for", () => {
    for (const row of rows) {
      expect(row.calledThrough.length, row.operationId).toBeGreaterThan(0);
      expect(row.where.length, row.operationId).toBeGreaterThan(10);
      expect(row.purpose.length, row.operationId).toBeGreaterThan(10);
    }
  });

  it("names client methods that make the operation's call and that product code calls", () => {
    expect(calls.get("payments.get")).toEqual(["GET /v1/payments/{id}"]);
    const problems: string[] = [];
    for (const row of rows) {
      for (const through of row.calledThrough) {
        if (through.startsWith("browser:")) {
          const call = through.slice("browser:".length).trim();
          if (!calledInProduct(sources, call)) problems.push(`${row.operationId}: no product code calls ${call}`);
          continue;
        }
        const method = through.replace(/^provider\./, "");
        const made = calls.get(method);
        if (!made) {
          problems.push(`${row.operationId}: the client has no method ${through}`);
          continue;
        }
        if (!made.includes(`${row.method} ${row.path}`)) {
          problems.push(`${row.operationId}: ${through} calls ${made.join(", ")}, not ${row.method} ${row.path}`);
        }
        if (!calledInProduct(sources, `provider.${method}`)) {
          problems.push(`${row.operationId}: no product code calls provider.${method}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("tells a called method from one no product code calls (the check above is not vacuous)", () => {
    expect(calledInProduct(sources, "provider.payments.get")).toBe(true);
    expect(calledInProduct(sources, "provider.cardTokens.create")).toBe(false);
    expect(calledInProduct(sources, "mp.fields.createCardToken")).toBe(true);
  });
});
