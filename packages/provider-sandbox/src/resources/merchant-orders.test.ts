import { afterAll, describe, expect, it } from "vitest";
import { callerFor } from "../test-support/api-client";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";
import { startWebhookReceiver } from "../test-support/webhook-receiver";

const hooks = await startWebhookReceiver();
afterAll(() => hooks.close());
const hookUrl = hooks.url;
const sandbox = await useSandbox(startQuietSandbox, { resetBeforeEach: true });
const call = callerFor(sandbox);

const OTHER_TOKEN = "TEST-4444444444444444-444444-44444444444444444444444444444444-8880001";

const items = [
  { id: "a", title: "Alfajor", quantity: 3, unit_price: 0.1, currency_id: "ARS" },
  { id: "b", title: "Dulce", quantity: 1, unit_price: 0.2, currency_id: "ARS" },
];

describe("POST /merchant_orders", () => {
  it("creates an open order that still needs payment, and notifies it", async () => {
    const res = await call("POST", "/merchant_orders", {
      items,
      external_reference: "mo-1",
      notification_url: hookUrl,
    });
    expect(res.status).toBe(201);
    const order = await res.json();
    expect(order).toMatchObject({
      status: "opened",
      order_status: "payment_required",
      site_id: "MLA",
      total_amount: 0.5,
      paid_amount: 0,
      payments: [],
      payer: null,
      external_reference: "mo-1",
      collector: { id: 1000001 },
      cancelled: false,
    });
    expect(order.id).toBeGreaterThan(0);
    await sandbox.control.idle();
    const [hook] = sandbox.control.deliveries().filter((d) => d.topic === "merchant_order");
    expect(hook).toMatchObject({ dataId: String(order.id), action: "merchant_order.created", state: "delivered" });
    expect(hook?.url.startsWith(hookUrl)).toBe(true);
  });

  it("copies items and references from a preference", async () => {
    const preference = await (
      await call("POST", "/checkout/preferences/", {
        items: [{ id: "p", title: "Poncho", quantity: 1, unit_price: 99 }],
        external_reference: "pref-ref",
      })
    ).json();
    const order = await (await call("POST", "/merchant_orders", { preference_id: preference.id })).json();
    expect(order).toMatchObject({ preference_id: preference.id, external_reference: "pref-ref", total_amount: 99 });
    expect(order.items[0]).toMatchObject({ id: "p", title: "Poncho", quantity: 1, unit_price: 99, currency_id: "ARS" });
  });

  it("refuses a preference the seller does not have", async () => {
    const res = await call("POST", "/merchant_orders", { preference_id: "1000001-nope" });
    expect(res.status).toBe(400);
    expect((await res.json()).cause[0].data).toBe("preference_id");
  });
});

describe("GET and PUT /merchant_orders/{id}", () => {
  it("gets an order, and answers 404 to another seller", async () => {
    const created = await (await call("POST", "/merchant_orders", { items })).json();
    const res = await call("GET", `/merchant_orders/${created.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(created);
    expect((await call("GET", `/merchant_orders/${created.id}`, undefined, OTHER_TOKEN)).status).toBe(404);
    expect((await call("PUT", `/merchant_orders/${created.id}`, { external_reference: "x" }, OTHER_TOKEN)).status).toBe(
      404,
    );
    expect((await call("GET", "/merchant_orders/99999999")).status).toBe(404);
  });

  it("updates the given fields and recomputes the total", async () => {
    const created = await (await call("POST", "/merchant_orders", { items, additional_info: "gift" })).json();
    const res = await call("PUT", `/merchant_orders/${created.id}`, {
      external_reference: "mo-2",
      items: [{ id: "c", title: "Facturas", quantity: 12, unit_price: 1.25 }],
    });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated).toMatchObject({
      external_reference: "mo-2",
      additional_info: "gift",
      total_amount: 15,
      status: "opened",
    });
    expect(updated.items).toHaveLength(1);
    expect(updated.items[0].currency_id).toBe("ARS");
  });
});

describe("GET /merchant_orders/search", () => {
  it("filters and pages the seller's orders", async () => {
    for (const ref of ["x", "y", "x"]) await call("POST", "/merchant_orders", { items, external_reference: ref });
    await call("POST", "/merchant_orders", { items, external_reference: "x" }, OTHER_TOKEN);

    const byRef = await (await call("GET", "/merchant_orders/search?external_reference=x")).json();
    expect(byRef.total).toBe(2);
    expect(byRef.elements.every((o: { external_reference: string }) => o.external_reference === "x")).toBe(true);

    const page = await (await call("GET", "/merchant_orders/search?limit=2&offset=0")).json();
    expect(page).toMatchObject({ total: 3, next_offset: 2 });
    expect(page.elements).toHaveLength(2);

    const byStatus = await (await call("GET", "/merchant_orders/search?status=closed")).json();
    expect(byStatus).toEqual({ elements: [], next_offset: 0, total: 0 });

    const byItem = await (await call("GET", "/merchant_orders/search?items=b")).json();
    expect(byItem.total).toBe(3);
  });

  it("accepts the SDK's misspelt last_udpated_from", async () => {
    await call("POST", "/merchant_orders", { items });
    const future = new Date(sandbox.control.now().getTime() + 3_600_000).toISOString();
    const res = await (
      await call("GET", `/merchant_orders/search?last_udpated_from=${encodeURIComponent(future)}`)
    ).json();
    expect(res.total).toBe(0);
    const past = new Date(sandbox.control.now().getTime() - 3_600_000).toISOString();
    expect(
      (await (await call("GET", `/merchant_orders/search?last_updated_from=${encodeURIComponent(past)}`)).json()).total,
    ).toBe(1);
  });
});
