import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createProviderClient, type ProviderClient } from "./client";
import { CONFIGURED_TOKEN, createRecordingClient, respondJson } from "./test-support/recording-client";

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"] as const;

/** Every `METHOD /path/{template}` the hand-written spec declares. */
function readSpecOperations(): string[] {
  const specUrl = new URL("../../spec/generated/openapi.json", import.meta.url);
  const spec: unknown = JSON.parse(readFileSync(specUrl, "utf8"));
  if (typeof spec !== "object" || spec === null || !("paths" in spec)) throw new Error("spec has no paths");
  const paths = spec.paths;
  if (typeof paths !== "object" || paths === null) throw new Error("spec paths is not an object");
  const operations: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (typeof item !== "object" || item === null) continue;
    for (const method of HTTP_METHODS) {
      if (method in item) operations.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return operations.sort();
}

/** Maps a concrete request path to the spec template it matches; literal segments beat `{params}`. */
function toTemplate(method: string, path: string, operations: readonly string[]): string {
  const candidates = operations
    .map((operation) => {
      const [operationMethod = "", template = ""] = operation.split(" ");
      const pattern = template
        .split("/")
        .map((segment) => (/^\{[^}]+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
        .join("/");
      const params = (template.match(/\{/g) ?? []).length;
      return { operationMethod, template, regex: new RegExp(`^${pattern}$`), params };
    })
    .filter((candidate) => candidate.operationMethod === method && candidate.regex.test(path))
    .sort((a, b) => a.params - b.params);
  const best = candidates[0];
  return best ? `${method} ${best.template}` : `${method} ${path} (not in the spec)`;
}

/** One call of every resource method, keyed `resource.method`. Ids avoid literal segment names like `search`. */
const CALLS: Record<string, (client: ProviderClient) => unknown> = {
  "payments.get": (c) => c.payments.get(1),
  "payments.create": (c) => c.payments.create({ transaction_amount: 10, payer: { email: "a@b.c" } }),
  "payments.search": (c) => c.payments.search({ limit: 1 }),
  "payments.capture": (c) => c.payments.capture(1),
  "payments.cancel": (c) => c.payments.cancel(1),
  "refunds.create": (c) => c.refunds.create(1),
  "refunds.list": (c) => c.refunds.list(1),
  "refunds.get": (c) => c.refunds.get(1, 2),
  "paymentMethods.list": (c) => c.paymentMethods.list(),
  "identificationTypes.list": (c) => c.identificationTypes.list(),
  "preferences.create": (c) => c.preferences.create({ items: [{ title: "x", quantity: 1, unit_price: 1 }] }),
  "preferences.get": (c) => c.preferences.get("p1"),
  "preferences.update": (c) => c.preferences.update("p1", { expires: false, binary_mode: false }),
  "preferences.search": (c) => c.preferences.search(),
  "cardTokens.create": (c) => c.cardTokens.create({ card_id: "c1", security_code: "123" }),
  "customers.create": (c) => c.customers.create({ email: "a@b.c" }),
  "customers.get": (c) => c.customers.get("u1"),
  "customers.update": (c) => c.customers.update("u1", {}),
  "customers.remove": (c) => c.customers.remove("u1"),
  "customers.search": (c) => c.customers.search(),
  "cards.create": (c) => c.cards.create("u1", { token: "t" }),
  "cards.list": (c) => c.cards.list("u1"),
  "cards.get": (c) => c.cards.get("u1", "k1"),
  "cards.update": (c) => c.cards.update("u1", "k1", {}),
  "cards.remove": (c) => c.cards.remove("u1", "k1"),
  "orders.create": (c) => c.orders.create({ type: "online", total_amount: "1.00" }),
  "orders.get": (c) => c.orders.get("o1"),
  "orders.process": (c) => c.orders.process("o1"),
  "orders.capture": (c) => c.orders.capture("o1"),
  "orders.cancel": (c) => c.orders.cancel("o1"),
  "orders.refund": (c) => c.orders.refund("o1"),
  "orders.createTransactions": (c) => c.orders.createTransactions("o1", { payments: [] }),
  "orders.updateTransaction": (c) => c.orders.updateTransaction("o1", "t1", {}),
  "orders.deleteTransaction": (c) => c.orders.deleteTransaction("o1", "t1"),
  "merchantOrders.create": (c) => c.merchantOrders.create({}),
  "merchantOrders.get": (c) => c.merchantOrders.get(1),
  "merchantOrders.update": (c) => c.merchantOrders.update(1, {}),
  "merchantOrders.search": (c) => c.merchantOrders.search(),
  "plans.create": (c) =>
    c.plans.create({
      reason: "r",
      back_url: "https://a.b",
      auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1, currency_id: "BRL" },
    }),
  "plans.get": (c) => c.plans.get("pl1"),
  "plans.update": (c) => c.plans.update("pl1", {}),
  "plans.search": (c) => c.plans.search(),
  "subscriptions.create": (c) => c.subscriptions.create({ payer_email: "a@b.c" }),
  "subscriptions.get": (c) => c.subscriptions.get("s1"),
  "subscriptions.update": (c) => c.subscriptions.update("s1", {}),
  "subscriptions.search": (c) => c.subscriptions.search(),
  "subscriptions.pause": (c) => c.subscriptions.pause("s1"),
  "subscriptions.resume": (c) => c.subscriptions.resume("s1"),
  "subscriptions.cancel": (c) => c.subscriptions.cancel("s1"),
  "authorizedPayments.get": (c) => c.authorizedPayments.get(1),
  "authorizedPayments.search": (c) => c.authorizedPayments.search(),
  "account.me": (c) => c.account.me(),
  "oauth.exchangeCode": (c) =>
    c.oauth.exchangeCode({ clientId: "1", clientSecret: "s", code: "TG-1", redirectUri: "https://a.b" }),
  "oauth.refreshToken": (c) => c.oauth.refreshToken({ clientId: "1", clientSecret: "s", refreshToken: "TG-2" }),
  "oauth.authorizationUrl": (c) => c.oauth.authorizationUrl({ clientId: "1", redirectUri: "https://a.b", state: "s" }),
  "point.devices": (c) => c.point.devices(),
  "point.setOperatingMode": (c) => c.point.setOperatingMode("d1", "PDV"),
  "point.createIntent": (c) => c.point.createIntent("d1", { amount: 100 }),
  "point.cancelIntent": (c) => c.point.cancelIntent("d1", "i1"),
  "point.getIntent": (c) => c.point.getIntent("i1"),
  "point.intentEvents": (c) => c.point.intentEvents("i1"),
  "point.events": (c) => c.point.events({ startDate: "2024-01-01", endDate: "2024-01-31" }),
  "chargebacks.get": (c) => c.chargebacks.get("234000000000000001"),
  "chargebacks.uploadDocumentation": (c) =>
    c.chargebacks.uploadDocumentation("234000000000000001", [
      { name: "a.pdf", type: "application/pdf", data: new Uint8Array([0x25]) },
    ]),
  "claims.search": (c) => c.claims.search({ status: "opened" }),
  "claims.get": (c) => c.claims.get(5000000001),
};

/** `resource.method` for every function-valued member of every resource (not `http`). */
function listResourceMethods(client: ProviderClient): string[] {
  const names: string[] = [];
  for (const [resource, value] of Object.entries(client)) {
    if (resource === "http") continue;
    for (const [method, member] of Object.entries(value)) {
      if (typeof member === "function") names.push(`${resource}.${method}`);
    }
  }
  return names.sort();
}

describe("createProviderClient", () => {
  it("exposes the resources and the typed http client", () => {
    const { client } = createRecordingClient();
    expect(Object.keys(client).sort()).toEqual(
      [
        "account",
        "authorizedPayments",
        "cardTokens",
        "cards",
        "chargebacks",
        "claims",
        "customers",
        "http",
        "identificationTypes",
        "merchantOrders",
        "oauth",
        "orders",
        "payments",
        "paymentMethods",
        "plans",
        "point",
        "preferences",
        "refunds",
        "subscriptions",
      ].sort(),
    );
  });

  it("validates its options at once", () => {
    expect(() => createProviderClient({ accessToken: "" })).toThrow(TypeError);
  });

  it("reaches every operation of the spec through some resource method", async () => {
    const operations = readSpecOperations();
    const { client, requests } = createRecordingClient(respondJson({}));
    // The table must call every resource method, so a method added without a call here fails too.
    expect(Object.keys(CALLS).sort()).toEqual(listResourceMethods(client));
    for (const call of Object.values(CALLS)) await call(client);
    const seen = new Set(requests.map((request) => toTemplate(request.method, request.path, operations)));
    expect([...seen].sort()).toEqual(operations);
    // Guards against a spec reader that finds nothing (the brief's spec had 56 operations; 60 with chargebacks and claims).
    expect(operations.length).toBeGreaterThanOrEqual(56);
  });

  it("http is the openapi-fetch client sharing the transport", async () => {
    const { client, last } = createRecordingClient(respondJson({ id: 7 }));
    const { data } = await client.http.GET("/users/me");
    expect(data).toEqual({ id: 7 });
    expect(last().path).toBe("/users/me");
    expect(last().headers.get("authorization")).toBe(`Bearer ${CONFIGURED_TOKEN}`);
  });
});

describe("after a server replaces the global Request", () => {
  it("keeps each call's idempotency key and access token (as after @hono/node-server's serve())", async () => {
    const { client, last } = createRecordingClient(respondJson({ id: 1, status: "approved" }, 201));
    const original = globalThis.Request;
    // What serve() does by default: install a subclass of the platform's Request as the global, after the client
    // (and the Request class openapi-fetch captured) already exist.
    class ServerRequest extends original {}
    Object.defineProperty(globalThis, "Request", { value: ServerRequest, configurable: true, writable: true });
    try {
      await client.payments.create(
        { transaction_amount: 10, payer: { email: "a@b.c" } },
        { idempotencyKey: "checkout-key-1", accessToken: "TEST-seller-token" },
      );
    } finally {
      Object.defineProperty(globalThis, "Request", { value: original, configurable: true, writable: true });
    }
    expect(last().headers.get("x-idempotency-key")).toBe("checkout-key-1");
    expect(last().headers.get("authorization")).toBe("Bearer TEST-seller-token");
    expect(last().body).toEqual({ transaction_amount: 10, payer: { email: "a@b.c" } });
  });
});
