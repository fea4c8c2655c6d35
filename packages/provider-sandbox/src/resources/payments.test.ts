import { PNG } from "pngjs";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassicErrorBody } from "../core/errors";
import { CARDHOLDER_OUTCOMES } from "../data/cardholder-outcomes";
import type { Schemas } from "../schemas";
import { type ApiClient, apiFor, sellerApi } from "../test-support/api-client";
import { payWithCard, tokenize } from "../test-support/card-payments";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";
import type { TestSandbox } from "../testing";
import { isValidBoletoBarcode } from "./payment-vouchers";
import { crc16Ccitt, PNG_SIGNATURE } from "./pix-qr";

type Payment = Schemas["Payment"];
const DAY = 86_400_000;

function causeData(body: unknown): (string | null | undefined)[] {
  return ((body as ClassicErrorBody).cause ?? []).map((c) => c.data);
}

async function pay(api: ApiClient, body: Record<string, unknown>) {
  return api.post<Payment>("/v1/payments", { payer: { email: "buyer@testuser.com" }, ...body });
}

const sandbox = await useSandbox();
const api = apiFor(sandbox);

describe("card payments: the cardholder name decides the outcome", () => {
  for (const [name, outcome] of Object.entries(CARDHOLDER_OUTCOMES)) {
    it(`${name} → ${outcome.status} / ${outcome.statusDetail}`, async () => {
      const res = await payWithCard(api, { name });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe(outcome.status);
      expect(res.body.status_detail).toBe(outcome.statusDetail);
    });
  }

  it("fills an approved payment like the provider", async () => {
    const res = await payWithCard(api, {
      name: "APRO",
      amount: 150.5,
      extra: {
        external_reference: "order-42",
        metadata: { orderId: 42 },
        notification_url: "https://example.test/hooks?source_news=webhooks",
        description: "Two mugs",
      },
    });
    expect(res.status).toBe(201);
    const p = res.body;
    expect(p).toMatchObject({
      status: "approved",
      status_detail: "accredited",
      payment_method_id: "visa",
      payment_type_id: "credit_card",
      currency_id: "ARS",
      collector_id: 1000001,
      live_mode: false,
      captured: true,
      transaction_amount: 150.5,
      transaction_amount_refunded: 0,
      external_reference: "order-42",
      metadata: { order_id: 42 },
      notification_url: "https://example.test/hooks?source_news=webhooks",
      card: { first_six_digits: "450995", last_four_digits: "3704", expiration_month: 11, expiration_year: 2030 },
      payer: { email: "buyer@testuser.com" },
    });
    // provider: a payer given by e-mail is resolved to a payer account: a stable id, as a string.
    expect(p.payer?.id).toMatch(/^\d+$/);
    const again = await payWithCard(api, { amount: 10 });
    expect(again.body.payer?.id).toBe(p.payer?.id);
    expect(p.date_approved).not.toBeNull();
    // 4.99% of 150.50 = 7.50995 → 7.51; net = 142.99.
    expect(p.fee_details).toEqual([{ type: "mercadopago_fee", amount: 7.51, fee_payer: "collector" }]);
    expect(p.transaction_details?.net_received_amount).toBe(142.99);
    expect(p.card?.cardholder?.name).toBe("APRO");

    const got = await api.get<Payment>(`/v1/payments/${p.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(p);
  });

  it("sends payment.created", async () => {
    const res = await payWithCard(api, { name: "APRO" });
    const actions = sandbox.control
      .deliveries()
      .filter((d) => d.dataId === String(res.body.id))
      .map((d) => `${d.topic}:${d.action}`);
    expect(actions).toEqual(["payment:payment.created"]);
  });

  it("binary_mode never leaves a payment in_process: CONT is rejected", async () => {
    const res = await payWithCard(api, { name: "CONT", extra: { binary_mode: true } });
    expect(res.body.status).toBe("rejected");
    expect(res.body.binary_mode).toBe(true);
  });

  it("resolves the payment method from the token when payment_method_id is omitted", async () => {
    const token = await tokenize(api, { brand: "master" });
    const res = await pay(api, { transaction_amount: 10, token });
    expect(res.status).toBe(201);
    expect(res.body.payment_method_id).toBe("master");
  });
});

describe("payment creation errors", () => {
  it("rejects a payment method the site does not offer, naming it", async () => {
    const token = await tokenize(api);
    const res = await pay(api, { transaction_amount: 10, token, payment_method_id: "pix" });
    expect(res.status).toBe(400);
    expect(causeData(res.body)).toContain("payment_method_id");
  });

  it("needs a token for card methods", async () => {
    const res = await pay(api, { transaction_amount: 10, payment_method_id: "visa" });
    expect(res.status).toBe(400);
    expect(causeData(res.body)).toContain("token");
  });

  it("checks installments against the method", async () => {
    const tooMany = await payWithCard(api, { extra: { installments: 13 } });
    expect(tooMany.status).toBe(400);
    expect(causeData(tooMany.body)).toContain("installments");
    const debit = await payWithCard(api, {
      brand: "debvisa",
      extra: { installments: 3, payment_method_id: "debvisa" },
    });
    expect(debit.status).toBe(400);
    const ok = await payWithCard(api, { extra: { installments: 12 } });
    expect(ok.status).toBe(201);
    expect(ok.body.installments).toBe(12);
    // MLA's 12 installments cost 53.10%: ARS 100 → 153.10 in 12 × 12.76 (payer costs of the installments API).
    expect(ok.body.transaction_details).toMatchObject({ installment_amount: 12.76, total_paid_amount: 153.1 });
  });

  it("refuses more decimals than the currency has", async () => {
    const ars = await payWithCard(api, { amount: 10.123 });
    expect(ars.status).toBe(400);
    expect(causeData(ars.body)).toContain("transaction_amount");

    const chile = sellerApi(sandbox, "MLC");
    const clp = await payWithCard(chile.api, { siteId: "MLC", amount: 1000.5 });
    expect(clp.status).toBe(400);
    expect(causeData(clp.body)).toContain("transaction_amount");
    const clpOk = await payWithCard(chile.api, { siteId: "MLC", amount: 1000 });
    expect(clpOk.status).toBe(201);
    expect(clpOk.body.currency_id).toBe("CLP");

    const colombia = sellerApi(sandbox, "MCO");
    const cop = await payWithCard(colombia.api, { siteId: "MCO", amount: 5000.25 });
    expect(cop.status).toBe(400);
  });

  it("does not burn the token when the request is refused", async () => {
    const token = await tokenize(api);
    const refused = await pay(api, { transaction_amount: 10.001, token, payment_method_id: "visa" });
    expect(refused.status).toBe(400);
    const accepted = await pay(api, { transaction_amount: 10, token, payment_method_id: "visa" });
    expect(accepted.status).toBe(201);
  });

  it("refuses a used card token", async () => {
    const token = await tokenize(api);
    expect((await pay(api, { transaction_amount: 10, token, payment_method_id: "visa" })).status).toBe(201);
    const again = await pay(api, { transaction_amount: 10, token, payment_method_id: "visa" });
    expect(again.status).toBe(400);
    expect((again.body as unknown as ClassicErrorBody).message).toBe("invalid card token");
  });

  it("forbids paying yourself (403, cause 4390)", async () => {
    const token = await tokenize(api);
    const res = await api.post("/v1/payments", {
      transaction_amount: 10,
      token,
      payment_method_id: "visa",
      payer: { email: "test_user_1000001@testuser.com" },
    });
    expect(res.status).toBe(403);
    expect((res.body as ClassicErrorBody).cause[0]?.code).toBe(4390);
  });

  it("needs an existing customer for payer.type customer", async () => {
    const token = await tokenize(api);
    const res = await pay(api, {
      transaction_amount: 10,
      token,
      payment_method_id: "visa",
      payer: { email: "buyer@testuser.com", type: "customer", id: "1000001-nope" },
    });
    expect(res.status).toBe(400);
    expect(causeData(res.body)).toContain("payer.id");
  });
});

describe("authorize and capture", () => {
  it("capture:false reserves; a full capture approves", async () => {
    const created = await payWithCard(api, { amount: 100, extra: { capture: false } });
    expect(created.body).toMatchObject({ status: "authorized", status_detail: "pending_capture", captured: false });
    expect(created.body.date_approved).toBeNull();
    const captured = await api.put<Payment>(`/v1/payments/${created.body.id}`, { capture: true });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({
      status: "approved",
      status_detail: "accredited",
      captured: true,
      transaction_amount: 100,
    });
    expect(captured.body.date_approved).not.toBeNull();
    // provider (sdk-nodejs e2e/payment/capture.spec.ts): a capture answers these too.
    expect(captured.body.acquirer_reconciliation).toEqual([]);
    expect(captured.body.build_version).toEqual(expect.any(String));
    const actions = sandbox.control
      .deliveries()
      .filter((d) => d.dataId === String(created.body.id))
      .map((d) => d.action);
    expect(actions).toEqual(["payment.created", "payment.updated"]);
  });

  it("captures part of the reserved amount", async () => {
    const created = await payWithCard(api, { amount: 100, extra: { capture: false } });
    const captured = await api.put<Payment>(`/v1/payments/${created.body.id}`, {
      capture: true,
      transaction_amount: 60.25,
    });
    expect(captured.status).toBe(200);
    expect(captured.body.transaction_amount).toBe(60.25);
    expect(captured.body.transaction_details?.total_paid_amount).toBe(60.25);
  });

  it("refuses to capture more than the reservation, or a payment that is not authorized", async () => {
    const created = await payWithCard(api, { amount: 100, extra: { capture: false } });
    const tooMuch = await api.put(`/v1/payments/${created.body.id}`, { capture: true, transaction_amount: 100.01 });
    expect(tooMuch.status).toBe(400);
    expect(causeData(tooMuch.body)).toContain("transaction_amount");

    const approved = await payWithCard(api);
    const again = await api.put(`/v1/payments/${approved.body.id}`, { capture: true });
    expect(again.status).toBe(400);
    expect((again.body as ClassicErrorBody).message).toMatch(/cannot be captured: its status is approved/);
  });

  it("does not reserve on debit cards", async () => {
    const res = await payWithCard(api, { brand: "debvisa", extra: { capture: false, payment_method_id: "debvisa" } });
    expect(res.status).toBe(400);
    expect(causeData(res.body)).toContain("capture");
  });
});

describe("cancel", () => {
  it("cancels in_process and authorized payments (by_collector) and sends payment.updated", async () => {
    for (const extra of [{}, { capture: false }]) {
      const created = await payWithCard(api, { name: extra.capture === false ? "APRO" : "CONT", extra });
      const cancelled = await api.put<Payment>(`/v1/payments/${created.body.id}`, { status: "cancelled" });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: "cancelled", status_detail: "by_collector" });
      const actions = sandbox.control
        .deliveries()
        .filter((d) => d.dataId === String(created.body.id))
        .map((d) => d.action);
      expect(actions).toContain("payment.updated");
    }
  });

  it("refuses approved payments (refund them) and final statuses", async () => {
    const approved = await payWithCard(api);
    const res = await api.put(`/v1/payments/${approved.body.id}`, { status: "cancelled" });
    expect(res.status).toBe(400);
    expect((res.body as ClassicErrorBody).message).toMatch(/Refund approved payments instead/);

    const rejected = await payWithCard(api, { name: "FUND" });
    expect((await api.put(`/v1/payments/${rejected.body.id}`, { status: "cancelled" })).status).toBe(400);
  });

  it("answers 404 for an unknown payment", async () => {
    expect((await api.put("/v1/payments/999999999", { status: "cancelled" })).status).toBe(404);
  });
});

/** Decodes a PNG with a real decoder; `grey(x, y)` is the pixel's red channel (the image is greyscale). */
function readPng(buffer: Buffer): {
  width: number;
  height: number;
  grey: (x: number, y: number) => number | undefined;
} {
  expect(buffer.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const image = PNG.sync.read(buffer);
  return { width: image.width, height: image.height, grey: (x, y) => image.data[(y * image.width + x) * 4] };
}

describe("Pix", () => {
  let brazil: ApiClient;
  beforeAll(() => {
    brazil = sellerApi(sandbox, "MLB").api;
  });

  it("answers pending with a BR Code and a real PNG of it", async () => {
    const res = await pay(brazil, { transaction_amount: 25.9, payment_method_id: "pix" });
    expect(res.status).toBe(201);
    const p = res.body;
    expect(p).toMatchObject({
      status: "pending",
      status_detail: "pending_waiting_transfer",
      payment_type_id: "bank_transfer",
      currency_id: "BRL",
    });
    const data = p.point_of_interaction?.transaction_data;
    const code = data?.qr_code ?? "";
    expect(code.startsWith("000201010212")).toBe(true);
    expect(code).toContain("br.gov.bcb.pix");
    expect(code).toContain("540525.90");
    expect(crc16Ccitt(code.slice(0, -4))).toBe(code.slice(-4));

    const png = Buffer.from(data?.qr_code_base64 ?? "", "base64");
    const image = readPng(png);
    // The decoded pixels are the modules of the QR code of exactly that text (scale 6, quiet zone 4).
    const modules = QRCode.create(code, { errorCorrectionLevel: "M" }).modules;
    expect(image.width).toBe((modules.size + 8) * 6);
    const pixel = (row: number, col: number) => image.grey(col * 6 + 24, row * 6 + 24);
    for (const [row, col] of [
      [0, 0],
      [3, 3],
      [7, 7],
      [modules.size - 1, 0],
      [10, 12],
    ] as const) {
      expect(pixel(row, col)).toBe(modules.get(row, col) ? 0 : 255);
    }

    // provider default: the QR code is valid for 24 hours.
    const ttl = Date.parse(p.date_of_expiration ?? "") - Date.parse(p.date_created);
    expect(ttl).toBe(DAY);

    const page = await fetch(data?.ticket_url ?? "");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(code);
  });

  it("honours date_of_expiration and refuses one in the past", async () => {
    const at = new Date(Date.now() + 45 * 60_000).toISOString();
    const res = await pay(brazil, { transaction_amount: 10, payment_method_id: "pix", date_of_expiration: at });
    expect(res.body.date_of_expiration).toBe(at);
    const past = await pay(brazil, {
      transaction_amount: 10,
      payment_method_id: "pix",
      date_of_expiration: "2020-01-01T00:00:00Z",
    });
    expect(past.status).toBe(400);
    expect(causeData(past.body)).toContain("date_of_expiration");
  });

  it("settles through the control API with an end-to-end id", async () => {
    const created = await pay(brazil, { transaction_amount: 10, payment_method_id: "pix" });
    const res = await fetch(`${sandbox.url}/__sandbox/payments/${created.body.id}/settle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "approve" }),
    });
    expect(res.status).toBe(200);
    const settled = (await brazil.get<Payment>(`/v1/payments/${created.body.id}`)).body;
    expect(settled).toMatchObject({ status: "approved", status_detail: "accredited" });
    expect(settled.point_of_interaction?.transaction_data?.e2e_id).toMatch(/^E\d{8}\d{12}[a-z0-9]{11}$/);
    expect(settled.fee_details?.[0]).toEqual({ type: "mercadopago_fee", amount: 0.1, fee_payer: "collector" });
  });
});

