import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, startFixtureSandbox, TOKEN_A } from "../test-support/fixture-sandbox";
import { FIXTURE_SPEC } from "../test-support/fixture-spec";
import type { TestSandbox } from "../testing";
import type { OpenApiDocument } from "./spec";
import { closeObjectSchemas, SpecValidator, validateResponse } from "./validation";

const validator = new SpecValidator(FIXTURE_SPEC);

function operation(method: string, path: string) {
  const match = validator.index.find(method, path);
  if (!match) throw new Error(`no operation for ${method} ${path}`);
  return match;
}

describe("SpecValidator (unit)", () => {
  it("names the field of a type error", () => {
    const issues = validator.validateBody(operation("POST", "/v1/widgets").operation, {
      transaction_amount: "10",
      payer: { email: "a@b.co" },
    });
    expect(issues).toEqual([
      { code: "property_type", field: "transaction_amount", description: "transaction_amount must be number" },
    ]);
  });

  it("names unsupported and missing nested properties", () => {
    const issues = validator.validateBody(operation("POST", "/v1/widgets").operation, {
      transaction_amount: 1,
      payer: {},
      foo: 1,
    });
    expect(issues.map((i) => i.description).sort()).toEqual([
      "required property payer.email",
      "unsupported property foo",
    ]);
    expect(issues.find((i) => i.field === "foo")?.code).toBe("unsupported_properties");
    expect(issues.find((i) => i.field === "payer.email")?.code).toBe("required_properties");
  });

  it("checks formats and bounds", () => {
    const issues = validator.validateBody(operation("POST", "/v1/widgets").operation, {
      transaction_amount: 0,
      payer: { email: "not-an-email" },
    });
    expect(issues.map((i) => i.field).sort()).toEqual(["payer.email", "transaction_amount"]);
    expect(issues.every((i) => i.code === "property_value")).toBe(true);
  });

  it("requires a body when the spec says so", () => {
    const issues = validator.validateBody(operation("POST", "/v1/widgets").operation, undefined);
    expect(issues[0]?.description).toBe("request body is required");
  });

  it("coerces and checks path parameters (also through $ref parameters)", () => {
    const ok = operation("GET", "/v1/widgets/123");
    expect(validator.validatePathParams(ok.operation, ok.pathParams)).toEqual([]);
    const bad = operation("GET", "/v1/widgets/abc");
    const issues = validator.validatePathParams(bad.operation, bad.pathParams);
    expect(issues[0]).toMatchObject({ code: "invalid_path_param", description: "id must be integer" });
  });

  it("coerces query values and ignores parameters the spec does not name", () => {
    const op = operation("GET", "/v1/widgets/search").operation;
    expect(
      validator.validateQuery(op, new URL("http://x/v1/widgets/search?limit=10&status=created&payer.id=5")),
    ).toEqual([]);
    const issues = validator.validateQuery(op, new URL("http://x/v1/widgets/search?limit=500&status=open"));
    expect(issues.map((i) => i.field).sort()).toEqual(["limit", "status"]);
    expect(issues.find((i) => i.field === "status")?.description).toBe('status must be one of "created", "closed"');
  });

  it("prefers literal segments over parameters and ignores a trailing slash", () => {
    expect(operation("GET", "/v1/widgets/search").operation.operationId).toBe("searchWidgets");
    expect(operation("GET", "/v1/widgets/search/").operation.operationId).toBe("searchWidgets");
    expect(operation("GET", "/v1/widgets/9/notes").operation.operationId).toBe("listNotes");
    expect(operation("POST", "/checkout/preferences").operation.operationId).toBe("createPreference");
    expect(validator.index.find("DELETE", "/v1/widgets/1")).toBeNull();
  });

  it("reads security and x-idempotency from the spec", () => {
    expect(operation("POST", "/oauth/token").operation.security.public).toBe(true);
    expect(operation("POST", "/v1/card_tokens").operation.security).toEqual({
      public: false,
      bearer: true,
      publicKeyQuery: "public_key",
    });
    expect(operation("POST", "/v1/orders").operation.idempotency).toBe("required");
    expect(operation("POST", "/v1/widgets").operation.idempotency).toBeNull();
  });
});

