// The actions of the provider-search screens (payment links, merchant orders, customers, terminals) over real HTTP
// (Hono + tRPC): a link's, a customer's and a merchant order's changes and a terminal's mode go to the account they
// name (an unknown one is a 404); a customer's new card is refused on a connected account with a 409 naming `account`; a junk account is a 400 naming `account`;
// creating takes no account at all (it stays on the store's own).
import { randomUUID } from "node:crypto";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { signInAs } from "../../test/test-users";
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
  const error = ((await response.json()) as { error?: { data: Record<string, unknown> } }).error;
  return { status: response.status, data: error?.data ?? null };
}

const account = randomUUID();
const ACTIONS: [string, Record<string, unknown>][] = [
  ["admin.customers.addCard", { customerId: "1000001-abc", cardToken: "a".repeat(32), idempotencyKey: randomUUID() }],
];

/** Actions that go to the account they name: an account Cobro has no connection for is a 404, never the store's. */
const ACTING: [string, Record<string, unknown>][] = [
  ["admin.links.update", { preferenceId: "1000001-pref", currency: "ARS", idempotencyKey: randomUUID() }],
  ["admin.links.expire", { preferenceId: "1000001-pref", idempotencyKey: randomUUID() }],
  ["admin.customers.update", { customerId: "1000001-abc", firstName: "Ana" }],
  ["admin.customers.delete", { customerId: "1000001-abc" }],
  ["admin.customers.updateCard", { customerId: "1000001-abc", cardId: "1", expirationMonth: 1, expirationYear: 2030 }],
  ["admin.customers.deleteCard", { customerId: "1000001-abc", cardId: "1" }],
  ["admin.merchantOrders.update", { merchantOrderId: 1, idempotencyKey: randomUUID(), additionalInfo: "x" }],
  ["admin.terminals.setMode", { deviceId: "PAX_A910__SMARTPOS1", operatingMode: "PDV" }],
];

describe("actions on a connected account's links, merchant orders, customers and terminals", () => {
  it.each(ACTING)("%s on a connection Cobro does not know is a 404", async (path, input) => {
    const { status } = await post(path, { ...input, account });
    expect(status).toBe(404);
  });

  it.each(ACTIONS)("%s is refused with 409 on account", async (path, input) => {
    const { status, data } = await post(path, { ...input, account });
    expect(status).toBe(409);
    expect(data).toMatchObject({ field: "account", reason: "account_actions_own_only" });
  });

  it("a junk account is a 400 naming account; creating a link names no account", async () => {
    const junk = await post("admin.customers.delete", { customerId: "1000001-abc", account: "someone" });
    expect(junk.status).toBe(400);
    expect(Object.keys((junk.data?.fieldErrors as Record<string, unknown>) ?? {})).toEqual(["account"]);
    const create = await post("admin.links.create", {
      items: [{ title: "x", quantity: 1, unitPriceMinor: 100 }],
      currency: "ARS",
      idempotencyKey: randomUUID(),
      account,
    });
    expect(create.status).toBe(400);
    expect(create.data?.fieldErrors).toEqual({ account: ["Unknown field"] });
  });
});
