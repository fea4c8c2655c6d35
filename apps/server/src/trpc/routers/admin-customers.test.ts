// admin.customers.* over real HTTP (Hono + tRPC) against the sandbox: bad input is a 400 naming each field, and a
// provider refusal comes back in our words with its reason and field, never the provider's body.
import { randomUUID } from "node:crypto";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { signInAs, uniqueEmail } from "../../test/test-users";
import { appRouter } from "../router";
import { createTrpcContext } from "../trpc";

const env = await startShopTestEnv();
afterAll(() => env.close());
const app = new Hono().use("/trpc/*", trpcServer({ router: appRouter, createContext: createTrpcContext(env.deps) }));
const { cookie } = await signInAs({ db: env.db, role: "operator" });

async function post(path: string, body: unknown) {
  const response = await app.request(`/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

interface ErrorData {
  appCode: string;
  field: string | null;
  reason: string | null;
  fieldErrors: Record<string, string[]> | null;
}

function errorOf(text: string): { message: string; data: ErrorData } {
  return (JSON.parse(text) as { error: { message: string; data: ErrorData } }).error;
}

describe("admin.customers over HTTP", () => {
  it("answers bad customer input with 400 and the fields at fault", async () => {
    const { status, text } = await post("admin.customers.create", {
      email: "not-an-email",
      phone: { areaCode: "abc", number: "1" },
      idempotencyKey: "not-a-uuid",
    });
    expect(status).toBe(400);
    expect(Object.keys(errorOf(text).data.fieldErrors ?? {}).sort()).toEqual([
      "email",
      "idempotencyKey",
      "phone.areaCode",
    ]);
  });

  it("answers a bad expiry with 400 naming the month", async () => {
    const { status, text } = await post("admin.customers.updateCard", {
      customerId: "1000001-abc",
      cardId: "1",
      expirationMonth: 13,
      expirationYear: 2030,
    });
    expect(status).toBe(400);
    expect(errorOf(text).data.fieldErrors).toEqual({ expirationMonth: ["The month is 1 to 12"] });
  });

  it("refuses a taken e-mail with 409, its reason and field, and none of the provider's body", async () => {
    const email = uniqueEmail("http-dup");
    const first = await post("admin.customers.create", { email, idempotencyKey: randomUUID() });
    expect(first.status).toBe(200);
    const second = await post("admin.customers.create", { email, idempotencyKey: randomUUID() });
    expect(second.status).toBe(409);
    const error = errorOf(second.text);
    expect(error.data).toMatchObject({ appCode: "CONFLICT", reason: "customer_email_taken", field: "email" });
    expect(error.message).toBe("Mercado Pago already has a customer with this e-mail address.");
    expect(second.text).not.toContain("already exist");
  });

  it("answers a customer the provider does not have with 404", async () => {
    const response = await app.request(
      `/trpc/admin.customers.get?input=${encodeURIComponent(JSON.stringify({ customerId: "1000001-nobody" }))}`,
      { headers: { cookie } },
    );
    expect(response.status).toBe(404);
  });
});
