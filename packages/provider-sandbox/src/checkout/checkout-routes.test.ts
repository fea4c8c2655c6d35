import { afterAll, describe, expect, it } from "vitest";
import { APRO_CARD_FIELDS, postForm } from "../test-support/forms";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";
import { startWebhookReceiver } from "../test-support/webhook-receiver";
import { authHeaders, DEFAULT_SELLER } from "../testing";

// Receives the webhooks of preferences that set a notification_url.
const hooks = await startWebhookReceiver();
afterAll(() => hooks.close());
const hookUrl = hooks.url;
const sandbox = await useSandbox(startQuietSandbox, { resetBeforeEach: true });

const STORE = "https://store.test/checkout";
const BACK_URLS = { success: `${STORE}/success?cart=7`, pending: `${STORE}/pending`, failure: `${STORE}/failure` };
const APRO_CARD = { ...APRO_CARD_FIELDS, email: "test_user_123@testuser.com", installments: "1" };

interface Preference {
  id: string;
  init_point: string;
}

async function createPreference(extra: Record<string, unknown> = {}): Promise<Preference> {
  const res = await sandbox.fetch(`${sandbox.url}/checkout/preferences/`, {
    method: "POST",
    headers: authHeaders(),
    body: JSON.stringify({
      items: [
        { id: "mate", title: "Mate cup", quantity: 2, unit_price: 1500.5 },
        { id: "yerba", title: "Yerba <1kg>", quantity: 1, unit_price: 0.25 },
      ],
      external_reference: "order-1",
      back_urls: BACK_URLS,
      notification_url: hookUrl,
      ...extra,
    }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

function pay(preference: Preference, fields: Record<string, string> = {}): Promise<Response> {
  return postForm(`${sandbox.url}/checkout/v1/pay`, { pref_id: preference.id, ...APRO_CARD, ...fields }, sandbox.fetch);
}

async function getJson(path: string) {
  const res = await sandbox.fetch(`${sandbox.url}${path}`, { headers: authHeaders() });
  expect(res.status).toBe(200);
  return res.json();
}

/** The `href` of the "Return to the store" link, decoded. */
function returnLink(page: string): URL {
  const href = /<a class="button[^"]*" href="([^"]+)" id="return-link">Return to the store<\/a>/.exec(page)?.[1];
  if (!href) throw new Error("no return link on the page");
  return new URL(href.replace(/&amp;/g, "&"));
}

describe("GET /checkout/v1/redirect", () => {
  it("shows the seller, items, quantities and the total in the site's currency", async () => {
    const preference = await createPreference();
    const res = await sandbox.fetch(preference.init_point);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await res.text();
    const ars = new Intl.NumberFormat("es-AR", { style: "currency", currency: "ARS" });
    expect(page).toContain(`Pay ${DEFAULT_SELLER.nickname}`);
    expect(page).toContain("Mate cup");
    // Item titles are escaped.
    expect(page).toContain("Yerba &lt;1kg&gt;");
    expect(page).toContain(`<td class="num" id="total">${ars.format(3001.25)}</td>`);
    for (const label of [
      "Card number",
      "Expiration month",
      "Expiration year",
      "Security code",
      "Cardholder name",
      "Document type",
      "Document number",
      "Email",
      "Installments",
    ]) {
      expect(page).toContain(`>${label}</label>`);
    }
    expect(page).toContain("<code>APRO</code>");
    expect(page).toContain("<code>4509 9535 6623 3704</code>");
    expect(page).not.toMatch(/<script|<link|src="http/);
  });

  it("shows an error page for an unknown preference", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/checkout/v1/redirect?pref_id=1000001-does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Checkout not found");
  });

  it("shows an error page once the preference expired (sandbox clock)", async () => {
    const now = sandbox.control.now().getTime();
    const preference = await createPreference({
      expires: true,
      expiration_date_from: new Date(now - 60_000).toISOString(),
      expiration_date_to: new Date(now + 3_600_000).toISOString(),
    });
    expect((await sandbox.fetch(preference.init_point)).status).toBe(200);
    await sandbox.control.advanceClock({ hours: 2 });
    const res = await sandbox.fetch(preference.init_point);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("This checkout has expired");
    expect((await pay(preference)).status).toBe(410);
  });
});

describe("POST /checkout/v1/pay", () => {
  it("pays with APRO and returns to the success URL with the provider's parameters", async () => {
    const preference = await createPreference({ auto_return: "approved" });
    const res = await pay(preference);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${STORE}/success`);
    const q = Object.fromEntries(location.searchParams);
    expect(q).toMatchObject({
      cart: "7",
      collection_status: "approved",
      status: "approved",
      external_reference: "order-1",
      payment_type: "credit_card",
      preference_id: preference.id,
      site_id: "MLA",
      processing_mode: "aggregator",
      merchant_account_id: "null",
    });
    expect(q.payment_id).toBe(q.collection_id);

    const payment = await getJson(`/v1/payments/${q.payment_id}`);
    expect(payment).toMatchObject({
      status: "approved",
      transaction_amount: 3001.25,
      external_reference: "order-1",
      notification_url: hookUrl,
      payment_method_id: "visa",
      metadata: { preference_id: preference.id },
      payer: { email: APRO_CARD.email },
      order: { id: Number(q.merchant_order_id), type: "mercadopago" },
    });

    const order = await getJson(`/merchant_orders/${q.merchant_order_id}`);
    expect(order).toMatchObject({
      preference_id: preference.id,
      status: "closed",
      order_status: "paid",
      paid_amount: 3001.25,
      total_amount: 3001.25,
      external_reference: "order-1",
      notification_url: hookUrl,
      collector: { id: DEFAULT_SELLER.userId },
    });
    expect(order.payments).toHaveLength(1);
    expect(order.payments[0]).toMatchObject({
      id: Number(q.payment_id),
      status: "approved",
      transaction_amount: 3001.25,
    });
    expect(order.items.map((i: { id: string }) => i.id)).toEqual(["mate", "yerba"]);

    await sandbox.control.idle();
    const hooks = sandbox.control
      .deliveries()
      .filter((d) => d.topic === "merchant_order" && d.dataId === q.merchant_order_id);
    expect(hooks.length).toBeGreaterThanOrEqual(2);
    expect(hooks.every((d) => d.url.startsWith(hookUrl) && d.state === "delivered")).toBe(true);
  });

  it("without auto_return shows a result page whose link carries the same parameters", async () => {
    const preference = await createPreference();
    const res = await pay(preference);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("Payment approved");
    const link = returnLink(page);
    expect(`${link.origin}${link.pathname}`).toBe(`${STORE}/success`);
    expect(link.searchParams.get("collection_status")).toBe("approved");
    expect(link.searchParams.get("preference_id")).toBe(preference.id);
    expect(page).not.toContain("Try again");
  });

  it("OTHE is rejected: failure link, try again on the same preference, then pay", async () => {
    const preference = await createPreference({ auto_return: "approved" });
    const rejected = await pay(preference, { cardholder_name: "OTHE" });
    // auto_return "approved" does not return rejected buyers on its own.
    expect(rejected.status).toBe(200);
    const page = await rejected.text();
    expect(page).toContain("Payment rejected");
    expect(page).toContain(`href="redirect?pref_id=${preference.id}">Try again</a>`);
    const link = returnLink(page);
    expect(`${link.origin}${link.pathname}`).toBe(`${STORE}/failure`);
    expect(link.searchParams.get("collection_status")).toBe("rejected");
    const orderId = link.searchParams.get("merchant_order_id");
    const open = await getJson(`/merchant_orders/${orderId}`);
    expect(open).toMatchObject({ status: "opened", order_status: "payment_required", paid_amount: 0 });

    const retry = await pay(preference);
    expect(retry.status).toBe(303);
    const location = new URL(retry.headers.get("location") ?? "");
    expect(location.searchParams.get("merchant_order_id")).toBe(orderId);
    const closed = await getJson(`/merchant_orders/${orderId}`);
    expect(closed).toMatchObject({ status: "closed", order_status: "paid" });
    expect(closed.payments.map((p: { status: string }) => p.status)).toEqual(["rejected", "approved"]);
  });

  it("auto_return all returns every outcome: CONT goes to the pending URL", async () => {
    const preference = await createPreference({ auto_return: "all" });
    const res = await pay(preference, { cardholder_name: "CONT" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${STORE}/pending`);
    expect(location.searchParams.get("collection_status")).toBe("in_process");
    const orderId = location.searchParams.get("merchant_order_id");
    expect(await getJson(`/merchant_orders/${orderId}`)).toMatchObject({
      status: "opened",
      order_status: "payment_in_process",
    });

    // The issuer approves later: the order follows its payment on the next clock tick.
    const settle = await sandbox.fetch(
      `${sandbox.url}/__sandbox/payments/${location.searchParams.get("payment_id")}/settle`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ outcome: "approve" }),
      },
    );
    expect(settle.status).toBe(200);
    await sandbox.control.advanceClock(0);
    await sandbox.control.idle();
    const updates = sandbox.control.deliveries().filter((d) => d.topic === "merchant_order" && d.dataId === orderId);
    expect(updates.at(-1)?.action).toBe("merchant_order.updated");
    expect(await getJson(`/merchant_orders/${orderId}`)).toMatchObject({ status: "closed", order_status: "paid" });
  });

  it("a refund of the payment reaches the merchant order", async () => {
    const preference = await createPreference({ auto_return: "approved" });
    const location = new URL((await pay(preference)).headers.get("location") ?? "");
    const paymentId = location.searchParams.get("payment_id");
    const orderId = location.searchParams.get("merchant_order_id");
    const partial = await sandbox.fetch(`${sandbox.url}/v1/payments/${paymentId}/refunds`, {
      method: "POST",
      headers: { ...authHeaders(), "x-idempotency-key": "refund-1" },
      body: JSON.stringify({ amount: 1 }),
    });
    expect(partial.status).toBe(201);
    expect(await getJson(`/merchant_orders/${orderId}`)).toMatchObject({
      order_status: "partially_refunded",
      refunded_amount: 1,
    });
    const rest = await sandbox.fetch(`${sandbox.url}/v1/payments/${paymentId}/refunds`, {
      method: "POST",
      headers: { ...authHeaders(), "x-idempotency-key": "refund-2" },
      body: JSON.stringify({}),
    });
    expect(rest.status).toBe(201);
    const order = await getJson(`/merchant_orders/${orderId}`);
    expect(order).toMatchObject({ order_status: "refunded", refunded_amount: 3001.25, status: "closed" });
    expect(order.payments[0]).toMatchObject({ status: "refunded", amount_refunded: 3001.25 });
  });

  it("re-renders the form naming the bad fields, keeping what was typed but never the CVV", async () => {
    const preference = await createPreference();
    const res = await pay(preference, {
      card_number: "12ab",
      email: "not-an-email",
      cardholder_name: "Ana APRO",
      security_code: "987",
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("There is a problem");
    expect(page).toContain("Card number: enter the 12 to 19 digits printed on the card.");
    expect(page).toContain("Email: enter an email address like name@example.com.");
    expect(page).toContain('id="card_number" name="card_number" type="text" value="12ab"');
    expect(page).toContain('value="Ana APRO"');
    expect(page).toContain('value="not-an-email"');
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('id="security_code" name="security_code" type="text" value=""');
    expect(page).not.toContain('value="987"');
    const search = await getJson("/v1/payments/search");
    expect(search.results).toHaveLength(0);
  });

  it("shows the provider's refusal of a card on the form (Luhn)", async () => {
    const preference = await createPreference();
    const res = await pay(preference, { card_number: "4509953566233705" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Card number: invalid parameter card_number: it fails the Luhn check");
  });

  it("refuses a card type the preference excludes", async () => {
    const preference = await createPreference({ payment_methods: { excluded_payment_methods: [{ id: "visa" }] } });
    const res = await pay(preference);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("this store does not accept Visa cards");
  });

  it("pays once when the same form is posted twice", async () => {
    const preference = await createPreference({ auto_return: "approved" });
    const attempt = "0b6f2c1e-5a47-4f7e-9a51-2d7c9f1e8b30";
    const first = await pay(preference, { attempt });
    const second = await pay(preference, { attempt });
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    const search = await getJson("/v1/payments/search");
    expect(search.results).toHaveLength(1);
  });

  it("honours the preference's installment limit", async () => {
    const preference = await createPreference({ payment_methods: { installments: 3 } });
    const page = await (await sandbox.fetch(preference.init_point)).text();
    expect(page).toContain('<option value="3">3 interest-free installments of');
    expect(page).not.toContain('<option value="4">');
    const res = await pay(preference, { installments: "6" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Installments: choose from 1 to 3.");
  });
});
