// The shopper procedures over real HTTP (createApp → /api/trpc), as the web
// app calls them: a guest buys, sees the result, and errors come back with the
// field and a translatable reason, never a provider body.
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { seedDemoCatalog } from "../../domain/catalog/seed-demo-catalog";
import { startShopTestEnv } from "../../test/shop-test-env";
import { signInAs } from "../../test/test-users";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps } = env;
const app = createApp(deps);
await seedDemoCatalog({ db });

interface TrpcError {
  error: {
    message: string;
    data: {
      httpStatus: number;
      appCode: string;
      field: string | null;
      fieldErrors: Record<string, string[]> | null;
      reason: string | null;
    };
  };
}

async function query(path: string, input?: unknown, cookie?: string) {
  const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await app.request(`/api/trpc/${path}${search}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as { result: { data: unknown } } & TrpcError };
}

async function mutate(path: string, input: unknown, cookie?: string) {
  const response = await app.request(`/api/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: deps.publicUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(input),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as { result: { data: unknown } } & TrpcError };
}

describe("shopper procedures over HTTP", () => {
  it("system.publicConfig: mode, API URL, public key, the SDK script, site and currency, and no secret", async () => {
    const response = await app.request("/api/trpc/system.publicConfig");
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      result: {
        data: {
          providerMode: "sandbox",
          providerApiUrl: env.sandbox.url,
          publicKey: env.seller.publicKey,
          // Sandbox mode: the sandbox's stand-in of MercadoPago.js v2.
          sdkUrl: `${new URL(env.sandbox.url).origin}/js/v2`,
          siteId: "MLA",
          currency: "ARS",
        },
      },
    });
    expect(text).not.toContain(env.seller.accessToken);
    expect(text).not.toContain(deps.providerSettings.webhookSecret);
  });

  it("a guest buys from the catalog and reads the result; the browser's price is ignored", async () => {
    // As the web app's infinite query sends it (tRPC adds cursor and direction).
    const list = await query("catalog.list", { limit: 2, cursor: null, direction: "forward" });
    const page = list.body.result.data as { items: { id: string; slug: string }[]; nextCursor: string | null };
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toEqual(expect.any(String));
    const product = await query("catalog.get", { slug: "mate-calabaza" });
    const mate = product.body.result.data as { id: string; price: { amountMinor: number } };
    expect(mate.price.amountMinor).toBe(1_850_000);

    const methods = (await query("checkout.paymentMethods")).body.result.data as { id: string; binPattern?: string }[];
    expect(methods.find((method) => method.id === "visa")?.binPattern).toBe("^4");
    const types = (await query("checkout.identificationTypes")).body.result.data as { id: string }[];
    expect(types.map((type) => type.id)).toContain("DNI");

    const tampered = await mutate("checkout.create", {
      items: [{ productId: mate.id, quantity: 1, unitPriceMinor: 1 }],
      payer: env.payer(),
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error.data.fieldErrors).toEqual({ "items.0.unitPriceMinor": ["Unknown field"] });
    const created = await mutate("checkout.create", {
      items: [{ productId: mate.id, quantity: 1 }],
      payer: env.payer(),
    });
    expect(created.status).toBe(200);
    const checkout = created.body.result.data as { checkoutId: string; checkoutToken: string; total: unknown };
    expect(checkout.total).toEqual({ amountMinor: 1_850_000, currency: "ARS" });

    const paid = await mutate("checkout.payWithCard", {
      checkoutId: checkout.checkoutId,
      checkoutToken: checkout.checkoutToken,
      cardToken: await env.cardToken("FUND"),
      paymentMethodId: "visa",
      installments: 1,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.result.data).toMatchObject({ status: "rejected", reason: "cc_rejected_insufficient_amount" });

    const result = await query("checkout.result", {
      checkoutId: checkout.checkoutId,
      checkoutToken: checkout.checkoutToken,
    });
    expect(result.body.result.data).toEqual(paid.body.result.data);

    const stranger = await query("checkout.result", { checkoutId: checkout.checkoutId });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.data).toMatchObject({ appCode: "NOT_FOUND", reason: "checkout_not_found" });
  });

  it("a spent card token → 400 naming cardToken with a reason, and nothing of the provider's body", async () => {
    const mate = (await query("catalog.get", { slug: "mate-calabaza" })).body.result.data as { id: string };
    const token = await env.cardToken("APRO");
    const checkouts = [];
    for (let i = 0; i < 2; i++) {
      const created = await mutate("checkout.create", {
        items: [{ productId: mate.id, quantity: 1 }],
        payer: env.payer(),
      });
      checkouts.push(created.body.result.data as { checkoutId: string; checkoutToken: string });
    }
    const pay = (checkout: { checkoutId: string; checkoutToken: string }) =>
      mutate("checkout.payWithCard", {
        checkoutId: checkout.checkoutId,
        checkoutToken: checkout.checkoutToken,
        cardToken: token,
        paymentMethodId: "visa",
        installments: 1,
      });
    expect((await pay(checkouts[0] ?? { checkoutId: "", checkoutToken: "" })).status).toBe(200);
    const refused = await pay(checkouts[1] ?? { checkoutId: "", checkoutToken: "" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.data).toMatchObject({
      appCode: "BAD_REQUEST",
      field: "cardToken",
      reason: "invalid_card_token",
      fieldErrors: { cardToken: [expect.any(String)] },
    });
    expect(refused.text).not.toContain(token);
    expect(refused.text).not.toMatch(/"cause"|"bad_request"|invalid card token/);
  });

  it("bad input names the field", async () => {
    const response = await mutate("checkout.create", {
      items: [{ productId: "not-a-uuid", quantity: 0 }],
      payer: { email: "nope", firstName: "", lastName: "X", identification: { type: "DNI", number: "1" } },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.data.fieldErrors ?? {}).sort()).toEqual([
      "items.0.productId",
      "items.0.quantity",
      "payer.email",
      "payer.firstName",
    ]);
    const save = await mutate("checkout.payWithCard", {
      checkoutId: "00000000-0000-4000-8000-000000000000",
      checkoutToken: "A".repeat(43),
      cardToken: "abcdefgh12345678",
      paymentMethodId: "visa",
      installments: 1,
      saveCard: true,
    });
    expect(save.body.error.data.fieldErrors).toEqual({ saveCardToken: [expect.any(String)] });
  });

  it("a signed-in shopper's checkout shows in account.orders and needs no token for the result", async () => {
    const { cookie } = await signInAs({ db });
    const mate = (await query("catalog.get", { slug: "mate-calabaza" })).body.result.data as { id: string };
    const created = await mutate(
      "checkout.create",
      { items: [{ productId: mate.id, quantity: 2 }], payer: env.payer() },
      cookie,
    );
    const checkout = created.body.result.data as { checkoutId: string; checkoutToken: string };
    await mutate(
      "checkout.payWithCard",
      {
        checkoutId: checkout.checkoutId,
        checkoutToken: checkout.checkoutToken,
        cardToken: await env.cardToken("APRO"),
        paymentMethodId: "visa",
        installments: 3,
      },
      cookie,
    );
    const result = await query("checkout.result", { checkoutId: checkout.checkoutId }, cookie);
    expect(result.body.result.data).toMatchObject({ status: "approved" });
    const orders = await query("account.orders", { limit: 5 }, cookie);
    expect(orders.body.result.data).toMatchObject({
      items: [{ checkoutId: checkout.checkoutId, status: "approved", total: { amountMinor: 3_700_000 } }],
      nextCursor: null,
    });
  });
});
