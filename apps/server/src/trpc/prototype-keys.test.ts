// Input whose keys are Object.prototype's own names (`__proto__`, `constructor`, `prototype`), at the top and
// nested, is bad input like any other: a 400 naming the field, never a 500. JSON.parse makes `__proto__` an own
// key of the parsed object; the error formatter once looked such a field up on a plain object and got
// Object.prototype back ("messages.includes is not a function").
import { signWebhook } from "@cobro/provider-client/webhooks";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createCapturingLogger } from "../test/capture-logs";
import { createTestDatabase } from "../test/test-database";
import { createTestDeps } from "../test/test-deps";

const ORIGIN = "http://127.0.0.1:3000";
const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { logger, lines } = createCapturingLogger();
const deps = { ...createTestDeps({ db: testDb.db, publicUrl: ORIGIN }), logger };
const app = createApp(deps);

interface ErrorBody {
  error: {
    message: string;
    data: { httpStatus: number; appCode: string; fieldErrors: Record<string, string[]> | null };
  };
}

/** Posts a raw JSON text (a JSON.stringify of an object literal would drop a `__proto__` key). */
async function post(
  path: string,
  json: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const response = await app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
    body: json,
  });
  return { status: response.status, body: await response.json() };
}

const CREDENTIALS = '{"email":"someone@example.test","password":"a-long-password"}';
const PAYER = '{"email":"buyer@testuser.com","firstName":"Ana","lastName":"Pérez"}';

describe("tRPC input with prototype-named keys", () => {
  const cases: { procedure: string; json: string; field: string }[] = [
    { procedure: "auth.signIn", json: `{"__proto__":${CREDENTIALS}}`, field: "__proto__" },
    {
      procedure: "auth.signIn",
      json: '{"email":"someone@example.test","password":"a-long-password","__proto__":{"role":"admin"}}',
      field: "__proto__",
    },
    { procedure: "auth.signIn", json: `{"constructor":${CREDENTIALS}}`, field: "constructor" },
    { procedure: "auth.signIn", json: `{"prototype":${CREDENTIALS}}`, field: "prototype" },
    { procedure: "auth.signUp", json: `{"__proto__":${CREDENTIALS}}`, field: "__proto__" },
    {
      procedure: "checkout.create",
      json: `{"items":[{"productId":"p","quantity":1,"__proto__":{"quantity":2}}],"payer":${PAYER}}`,
      field: "items.0.__proto__",
    },
    {
      procedure: "checkout.create",
      json: `{"items":[],"payer":{"__proto__":${PAYER}}}`,
      field: "payer.__proto__",
    },
    {
      procedure: "checkout.create",
      json: `{"items":[{"productId":"p","quantity":1,"constructor":{"prototype":{}}}],"payer":${PAYER}}`,
      field: "items.0.constructor",
    },
  ];

  for (const { procedure, json, field } of cases) {
    it(`${procedure} ${json.slice(0, 60)}… → 400 naming ${field}`, async () => {
      const { status, body } = await post(`/api/trpc/${procedure}`, json);
      expect(status).toBe(400);
      const error = (body as ErrorBody).error;
      expect(error.data.appCode).toBe("BAD_REQUEST");
      expect(Object.keys(error.data.fieldErrors ?? {})).toContain(field);
      expect(error.data.fieldErrors?.[field]).toEqual(expect.arrayContaining([expect.any(String)]));
      expect(error.message).not.toMatch(/includes|is not a function/);
    });
  }

  it("a batch whose inputs carry prototype keys answers 400 for each, nothing logged as a failure", async () => {
    const before = lines.length;
    const { status, body } = await post(
      "/api/trpc/auth.signIn,auth.signIn?batch=1",
      `{"0":{"__proto__":${CREDENTIALS}},"1":{"constructor":{"prototype":null}}}`,
    );
    expect(status).toBe(400);
    const answers = body as ErrorBody[];
    expect(answers.map((answer) => answer.error.data.httpStatus)).toEqual([400, 400]);
    expect(lines.slice(before).filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

describe("the webhook route with prototype-named keys", () => {
  it("an unsigned notification whose body is all prototype keys is refused as unsigned (401), not a 500", async () => {
    const { status } = await post(
      "/api/webhooks/mercadopago?type=payment&data.id=1",
      '{"__proto__":{"type":"payment"},"constructor":{"prototype":{}}}',
    );
    expect(status).toBe(401);
  });

  it("a signed notification carrying prototype keys is stored as sent (200), its topic read from its own keys", async () => {
    const dataId = "424242";
    const xRequestId = "prototype-keys-delivery";
    const { xSignature } = signWebhook({ secret: deps.providerSettings.webhookSecret, dataId, xRequestId });
    const { status } = await post(
      `/api/webhooks/mercadopago?data.id=${dataId}&type=payment`,
      `{"__proto__":{"type":"plan"},"constructor":{"prototype":{}},"action":"payment.updated","data":{"id":"${dataId}"}}`,
      { "x-signature": xSignature, "x-request-id": xRequestId },
    );
    expect(status).toBe(200);
    const event = await testDb.db
      .selectFrom("webhook_events")
      .select(["topic", "payload"])
      .where("request_id", "=", xRequestId)
      .executeTakeFirstOrThrow();
    expect(event.topic).toBe("payment");
    expect(Object.keys(event.payload as object)).toEqual(expect.arrayContaining(["__proto__", "constructor"]));
  });
});
