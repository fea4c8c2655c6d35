import { describe, expect, it } from "vitest";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";
import { authHeaders, DEFAULT_SELLER } from "../testing";

const sandbox = await useSandbox(startQuietSandbox, { resetBeforeEach: true });

const OTHER_TOKEN = "TEST-3333333333333333-333333-33333333333333333333333333333333-7770001";

const basicBody = {
  items: [{ id: "sku-1", title: "Mate cup", quantity: 2, unit_price: 1500.5, currency_id: "ARS" }],
  external_reference: "order-42",
};

async function createPreference(body: unknown, token: string = DEFAULT_SELLER.accessToken): Promise<Response> {
  // The SDK's spelling, with the trailing slash.
  return sandbox.fetch(`${sandbox.url}/checkout/preferences/`, {
    method: "POST",
    headers: authHeaders(token),
    body: JSON.stringify(body),
  });
}

describe("POST /checkout/preferences", () => {
  it("creates a preference with the provider's id, links and defaults", async () => {
    const res = await createPreference(basicBody);
    expect(res.status).toBe(201);
    const pref = await res.json();
    expect(pref.id).toMatch(/^1000001-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(pref.init_point).toBe(`${sandbox.url}/checkout/v1/redirect?pref_id=${pref.id}`);
    expect(pref.sandbox_init_point).toBe(pref.init_point);
    expect(pref).toMatchObject({
      collector_id: 1000001,
      site_id: "MLA",
      external_reference: "order-42",
      auto_return: "",
      back_urls: { success: "", pending: "", failure: "" },
      expires: false,
      marketplace: "NONE",
      operation_type: "regular_payment",
    });
    expect(typeof pref.client_id).toBe("string");
    expect(Date.parse(pref.date_created)).not.toBeNaN();
    expect(pref.items[0]).toMatchObject({
      id: "sku-1",
      title: "Mate cup",
      quantity: 2,
      unit_price: 1500.5,
      currency_id: "ARS",
    });
  });

  it("fills an item's currency with the site's", async () => {
    const pref = await (await createPreference({ items: [{ title: "Yerba", quantity: 1, unit_price: 10 }] })).json();
    expect(pref.items[0].currency_id).toBe("ARS");
  });

  it("requires items (spec validation)", async () => {
    const res = await createPreference({ external_reference: "x" });
    expect(res.status).toBe(400);
    expect((await res.json()).cause[0].data).toBe("items");
  });

  it("refuses auto_return without back_urls.success", async () => {
    const res = await createPreference({
      ...basicBody,
      auto_return: "approved",
      back_urls: { failure: "https://shop.test/fail" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "auto_return invalid. back_url.success must be defined",
      error: "invalid_auto_return",
      status: 400,
    });
  });

  it("accepts auto_return with back_urls.success", async () => {
    const res = await createPreference({
      ...basicBody,
      auto_return: "all",
      back_urls: { success: "https://shop.test/ok" },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      auto_return: "all",
      back_urls: { success: "https://shop.test/ok", pending: "", failure: "" },
    });
  });

  it("refuses a currency that is not the seller's site's", async () => {
    const res = await createPreference({ items: [{ title: "x", quantity: 1, unit_price: 10, currency_id: "BRL" }] });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe("currency_id invalid");
    expect(body.cause[0]).toMatchObject({ code: "invalid_currency_id", data: "items[0].currency_id" });
  });

  it("refuses more than 36 installments, as the provider does (invalid_payment_methods)", async () => {
    const res = await createPreference({ ...basicBody, payment_methods: { installments: 37 } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({
      error: "invalid_payment_methods",
      message: "installments invalid. Should be a number between 1 and 36.",
    });
    expect(body.cause[0]).toMatchObject({ data: "payment_methods.installments" });
    const ok = await createPreference({ ...basicBody, payment_methods: { installments: 36 } });
    expect(ok.status).toBe(201);
  });

  it("uses the seller's site: a Brazilian seller prices in BRL", async () => {
    const seller = sandbox.control.createSeller({ siteId: "MLB" });
    const ok = await createPreference(
      { items: [{ title: "x", quantity: 1, unit_price: 10, currency_id: "BRL" }] },
      seller.accessToken,
    );
    expect(ok.status).toBe(201);
    expect((await ok.json()).site_id).toBe("MLB");
    const wrong = await createPreference(
      { items: [{ title: "x", quantity: 1, unit_price: 10, currency_id: "ARS" }] },
      seller.accessToken,
    );
    expect(wrong.status).toBe(400);
  });

  it("refuses decimals in CLP and non-positive prices", async () => {
    const chile = sandbox.control.createSeller({ siteId: "MLC" });
    const decimals = await createPreference(
      { items: [{ title: "x", quantity: 1, unit_price: 10.5 }] },
      chile.accessToken,
    );
    expect(decimals.status).toBe(400);
    expect((await decimals.json()).cause[0].data).toBe("items[0].unit_price");
    const zero = await createPreference({ items: [{ title: "x", quantity: 1, unit_price: 0 }] });
    expect(zero.status).toBe(400);
  });

  it("keeps the expiration window and refuses one that ends before it starts", async () => {
    const window = {
      expires: true,
      expiration_date_from: "2030-01-01T00:00:00.000Z",
      expiration_date_to: "2030-02-01T00:00:00.000Z",
    };
    const res = await createPreference({ ...basicBody, ...window });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject(window);
    const backwards = await createPreference({
      ...basicBody,
      expires: true,
      expiration_date_from: "2030-02-01T00:00:00.000Z",
      expiration_date_to: "2030-01-01T00:00:00.000Z",
    });
    expect(backwards.status).toBe(400);
  });

  it("ignores unknown fields", async () => {
    const pref = await (await createPreference({ ...basicBody, collector_id: 1, hello: "world" })).json();
    expect(pref.collector_id).toBe(1000001);
    expect(pref.hello).toBeUndefined();
  });
});

describe("GET and PUT /checkout/preferences/{id}", () => {
  it("gets a preference", async () => {
    const created = await (await createPreference(basicBody)).json();
    const res = await sandbox.fetch(`${sandbox.url}/checkout/preferences/${created.id}`, { headers: authHeaders() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(created);
  });

  it("answers 404 for another seller's preference", async () => {
    const created = await (await createPreference(basicBody)).json();
    const res = await sandbox.fetch(`${sandbox.url}/checkout/preferences/${created.id}`, {
      headers: authHeaders(OTHER_TOKEN),
    });
    expect(res.status).toBe(404);
    const put = await sandbox.fetch(`${sandbox.url}/checkout/preferences/${created.id}`, {
      method: "PUT",
      headers: authHeaders(OTHER_TOKEN),
      body: JSON.stringify({ external_reference: "stolen" }),
    });
    expect(put.status).toBe(404);
  });

  it("merges an update into the preference", async () => {
    const created = await (
      await createPreference({
        ...basicBody,
        back_urls: { success: "https://shop.test/ok", failure: "https://shop.test/ko" },
      })
    ).json();
    const res = await sandbox.fetch(`${sandbox.url}/checkout/preferences/${created.id}`, {
      method: "PUT",
      headers: authHeaders(),
      body: JSON.stringify({ back_urls: { pending: "https://shop.test/wait" }, external_reference: "order-43" }),
    });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated.back_urls).toEqual({
      success: "https://shop.test/ok",
      pending: "https://shop.test/wait",
      failure: "https://shop.test/ko",
    });
    expect(updated.external_reference).toBe("order-43");
    expect(updated.items).toEqual(created.items);
    expect(updated.id).toBe(created.id);
    expect(updated.last_updated).not.toBeNull();
    const fetched = await (
      await sandbox.fetch(`${sandbox.url}/checkout/preferences/${created.id}`, { headers: authHeaders() })
    ).json();
    expect(fetched.external_reference).toBe("order-43");
  });

  it("checks the rules against the merged preference", async () => {
    const created = await (await createPreference(basicBody)).json();
    const res = await sandbox.fetch(`${sandbox.url}/checkout/preferences/${created.id}`, {
      method: "PUT",
      headers: authHeaders(),
      body: JSON.stringify({ auto_return: "approved" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("invalid_auto_return");
  });
});

describe("GET /checkout/preferences/search", () => {
  it("filters by external_reference, pages with limit/offset and lists item ids", async () => {
    for (const ref of ["a", "b", "a", "a"]) {
      await createPreference({
        items: [{ id: `sku-${ref}`, title: ref, quantity: 1, unit_price: 10 }],
        external_reference: ref,
      });
    }
    await createPreference(
      { items: [{ title: "other seller", quantity: 1, unit_price: 1 }], external_reference: "a" },
      OTHER_TOKEN,
    );

    const all = await (
      await sandbox.fetch(`${sandbox.url}/checkout/preferences/search?external_reference=a`, { headers: authHeaders() })
    ).json();
    expect(all.total).toBe(3);
    expect(all.elements).toHaveLength(3);
    expect(all.elements[0]).toMatchObject({
      collector_id: 1000001,
      external_reference: "a",
      items: ["sku-a"],
      site_id: "MLA",
      live_mode: false,
    });

    const page = await (
      await sandbox.fetch(`${sandbox.url}/checkout/preferences/search?external_reference=a&limit=2&offset=2`, {
        headers: authHeaders(),
      })
    ).json();
    expect(page).toMatchObject({ total: 3, next_offset: 3 });
    expect(page.elements).toHaveLength(1);

    const none = await (
      await sandbox.fetch(`${sandbox.url}/checkout/preferences/search?site_id=MLB`, { headers: authHeaders() })
    ).json();
    expect(none).toEqual({ elements: [], next_offset: 0, total: 0 });
  });

  it("filters by sponsor_id and marketplace", async () => {
    await createPreference({ ...basicBody, sponsor_id: 424242 });
    await createPreference(basicBody);
    const sponsored = await (
      await sandbox.fetch(`${sandbox.url}/checkout/preferences/search?sponsor_id=424242`, { headers: authHeaders() })
    ).json();
    expect(sponsored.total).toBe(1);
    expect(sponsored.elements[0].sponsor_id).toBe(424242);
    const all = await (
      await sandbox.fetch(`${sandbox.url}/checkout/preferences/search`, { headers: authHeaders() })
    ).json();
    // provider (sdk-nodejs e2e/preference/search.spec.ts): a number and a string even without sponsor or shipping.
    const unsponsored = all.elements.find((e: { sponsor_id: number }) => e.sponsor_id !== 424242);
    expect(unsponsored).toMatchObject({ sponsor_id: 0, shipping_mode: "not_specified" });
    const market = await (
      await sandbox.fetch(`${sandbox.url}/checkout/preferences/search?marketplace=NONE`, { headers: authHeaders() })
    ).json();
    expect(market.total).toBe(2);
  });
});
