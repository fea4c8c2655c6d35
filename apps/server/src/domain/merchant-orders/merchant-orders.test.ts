// The console's merchant orders against a real sandbox over HTTP and a real PostgreSQL: search with each filter
// (and pages), detail, create (one order per idempotency key however often it is sent), update, the provider's
// refusals in words naming the field, and the `merchant_order` notification updating the mirror once.
import { randomUUID } from "node:crypto";
import { merchantOrderSearchInputSchema } from "@cobro/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { processWebhookEvent } from "../../jobs/process-webhook-event";
import { WEBHOOK_TOPIC_HANDLERS } from "../../jobs/webhook-topic-handlers";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { createMerchantOrder } from "./create-merchant-order";
import { getMerchantOrderDetail } from "./get-merchant-order-detail";
import { searchMerchantOrders } from "./search-merchant-orders";
import { updateMerchantOrder } from "./update-merchant-order";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;
const operator = await createTestUser({ db, role: "operator" });

const item = (title = "Empanada", quantity = 2, unitPriceMinor = 1250) => ({ title, quantity, unitPriceMinor });

async function create(input: Partial<Parameters<typeof createMerchantOrder>[0]["input"]> = {}) {
  return createMerchantOrder({
    deps,
    actorUserId: operator.id,
    input: { idempotencyKey: randomUUID(), items: [item()], ...input },
  });
}

function search(filters: Record<string, unknown>) {
  return searchMerchantOrders({ deps, filters: merchantOrderSearchInputSchema.parse(filters) });
}

/** A write's row with its ledger request, by the dialog's key. */
function requestsOf(idempotencyKey: string) {
  return db
    .selectFrom("merchant_order_requests")
    .innerJoin("provider_requests", "provider_requests.id", "merchant_order_requests.provider_request_id")
    .where("provider_requests.idempotency_key", "=", idempotencyKey);
}

function mirrorOf(id: number) {
  return db.selectFrom("merchant_orders").selectAll().where("provider_merchant_order_id", "=", id).executeTakeFirst();
}