describe("validateResponse", () => {
  it("accepts a response that matches the schema for its status", () => {
    const result = validateResponse(
      { method: "GET", path: "/v1/widgets/1", status: 200, body: { id: 1, transaction_amount: 2, status: "created" } },
      validator,
    );
    expect(result).toEqual({ ok: true, operation: "GET /v1/widgets/{id}" });
  });

  it("reports a body that breaks the schema", () => {
    const result = validateResponse(
      { method: "GET", path: "/v1/widgets/1", status: 200, body: { id: "1", status: "weird" } },
      validator,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toContain("id must be integer");
      expect(result.errors).toContain("required property transaction_amount");
    }
  });

  it("reports a status the spec does not describe, and matches 5XX ranges", () => {
    const undescribed = validateResponse({ method: "GET", path: "/v1/widgets/1", status: 418, body: {} }, validator);
    expect(undescribed).toEqual({
      ok: false,
      operation: "GET /v1/widgets/{id}",
      errors: ["status 418 is not described"],
    });
    const range = validateResponse(
      { method: "GET", path: "/v1/widgets/1", status: 503, body: { message: "x" } },
      validator,
    );
    expect(range.ok).toBe(true);
  });

  it("does not check paths outside the spec", () => {
    expect(validateResponse({ method: "GET", path: "/__sandbox/clock", status: 200, body: 1 }, validator)).toEqual({
      ok: true,
      operation: null,
    });
  });
});

describe("strict responses (extra properties forbidden)", () => {
  const strict = new SpecValidator(FIXTURE_SPEC, { strictResponses: true });
  const widget = { id: 1, transaction_amount: 2, status: "created" };

  it("refuses a property the schema does not list, at any depth, which the lenient check lets through", () => {
    const invented = { ...widget, invented: true, payer: { email: "a@b.co", nickname: "x" } };
    const input = { method: "GET", path: "/v1/widgets/1", status: 200, body: invented };
    expect(validator.validateResponse(input).ok).toBe(true);
    const result = strict.validateResponse(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toContain("unsupported property invented");
      expect(result.errors).toContain("unsupported property payer.nickname");
    }
  });

  it("still refuses a missing required property and accepts the exact shape", () => {
    expect(strict.validateResponse({ method: "GET", path: "/v1/widgets/1", status: 200, body: widget }).ok).toBe(true);
    const dropped = strict.validateResponse({ method: "GET", path: "/v1/widgets/1", status: 200, body: { id: 1 } });
    expect(dropped.ok).toBe(false);
  });

  it("keeps free maps free, leaves allOf members open and does not touch the document it was given", () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: {
        schemas: {
          Base: { type: "object", properties: { a: { type: "string" } } },
          Both: { allOf: [{ $ref: "#/components/schemas/Base" }], properties: { b: { type: "string" } } },
          Meta: { type: "object", properties: { m: { type: "object", additionalProperties: true } } },
          Example: { type: "object", properties: { x: { type: "string" } }, examples: [{ properties: {} }] },
        },
      },
    } as unknown as OpenApiDocument;
    const closed = closeObjectSchemas(doc).components?.schemas as Record<string, Record<string, unknown>>;
    expect(closed.Base?.unevaluatedProperties).toBeUndefined();
    expect(closed.Both?.unevaluatedProperties).toBe(false);
    const meta = closed.Meta as { unevaluatedProperties: unknown; properties: { m: Record<string, unknown> } };
    expect(meta.unevaluatedProperties).toBe(false);
    expect(meta.properties.m.unevaluatedProperties).toBeUndefined();
    expect(closed.Example?.examples).toEqual([{ properties: {} }]);
    const original = doc.components?.schemas as Record<string, Record<string, unknown>>;
    expect(original.Meta?.unevaluatedProperties).toBeUndefined();
  });
});

describe("validation over HTTP", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startFixtureSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("answers a bad classic body with 400, message and cause naming the field", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/widgets`, {
      method: "POST",
      headers: bearer(TOKEN_A),
      body: JSON.stringify({ transaction_amount: "ten", payer: { email: "a@b.co" } }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "transaction_amount must be number",
      error: "bad_request",
      status: 400,
      cause: [{ code: "property_type", description: "transaction_amount must be number", data: "transaction_amount" }],
    });
  });

  it("answers a bad Orders body with errors[].details", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/orders`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "validation-1" }),
      body: JSON.stringify({ total_amount: 10 }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0]).toEqual({
      code: "property_type",
      message: "The following properties have an invalid type",
      details: ["total_amount must be string"],
    });
  });

  it("rejects a bad path parameter and a bad query before the handler", async () => {
    const path = await sandbox.fetch(`${sandbox.url}/v1/widgets/not-a-number`, { headers: bearer(TOKEN_A) });
    expect(path.status).toBe(400);
    expect((await path.json()).cause[0].code).toBe("invalid_path_param");
    const query = await sandbox.fetch(`${sandbox.url}/v1/widgets/search?limit=0`, { headers: bearer(TOKEN_A) });
    expect(query.status).toBe(400);
    expect((await query.json()).cause[0].data).toBe("limit");
  });
});
