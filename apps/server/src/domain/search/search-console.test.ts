// The console's one search against the real test database and the sandbox over HTTP: each kind of query finds
// what it names (payment id, card last four, payer e-mail, order number, checkout id, Orders API ids, references,
// customers, links, subscriptions), LIKE's wildcards are matched literally, odd input never throws, and a
// provider that does not answer fails its group only.
import { randomUUID } from "node:crypto";
import type { AdminSearchOutput, SearchGroupKind } from "@cobro/contracts";
import { createProviderClient } from "@cobro/provider-client";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { toJsonb } from "../../db/schema";
import { startShopTestEnv } from "../../test/shop-test-env";
import { insertConsoleOrder } from "../../test/test-orders";
import { classifySearchQuery } from "./classify-search-query";
import { searchConsole } from "./search-console";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;

function search(query: string) {
  return searchConsole({ deps, query });
}

function group(result: AdminSearchOutput, kind: SearchGroupKind) {
  const found = result.groups.find((candidate) => candidate.kind === kind);
  if (!found) throw new Error(`no ${kind} group for ${result.queryKind}`);
  return found;
}

function insertSearchableOrder(fields: { reference: string; email: string; providerOrderId?: string; payId?: string }) {
  return insertConsoleOrder(db, "succeeded", {
    external_reference: fields.reference,
    processing_mode: "automatic",
    capture_mode: "automatic",
    status: "processed",
    amount_minor: 12_000,
    currency: "ARS",
    payer_email: fields.email,
    provider_order_id: fields.providerOrderId ?? null,
    transactions: toJsonb(fields.payId ? { payments: [{ id: fields.payId }] } : {}),
  });
}

describe("classifySearchQuery", () => {
  it("tells numbers, last four, e-mails, UUIDs, Orders API and subscription ids from text", () => {
    expect(classifySearchQuery(" 123456789 ")).toMatchObject({ kind: "number", number: 123456789 });
    expect(classifySearchQuery("#1042")).toMatchObject({ kind: "number", text: "1042", number: 1042 });
    expect(classifySearchQuery("3704")).toMatchObject({ kind: "lastFour", number: 3704 });
    expect(classifySearchQuery("Ana@Example.COM")).toMatchObject({ kind: "email", text: "ana@example.com" });
    expect(classifySearchQuery(randomUUID().toUpperCase()).kind).toBe("uuid");
    expect(classifySearchQuery("ORD01HRYFWNYRE1MR1E60MW3X0T2P").kind).toBe("orderId");
    expect(classifySearchQuery("pay_01HRYFXQ53Q3JPEC48MYWMR0TE").kind).toBe("transactionId");
    expect(classifySearchQuery("2c9380848f1b2d3e018f1c4a5b6d0f7a").kind).toBe("subscriptionId");
    expect(classifySearchQuery("order-42").kind).toBe("text");
    // More digits than a safe integer: still a number, never a wrong one.
    expect(classifySearchQuery("99999999999999999999")).toMatchObject({ kind: "text" });
    expect(classifySearchQuery("9999999999999999999")).toMatchObject({ kind: "number", number: null });
  });
});