describe("createMerchantOrder", () => {
  it("creates the order at the provider with Cobro's webhook, mirrors it and audits it", async () => {
    const ref = `mo-create-${randomUUID()}`;
    const result = await create({
      externalReference: ref,
      additionalInfo: "Phone sale",
      items: [item(), item("Mate", 1, 99)],
    });
    expect(result.outcome).toBe("done");
    const id = result.merchantOrderId ?? 0;
    const atProvider = await provider.merchantOrders.get(id);
    expect(atProvider).toMatchObject({
      external_reference: ref,
      additional_info: "Phone sale",
      total_amount: 25.99,
      status: "opened",
      notification_url: `${deps.publicUrl.replace(/\/+$/, "")}/api/webhooks/mercadopago?source_news=webhooks`,
    });
    expect(atProvider.items?.map((line) => [line.title, line.quantity, line.unit_price, line.currency_id])).toEqual([
      ["Empanada", 2, 12.5, "ARS"],
      ["Mate", 1, 0.99, "ARS"],
    ]);
    expect(await mirrorOf(id)).toMatchObject({
      status: "opened",
      external_reference: ref,
      total_minor: 2599,
      paid_minor: 0,
      currency: "ARS",
    });
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("resource_type", "=", "merchant_order")
      .where("actor_user_id", "=", operator.id)
      .where("resource_id", "=", String(id))
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["merchant_order.create_succeeded"]);
  });

  it("the same dialog sent three times (twice at once) makes one order", async () => {
    const ref = `mo-double-${randomUUID()}`;
    const idempotencyKey = randomUUID();
    const input = { idempotencyKey, externalReference: ref, items: [item()] };
    const results = await Promise.all([create(input), create(input)]);
    const again = await create(input);
    const ids = new Set([...results, again].map((result) => result.merchantOrderId));
    expect(ids.size).toBe(1);
    const found = await provider.merchantOrders.search({ external_reference: ref });
    expect(found.total).toBe(1);
    const requests = await requestsOf(idempotencyKey).select(["provider_requests.status"]).execute();
    expect(requests).toEqual([{ status: "succeeded" }]);
  });

  it("made at the provider but no answer seen → unknown (never failed); the retry with the same key finds it, one order", async () => {
    const ref = `mo-unknown-${randomUUID()}`;
    const idempotencyKey = randomUUID();
    env.sandbox.control.addFault({
      method: "POST",
      path: "/merchant_orders",
      count: 3,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "status", status: 500 },
    });
    const unknown = await create({ idempotencyKey, externalReference: ref });
    expect(unknown).toEqual({ outcome: "unknown", merchantOrderId: null });
    expect(await requestsOf(idempotencyKey).select("provider_requests.status").executeTakeFirstOrThrow()).toEqual({
      status: "unknown",
    });
    env.sandbox.control.clearFaults();
    const retried = await create({ idempotencyKey, externalReference: ref });
    expect(retried.outcome).toBe("done");
    const found = await provider.merchantOrders.search({ external_reference: ref });
    expect(found.total).toBe(1);
    expect(found.elements?.[0]?.id).toBe(retried.merchantOrderId);
  });

  it("the same key with other values is refused, and nothing is sent", async () => {
    const idempotencyKey = randomUUID();
    await create({ idempotencyKey, externalReference: "first" });
    await expect(create({ idempotencyKey, externalReference: "second" })).rejects.toMatchObject({
      code: "CONFLICT",
      field: "idempotencyKey",
    });
    expect((await provider.merchantOrders.search({ external_reference: "second" })).total).toBe(0);
  });

  it("a preference the provider does not have → 400 naming preferenceId, in words", async () => {
    const idempotencyKey = randomUUID();
    await expect(create({ idempotencyKey, preferenceId: "1000001-no-such-preference" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "preferenceId",
      reason: "merchant_order_preference_not_found",
      message: expect.stringContaining("preference"),
    });
    const request = await requestsOf(idempotencyKey)
      .select(["provider_requests.status", "provider_requests.error"])
      .executeTakeFirstOrThrow();
    expect(request.status).toBe("failed");
    expect(JSON.stringify(request.error)).toContain("preference");
  });

  it("a bad item is refused by the contract naming the field (nothing reaches the provider)", async () => {
    const { createMerchantOrderInputSchema } = await import("@cobro/contracts");
    const parsed = createMerchantOrderInputSchema.safeParse({
      idempotencyKey: randomUUID(),
      items: [{ title: "", quantity: 0, unitPriceMinor: -5 }],
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join(".")) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["items.0.title", "items.0.quantity", "items.0.unitPriceMinor"]));
  });

  it("an item the provider refuses (quantity 0 sent past the contract) → 400 naming items", async () => {
    await expect(create({ items: [{ title: "Bad", quantity: 0, unitPriceMinor: 100 }] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "items",
      reason: "provider_rejected_request",
    });
  });
});