describe("cash vouchers", () => {
  it("boleto: pending with a valid barcode, typeable line and voucher page; needs a CPF", async () => {
    const brazil = sellerApi(sandbox, "MLB").api;
    const noDocument = await pay(brazil, { transaction_amount: 100, payment_method_id: "bolbradesco" });
    expect(noDocument.status).toBe(400);
    expect(causeData(noDocument.body)).toContain("payer.identification");

    const res = await brazil.post<Payment>("/v1/payments", {
      transaction_amount: 123.45,
      payment_method_id: "bolbradesco",
      payer: {
        email: "buyer@testuser.com",
        first_name: "Ana",
        last_name: "Souza",
        identification: { type: "CPF", number: "12345678909" },
      },
    });
    expect(res.status).toBe(201);
    const p = res.body;
    expect(p).toMatchObject({ status: "pending", status_detail: "pending_waiting_payment", payment_type_id: "ticket" });
    const barcode = p.transaction_details?.barcode?.content ?? "";
    expect(isValidBoletoBarcode(barcode)).toBe(true);
    expect(barcode.slice(-35, -25)).toBe("0000012345");
    expect(p.transaction_details?.digitable_line).toMatch(/^\d{47}$/);
    expect(Date.parse(p.date_of_expiration ?? "") - Date.parse(p.date_created)).toBe(3 * DAY);
    const page = await fetch(p.transaction_details?.external_resource_url ?? "");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(p.transaction_details?.digitable_line ?? "-");
    const wrongHash = await fetch(`${sandbox.url}/payments/${p.id}/ticket?hash=nope`);
    expect(wrongHash.status).toBe(404);
  });

  it("offers each site's cash methods with the provider's payment type", async () => {
    const cases = [
      ["MLM", "oxxo", "ticket"],
      ["MLA", "rapipago", "ticket"],
      ["MLA", "pagofacil", "ticket"],
      ["MLU", "abitab", "ticket"],
      ["MLU", "redpagos", "ticket"],
      ["MPE", "pagoefectivo_atm", "atm"],
      ["MCO", "efecty", "ticket"],
      ["MLC", "servipag", "ticket"],
    ] as const;
    for (const [site, method, type] of cases) {
      const seller = sellerApi(sandbox, site).api;
      const res = await pay(seller, { transaction_amount: 1000, payment_method_id: method });
      expect(res.status, `${site} ${method}`).toBe(201);
      expect(res.body).toMatchObject({ status: "pending", payment_type_id: type, payment_method_id: method });
      expect(res.body.transaction_details?.barcode?.content).toMatch(/^\d+$/);
      expect(res.body.transaction_details?.payment_method_reference_id).toMatch(/^\d+$/);
    }
  });
});