describe("searchConsole: the database", () => {
  it("finds a card payment by its id, its card's last four and its payer's e-mail, with a detail URL", async () => {
    const payment = await env.mirroredPayment({ amount: 150 });
    const row = await db
      .selectFrom("payments")
      .select(["payer_email", "snapshot"])
      .where("provider_payment_id", "=", payment.id)
      .executeTakeFirstOrThrow();
    const lastFour = payment.card?.last_four_digits;
    expect(lastFour).toMatch(/^\d{4}$/);

    const byId = await search(String(payment.id));
    expect(byId.queryKind).toBe("number");
    expect(group(byId, "payments")).toMatchObject({
      items: [{ id: String(payment.id), url: `/admin/payments/${payment.id}`, status: "approved" }],
      seeAllUrl: `/admin/payments?id=${payment.id}`,
      failed: false,
    });
    expect(group(byId, "payments").items[0]?.amount).toEqual({ amountMinor: 15_000, currency: "ARS" });

    const byLastFour = await search(lastFour as string);
    expect(byLastFour.queryKind).toBe("lastFour");
    expect(group(byLastFour, "payments").items.map((item) => item.id)).toContain(String(payment.id));
    expect(group(byLastFour, "payments").items.length).toBeLessThanOrEqual(5);

    const email = row.payer_email as string;
    const byEmail = await search(email.toUpperCase());
    expect(byEmail.groups.map((candidate) => candidate.kind)).toEqual([
      "payments",
      "shopOrders",
      "orders",
      "customers",
      "subscriptions",
    ]);
    expect(group(byEmail, "payments").items.map((item) => item.id)).toContain(String(payment.id));
    expect(group(byEmail, "payments").seeAllUrl).toBe(`/admin/payments?email=${encodeURIComponent(email)}`);
  });

  it("caps a group at five and says there are more", async () => {
    const reference = `cap-${randomUUID().slice(0, 8)}`;
    for (let index = 0; index < 6; index++) {
      await insertSearchableOrder({ reference: `${reference}-${index}`, email: uniqueEmail() });
    }
    const result = await search(reference);
    expect(group(result, "orders").items).toHaveLength(5);
    expect(group(result, "orders").more).toBe(true);
    expect(group(result, "orders").seeAllUrl).toBe(`/admin/virtual-terminal?q=${reference}`);
  });

  it("finds a shop order by its number, its id and its payer's e-mail whatever its case", async () => {
    const email = `Shopper-${randomUUID().slice(0, 6)}@TestUser.com`;
    const checkout = await env.openCheckout({ payer: { email } });
    const row = await env.checkoutRow(checkout.checkoutId);
    // The shop may keep the address as typed: the search must not depend on it.
    await db.updateTable("checkouts").set({ payer_email: email }).where("id", "=", row.id).execute();

    for (const query of [`#${row.order_number}`, String(row.order_number), row.id, email.toLowerCase()]) {
      const result = await search(query);
      const found = group(result, "shopOrders").items.find((item) => item.id === row.id);
      expect(found, query).toMatchObject({ label: `#${row.order_number}`, status: row.status });
      expect(found?.url).toBe(`/admin/store-orders/${row.id}`);
    }
  });

  it("finds a console order by its id, the provider's order id, a payment id of its transactions and its reference's start", async () => {
    const suffix = randomUUID().replace(/-/g, "").slice(0, 20).toUpperCase();
    const reference = `vt-${suffix.toLowerCase()}`;
    const order = await insertSearchableOrder({
      reference,
      email: uniqueEmail(),
      providerOrderId: `ORD${suffix}`,
      payId: `pay_${suffix}`,
    });
    for (const query of [
      order.id,
      `ORD${suffix}`,
      `ord${suffix.toLowerCase()}`,
      `pay_${suffix}`,
      reference.slice(0, 10),
    ]) {
      const result = await search(query);
      expect(
        group(result, "orders").items.map((item) => item.url),
        query,
      ).toContain(`/admin/virtual-terminal/${order.id}`);
    }
  });

  it("matches % and _ literally, never as LIKE wildcards", async () => {
    const tag = randomUUID().slice(0, 8);
    await insertSearchableOrder({ reference: `${tag}_a%b`, email: uniqueEmail() });
    await insertSearchableOrder({ reference: `${tag}Xa-b`, email: uniqueEmail() });
    expect(group(await search(`${tag}_a%`), "orders").items.map((item) => item.label)).toEqual([`${tag}_a%b`]);
    expect(group(await search(`${tag}_`), "orders").items.map((item) => item.label)).toEqual([`${tag}_a%b`]);
    expect(group(await search(`${tag}%`), "orders").items).toEqual([]);
    expect(group(await search("%"), "payments").items).toEqual([]);
    expect(group(await search("_"), "shopOrders").items).toEqual([]);
    expect(group(await search("\\"), "orders").items).toEqual([]);
  });

  it("answers odd input with empty groups, never an error", async () => {
    for (const query of [
      "x".repeat(200),
      "9".repeat(19),
      "9".repeat(200),
      "'; drop table payments; --",
      "ñandú ☃ 🧾",
      "a@b",
      "@",
      "#",
      "2147483648",
    ]) {
      const result = await search(query);
      expect(
        result.groups.every((candidate) => !candidate.failed),
        query,
      ).toBe(true);
    }
  });
});