describe("searchMerchantOrders", () => {
  it("filters by external reference, preference, status and date, pages by offset, and mirrors what it sees", async () => {
    const ref = `mo-search-${randomUUID()}`;
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await create({ externalReference: ref })).merchantOrderId ?? 0);
    const byRef = await search({ externalReference: ref, limit: 2 });
    expect(byRef.total).toBe(3);
    expect(byRef.items.map((order) => order.id)).toEqual([ids[2], ids[1]]);
    expect(byRef.nextOffset).toBe(2);
    const second = await search({ externalReference: ref, limit: 2, offset: 2 });
    expect(second.items.map((order) => order.id)).toEqual([ids[0]]);
    expect(second.nextOffset).toBeNull();
    expect(second.items[0]).toMatchObject({ status: "opened", total: { amountMinor: 2500, currency: "ARS" } });

    const preference = await provider.preferences.create({
      items: [{ title: "Poncho", quantity: 1, unit_price: 99, currency_id: "ARS" }],
      external_reference: `pref-${ref}`,
    });
    // No items typed: the provider copies the preference's.
    const fromPreference = await create({ preferenceId: preference.id ?? "", items: undefined });
    const byPreference = await search({ preferenceId: preference.id });
    expect(byPreference.items.map((order) => order.id)).toEqual([fromPreference.merchantOrderId]);
    expect(byPreference.items[0]).toMatchObject({ preferenceId: preference.id, total: { amountMinor: 9900 } });

    expect((await search({ externalReference: ref, status: "closed" })).total).toBe(0);
    expect((await search({ externalReference: ref, status: "opened" })).total).toBe(3);

    const future = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    expect((await search({ externalReference: ref, createdFrom: future })).total).toBe(0);
    expect((await search({ externalReference: ref, createdTo: future })).total).toBe(3);

    // Mirrored by the search, also an order created outside Cobro.
    const outside = await provider.merchantOrders.create({
      items: [{ title: "Outside", quantity: 1, unit_price: 10, currency_id: "ARS" }],
      external_reference: `outside-${ref}`,
    });
    expect(await mirrorOf(outside.id)).toBeUndefined();
    await search({ externalReference: `outside-${ref}` });
    expect(await mirrorOf(outside.id)).toMatchObject({ total_minor: 1000, external_reference: `outside-${ref}` });
  });

  it("refuses bad filters naming the field", () => {
    const bad = merchantOrderSearchInputSchema.safeParse({ status: "nope", limit: 500, offset: -1 });
    expect(bad.error?.issues.map((issue) => issue.path.join("."))).toEqual(["status", "offset", "limit"]);
    const backwards = merchantOrderSearchInputSchema.safeParse({
      createdFrom: "2026-02-01T00:00:00Z",
      createdTo: "2026-01-01T00:00:00Z",
    });
    expect(backwards.error?.issues).toMatchObject([{ path: ["createdTo"], message: "The end is before the start" }]);
  });
});