describe("search", () => {
  it("filters by status and external_reference, pages and sorts", async () => {
    const seller = sellerApi(sandbox, "MLA").api;
    const ids: number[] = [];
    for (const [name, ref] of [
      ["APRO", "a"],
      ["APRO", "b"],
      ["FUND", "a"],
      ["APRO", "a"],
    ] as const) {
      ids.push((await payWithCard(seller, { name, extra: { external_reference: ref } })).body.id);
    }
    const approvedA = await seller.get<Schemas["PaymentSearchResult"]>(
      "/v1/payments/search?status=approved&external_reference=a&sort=date_created&criteria=asc",
    );
    expect(approvedA.status).toBe(200);
    expect(approvedA.body.results.map((p) => p.id)).toEqual([ids[0], ids[3]]);
    expect(approvedA.body.paging).toEqual({ total: 2, limit: 30, offset: 0 });

    const page = await seller.get<Schemas["PaymentSearchResult"]>("/v1/payments/search?limit=2&offset=1&criteria=desc");
    expect(page.body.paging).toEqual({ total: 4, limit: 2, offset: 1 });
    expect(page.body.results.map((p) => p.id)).toEqual([ids[2], ids[1]]);

    const recent = await seller.get<Schemas["PaymentSearchResult"]>(
      "/v1/payments/search?range=date_created&begin_date=NOW-1DAYS&end_date=NOW",
    );
    expect(recent.body.paging.total).toBe(4);
    const future = await seller.get<Schemas["PaymentSearchResult"]>(
      `/v1/payments/search?range=date_created&begin_date=${encodeURIComponent("2999-01-01T00:00:00Z")}`,
    );
    expect(future.body.results).toEqual([]);
    const bad = await seller.get("/v1/payments/search?begin_date=yesterday");
    expect(bad.status).toBe(400);
  });
});