describe("searchConsole: indexes", () => {
  it("has an index for each lookup the search makes (none scans a whole table)", async () => {
    // The planner may scan a small table anyway; with scans priced out it must have an index for each predicate.
    const plans = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explain = async (query: ReturnType<typeof sql>) =>
        (await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(trx)).rows
          .map((row) => row["QUERY PLAN"])
          .join("\n");
      return {
        paymentReference: await explain(sql`select 1 from payments where lower(external_reference) like ${"ab\\_c%"}`),
        lastFour: await explain(sql`select 1 from payments where snapshot->'card'->>'last_four_digits' = ${"3704"}`),
        paymentEmail: await explain(sql`select 1 from payments where payer_email = ${"a@b.co"}`),
        checkoutReference: await explain(sql`select 1 from checkouts where lower(external_reference) like ${"ab%"}`),
        checkoutEmail: await explain(sql`select 1 from checkouts where lower(payer_email) = ${"a@b.co"}`),
        orderNumber: await explain(sql`select 1 from checkouts where order_number = ${1042}`),
        transaction: await explain(
          sql`select 1 from orders where transactions @> ${JSON.stringify({ payments: [{ id: "pay_x" }] })}::jsonb`,
        ),
      };
    });
    expect(plans.paymentReference).toContain("payments_reference_prefix_idx");
    expect(plans.lastFour).toContain("payments_card_last_four_idx");
    expect(plans.paymentEmail).toContain("payments_payer_email_idx");
    expect(plans.checkoutReference).toContain("checkouts_reference_prefix_idx");
    expect(plans.checkoutEmail).toContain("checkouts_payer_email_lower_idx");
    expect(plans.orderNumber).toContain("checkouts_order_number_key");
    expect(plans.transaction).toContain("orders_transactions_idx");
  });
});

describe("searchConsole: the provider's searches (sandbox over HTTP)", () => {
  it("finds a customer and a subscription by e-mail, a link by its reference and a subscription by its id", async () => {
    const email = uniqueEmail();
    const customer = await provider.customers.create({ email });
    const plan = await provider.plans.create({
      reason: `Search plan ${randomUUID().slice(0, 6)}`,
      back_url: "https://shop.example/account",
      auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1500, currency_id: "ARS" },
    });
    const subscription = await provider.subscriptions.create({
      preapproval_plan_id: plan.id,
      payer_email: email,
      card_token_id: await env.cardToken("APRO"),
      status: "authorized",
    });
    const reference = `link-${randomUUID().slice(0, 8)}`;
    const link = await provider.preferences.create({
      items: [{ title: "Search link", quantity: 1, unit_price: 10, currency_id: "ARS" }],
      external_reference: reference,
    });

    const byEmail = await search(email);
    expect(group(byEmail, "customers")).toMatchObject({
      items: [{ id: customer.id, label: email, url: `/admin/customers/${customer.id}` }],
      failed: false,
    });
    expect(group(byEmail, "subscriptions")).toMatchObject({
      items: [{ id: subscription.id, status: "authorized", url: `/admin/subscriptions/${subscription.id}` }],
      seeAllUrl: `/admin/subscriptions?payerEmail=${encodeURIComponent(email)}`,
    });
    expect(group(byEmail, "subscriptions").items[0]?.amount).toEqual({ amountMinor: 150_000, currency: "ARS" });

    const byReference = await search(reference);
    expect(group(byReference, "links")).toMatchObject({
      items: [{ id: link.id, url: `/admin/links/${link.id}`, detail: reference }],
      seeAllUrl: `/admin/links?ref=${reference}`,
    });

    const byId = await search(subscription.id);
    expect(byId.queryKind).toBe("subscriptionId");
    expect(group(byId, "subscriptions").items.map((item) => item.id)).toEqual([subscription.id]);
    expect(group(await search("0".repeat(32)), "subscriptions")).toMatchObject({ items: [], failed: false });
  });

  it("marks the provider's groups failed when it does not answer, and still shows the database's", async () => {
    const payment = await env.mirroredPayment({ amount: 20 });
    const email = (
      await db
        .selectFrom("payments")
        .select("payer_email")
        .where("provider_payment_id", "=", payment.id)
        .executeTakeFirstOrThrow()
    ).payer_email as string;
    const away = createProviderClient({
      accessToken: "TEST-x",
      baseUrl: "http://127.0.0.1:9",
      maxRetries: 0,
      timeoutMs: 500,
    });
    const result = await searchConsole({ deps: { ...deps, provider: away }, query: email });
    expect(group(result, "customers").failed).toBe(true);
    expect(group(result, "subscriptions").failed).toBe(true);
    expect(group(result, "payments")).toMatchObject({ failed: false });
    expect(group(result, "payments").items.map((item) => item.id)).toContain(String(payment.id));
  });
});

function uniqueEmail(): string {
  return `search-${randomUUID().slice(0, 8)}@testuser.com`;
}