describe("getMerchantOrderDetail and updateMerchantOrder", () => {
  it("the detail shows items, payments, paid vs total; an update changes the provider and the mirror", async () => {
    const created = await create({ externalReference: "before", items: [item("Alfajor", 4, 300)] });
    const id = created.merchantOrderId ?? 0;
    const detail = await getMerchantOrderDetail({ deps, merchantOrderId: id });
    expect(detail).toMatchObject({
      id,
      status: "opened",
      orderStatus: "payment_required",
      externalReference: "before",
      total: { amountMinor: 1200, currency: "ARS" },
      paid: { amountMinor: 0, currency: "ARS" },
      items: [{ title: "Alfajor", quantity: 4, unitPrice: { amountMinor: 300, currency: "ARS" } }],
      payments: [],
      stale: false,
    });
    expect(detail.requests).toMatchObject([{ kind: "create", status: "succeeded", actorEmail: operator.email }]);

    const result = await updateMerchantOrder({
      deps,
      actorUserId: operator.id,
      input: {
        merchantOrderId: id,
        idempotencyKey: randomUUID(),
        externalReference: "after",
        additionalInfo: "Paid by transfer",
        items: [item("Alfajor", 5, 300)],
      },
    });
    expect(result).toEqual({ outcome: "done", merchantOrderId: id });
    expect(await provider.merchantOrders.get(id)).toMatchObject({
      external_reference: "after",
      additional_info: "Paid by transfer",
      total_amount: 15,
    });
    expect(await mirrorOf(id)).toMatchObject({ external_reference: "after", total_minor: 1500 });
    const after = await getMerchantOrderDetail({ deps, merchantOrderId: id });
    expect(after.requests.map((request) => request.kind)).toEqual(["update", "create"]);
  });

  it("an order paid on the hosted checkout shows the payment, paid vs total, and closes", async () => {
    const preference = await provider.preferences.create({
      items: [{ title: "Paid", quantity: 1, unit_price: 42, currency_id: "ARS" }],
      external_reference: `paid-${randomUUID()}`,
    });
    const order = await create({ preferenceId: preference.id ?? "", items: undefined });
    const id = order.merchantOrderId ?? 0;
    // A shopper pays the preference on the provider's hosted page: the payment joins its open merchant order.
    const paid = await fetch(`${env.sandbox.url}/checkout/v1/pay`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        pref_id: preference.id ?? "",
        card_number: "4509 9535 6623 3704",
        expiration_month: "11",
        expiration_year: "2030",
        security_code: "123",
        cardholder_name: "APRO",
        identification_type: "DNI",
        identification_number: "12345678",
        email: env.payer().email,
        installments: "1",
      }).toString(),
      redirect: "manual",
    });
    expect(paid.status).toBeLessThan(400);
    const detail = await getMerchantOrderDetail({ deps, merchantOrderId: id });
    expect(detail).toMatchObject({
      preferenceId: preference.id,
      status: "closed",
      orderStatus: "paid",
      total: { amountMinor: 4200, currency: "ARS" },
      paid: { amountMinor: 4200, currency: "ARS" },
    });
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ status: "approved", amount: { amountMinor: 4200, currency: "ARS" } });
    expect(await mirrorOf(id)).toMatchObject({ status: "closed", paid_minor: 4200, total_minor: 4200 });
    expect((await search({ preferenceId: preference.id, status: "closed" })).items.map((o) => o.id)).toEqual([id]);
  });

  it("unknown id → 404 in words; a refused update → 400 naming the field", async () => {
    await expect(getMerchantOrderDetail({ deps, merchantOrderId: 99_999_999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      reason: "merchant_order_not_found",
      message: "Mercado Pago has no merchant order 99999999.",
    });
    await expect(
      updateMerchantOrder({
        deps,
        actorUserId: operator.id,
        input: { merchantOrderId: 99_999_999, idempotencyKey: randomUUID(), externalReference: "x" },
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", reason: "merchant_order_not_found" });
  });
});

describe("the merchant_order notification", () => {
  it("a change made at the provider reaches the mirror through the webhook; processed twice = one effect", async () => {
    const app = createApp(deps);
    env.setWebhookHandler(async (request) => app.fetch(request));
    try {
      const created = await create({ externalReference: "hook-before" });
      const id = created.merchantOrderId ?? 0;
      await env.sandbox.control.idle();
      deps.enqueuedJobs.length = 0;

      // Someone changes the order outside Cobro (another system on the same account).
      await provider.merchantOrders.update(id, { external_reference: "hook-after" });
      expect((await mirrorOf(id))?.external_reference).toBe("hook-before");
      await env.sandbox.control.idle();
      const jobs = deps.enqueuedJobs.filter((job) => job.name === "process-webhook-event");
      expect(jobs).toHaveLength(1);
      const eventId = String(jobs[0]?.data.eventId);
      const event = await db
        .selectFrom("webhook_events")
        .select(["topic", "data_id"])
        .where("id", "=", eventId)
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ topic: "merchant_order", data_id: String(id) });

      expect(await processWebhookEvent({ deps, eventId })).toBe("processed");
      const first = await mirrorOf(id);
      expect(first).toMatchObject({ external_reference: "hook-after" });
      expect(await processWebhookEvent({ deps, eventId })).toBe("already-processed");
      // The handler itself run again (a replay) changes nothing but the sync time.
      await WEBHOOK_TOPIC_HANDLERS.merchant_order?.({ deps, dataId: String(id) });
      const second = await mirrorOf(id);
      expect({ ...second, updated_at: null }).toEqual({ ...first, updated_at: null });
      const rows = await db
        .selectFrom("merchant_orders")
        .select("provider_merchant_order_id")
        .where("provider_merchant_order_id", "=", id)
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      env.setWebhookHandler(null);
    }
  });

  it("the Webhooks topic name is handled too, and a notification without an id is refused", async () => {
    expect(WEBHOOK_TOPIC_HANDLERS.topic_merchant_order_wh).toBe(WEBHOOK_TOPIC_HANDLERS.merchant_order);
    await expect(
      WEBHOOK_TOPIC_HANDLERS.merchant_order?.({ deps, dataId: null }) ?? Promise.resolve(),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