describe("per-seller partition", () => {
  it("another token cannot read, search or change your payment", async () => {
    const mine = await payWithCard(api, { extra: { capture: false, external_reference: "private" } });
    const other = apiFor(sandbox, "TEST-1111111111111111-111111-11111111111111111111111111111111-7777001");
    expect((await other.get(`/v1/payments/${mine.body.id}`)).status).toBe(404);
    expect((await other.put(`/v1/payments/${mine.body.id}`, { capture: true })).status).toBe(404);
    const search = await other.get<Schemas["PaymentSearchResult"]>("/v1/payments/search?external_reference=private");
    expect(search.body.results).toEqual([]);
    expect((await api.get(`/v1/payments/${mine.body.id}`)).status).toBe(200);
  });

  it("a token made by another seller cannot pay", async () => {
    const other = apiFor(sandbox, "TEST-2222222222222222-222222-22222222222222222222222222222222-7777002");
    const token = await tokenize(other);
    const res = await pay(api, { transaction_amount: 10, token, payment_method_id: "visa" });
    expect(res.status).toBe(400);
  });
});

describe("settle control endpoint", () => {
  it("approves, rejects or expires pending and in_process payments only", async () => {
    const settle = (id: number, outcome: string) =>
      fetch(`${sandbox.url}/__sandbox/payments/${id}/settle`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ outcome }),
      });
    const cont = await payWithCard(api, { name: "CONT" });
    expect((await (await settle(cont.body.id, "approve")).json()) as Payment).toMatchObject({ status: "approved" });
    const contReserved = await payWithCard(api, { name: "CONT", extra: { capture: false } });
    expect((await (await settle(contReserved.body.id, "approve")).json()) as Payment).toMatchObject({
      status: "authorized",
      status_detail: "pending_capture",
    });
    const rejected = await payWithCard(api, { name: "CONT" });
    expect((await (await settle(rejected.body.id, "reject")).json()) as Payment).toMatchObject({ status: "rejected" });
    const expired = await payWithCard(api, { name: "CONT" });
    expect((await (await settle(expired.body.id, "expire")).json()) as Payment).toMatchObject({
      status: "cancelled",
      status_detail: "expired",
    });
    expect((await settle(cont.body.id, "approve")).status).toBe(400);
    expect((await settle(cont.body.id, "maybe")).status).toBe(400);
    expect((await settle(424242424, "approve")).status).toBe(404);
  });
});

describe("the clock expires what the provider expires", () => {
  let clockSandbox: TestSandbox;
  beforeAll(async () => {
    clockSandbox = await startQuietSandbox();
  });
  afterAll(async () => {
    await clockSandbox.close();
  });

  it("Pix past its expiry, vouchers after 3 days, reservations after 7 days, pending after 30 days", async () => {
    const brazil = sellerApi(clockSandbox, "MLB").api;
    const argentina = apiFor(clockSandbox);
    const pix = await pay(brazil, { transaction_amount: 10, payment_method_id: "pix" });
    const boleto = await brazil.post<Payment>("/v1/payments", {
      transaction_amount: 10,
      payment_method_id: "bolbradesco",
      payer: { email: "buyer@testuser.com", identification: { type: "CPF", number: "12345678909" } },
    });
    const longVoucher = await pay(argentina, {
      transaction_amount: 10,
      payment_method_id: "rapipago",
      date_of_expiration: new Date(Date.now() + 40 * DAY).toISOString(),
    });
    const reserved = await payWithCard(argentina, { extra: { capture: false } });
    const status = async (client: ApiClient, id: number) => (await client.get<Payment>(`/v1/payments/${id}`)).body;

    await clockSandbox.control.advanceClock({ hours: 25 });
    expect(await status(brazil, pix.body.id)).toMatchObject({ status: "cancelled", status_detail: "expired" });
    expect((await status(brazil, boleto.body.id)).status).toBe("pending");

    await clockSandbox.control.advanceClock({ days: 2 });
    expect(await status(brazil, boleto.body.id)).toMatchObject({ status: "cancelled", status_detail: "expired" });
    expect((await status(argentina, reserved.body.id)).status).toBe("authorized");

    await clockSandbox.control.advanceClock({ days: 4 });
    // provider: reservations lapse 5–7 days after creation; the sandbox uses 7.
    expect(await status(argentina, reserved.body.id)).toMatchObject({ status: "cancelled", status_detail: "expired" });
    expect((await status(argentina, longVoucher.body.id)).status).toBe("pending");

    await clockSandbox.control.advanceClock({ days: 24 });
    expect(await status(argentina, longVoucher.body.id)).toMatchObject({
      status: "cancelled",
      status_detail: "expired",
    });
    const updates = clockSandbox.control.deliveries().filter((d) => d.dataId === String(pix.body.id));
    expect(updates.map((d) => d.action)).toEqual(["payment.created", "payment.updated"]);
  });
});
