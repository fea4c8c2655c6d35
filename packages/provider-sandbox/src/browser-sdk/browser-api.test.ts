import { describe, expect, it } from "vitest";
import type { ClassicErrorBody } from "../core/errors";
import type { Schemas } from "../schemas";
import { apiFor, sellerApi } from "../test-support/api-client";
import { tokenize } from "../test-support/card-payments";
import { useSandbox } from "../test-support/use-sandbox";
import { DEFAULT_SELLER } from "../testing";
import type { PayerCost } from "./installments";

const sandbox = await useSandbox();
const api = apiFor(sandbox);
const PK = DEFAULT_SELLER.publicKey;
const SHOP_ORIGIN = "http://shop.example:3000";

async function browserGet<T = unknown>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await sandbox.fetch(`${sandbox.url}${path}`, { headers: { origin: SHOP_ORIGIN } });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

function causeData(body: unknown): unknown[] {
  return ((body as ClassicErrorBody).cause ?? []).map((c) => c.data);
}

interface InstallmentsEntry {
  payment_method_id: string;
  payment_type_id: string;
  issuer: { id: string; name: string };
  processing_mode: string;
  merchant_account_id: string | null;
  payer_costs: PayerCost[];
  agreements: unknown;
}

describe("GET /v1/payment_methods/search (public key)", () => {
  it("points the brand's logo at an SVG the sandbox itself serves (a shop offline can show it)", async () => {
    const res = await browserGet<{ results: { secure_thumbnail: string }[] }>(
      `/v1/payment_methods/search?public_key=${PK}&bin=45099535`,
    );
    const logo = res.body.results[0]?.secure_thumbnail ?? "";
    expect(new URL(logo).origin).toBe(new URL(sandbox.url).origin);
    const image = await sandbox.fetch(logo);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");
    const issuers = await browserGet<{ secure_thumbnail: string }[]>(
      `/v1/payment_methods/card_issuers?public_key=${PK}&payment_method_id=visa&bin=45099535`,
    );
    expect(new URL(issuers.body[0]?.secure_thumbnail ?? "").origin).toBe(new URL(sandbox.url).origin);
  });

  it("finds the brand from the BIN, open to any origin", async () => {
    const res = await browserGet<{ paging: { total: number }; results: { id: string; issuer: unknown }[] }>(
      `/v1/payment_methods/search?public_key=${PK}&bin=45099535`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.body.paging).toEqual({ total: 1, limit: 30, offset: 0 });
    expect(res.body.results[0]).toMatchObject({
      id: "visa",
      payment_type_id: "credit_card",
      site_id: "MLA",
      issuer: { default: true, id: 310, name: "Visa" },
      settings: [{ card_number: { length: 16, validation: "standard" }, security_code: { length: 3 } }],
    });
    const debit = await browserGet<{ results: { id: string }[] }>(
      `/v1/payment_methods/search?public_key=${PK}&bin=400276`,
    );
    expect(debit.body.results.map((r) => r.id)).toEqual(["debvisa"]);
    const unknown = await browserGet<{ results: unknown[] }>(
      `/v1/payment_methods/search?public_key=${PK}&bin=99999999`,
    );
    expect(unknown.body.results).toEqual([]);
  });

  it("answers the seller's site (the public key's)", async () => {
    const br = sellerApi(sandbox, "MLB");
    const res = await browserGet<{ results: { id: string; site_id: string }[] }>(
      `/v1/payment_methods/search?public_key=${br.publicKey}&bin=50677667`,
    );
    expect(res.body.results).toMatchObject([{ id: "debelo", site_id: "MLB" }]);
  });

  it("names a bad parameter in a 400 and refuses a missing or unknown public key", async () => {
    const short = await browserGet(`/v1/payment_methods/search?public_key=${PK}&bin=4509`);
    expect(short.status).toBe(400);
    expect(causeData(short.body)).toEqual(["bin"]);
    const mode = await browserGet(`/v1/payment_methods/search?public_key=${PK}&bin=45099535&processing_mode=x`);
    expect(mode.status).toBe(400);
    expect(causeData(mode.body)).toEqual(["processing_mode"]);
    expect((await browserGet("/v1/payment_methods/search?bin=45099535")).status).toBe(401);
    expect((await browserGet("/v1/payment_methods/search?public_key=TEST-nope&bin=45099535")).status).toBe(401);
  });

  it("answers a CORS preflight", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/payment_methods/installments?public_key=${PK}`, {
      method: "OPTIONS",
      headers: { origin: SHOP_ORIGIN, "access-control-request-method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("GET /v1/payment_methods/card_issuers (public key)", () => {
  it("lists the method's issuer, none for a BIN of another brand", async () => {
    const res = await browserGet(
      `/v1/payment_methods/card_issuers?public_key=${PK}&payment_method_id=visa&bin=45099535`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject([{ id: "310", name: "Visa", processing_mode: "aggregator" }]);
    const other = await browserGet(
      `/v1/payment_methods/card_issuers?public_key=${PK}&payment_method_id=visa&bin=50317557`,
    );
    expect(other.body).toEqual([]);
  });

  it("names payment_method_id when missing or unknown", async () => {
    const missing = await browserGet(`/v1/payment_methods/card_issuers?public_key=${PK}&bin=45099535`);
    expect(missing.status).toBe(400);
    expect(causeData(missing.body)).toEqual(["payment_method_id"]);
    const unknown = await browserGet(`/v1/payment_methods/card_issuers?public_key=${PK}&payment_method_id=pix`);
    expect(unknown.status).toBe(400);
    expect(causeData(unknown.body)).toEqual(["payment_method_id"]);
  });
});

describe("GET /v1/payment_methods/installments (public key)", () => {
  it("answers the provider's shape with payer costs", async () => {
    const res = await browserGet<InstallmentsEntry[]>(
      `/v1/payment_methods/installments?public_key=${PK}&amount=1000&bin=45099535`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const entry = res.body[0];
    expect(entry).toMatchObject({
      payment_method_id: "visa",
      payment_type_id: "credit_card",
      issuer: { id: "310", name: "Visa" },
      processing_mode: "aggregator",
      merchant_account_id: null,
      agreements: null,
    });
    expect(entry?.payer_costs.map((c) => c.installments)).toEqual([1, 3, 6, 9, 12]);
    expect(entry?.payer_costs[0]).toEqual({
      installments: 1,
      installment_rate: 0,
      discount_rate: 0,
      reimbursement_rate: null,
      labels: ["CFT_0,00%|TEA_0,00%"],
      installment_rate_collector: ["MERCADOPAGO"],
      min_allowed_amount: 1,
      max_allowed_amount: 100_000_000,
      recommended_message: "1 cuota de $ 1.000,00 ($ 1.000,00)",
      installment_amount: 1000,
      total_amount: 1000,
      payment_method_option_id: "visa-1",
    });
  });

  it("debit: one installment; payment_type_id filters", async () => {
    const debit = await browserGet<InstallmentsEntry[]>(
      `/v1/payment_methods/installments?public_key=${PK}&amount=1000&bin=40027686`,
    );
    expect(debit.body[0]?.payer_costs.map((c) => c.installments)).toEqual([1]);
    const filtered = await browserGet(
      `/v1/payment_methods/installments?public_key=${PK}&amount=1000&bin=40027686&payment_type_id=credit_card`,
    );
    expect(filtered.body).toEqual([]);
  });

  it("also takes payment_method_id instead of a BIN", async () => {
    const byMethod = await browserGet<InstallmentsEntry[]>(
      `/v1/payment_methods/installments?public_key=${PK}&amount=1000&payment_method_id=visa`,
    );
    const byBin = await browserGet<InstallmentsEntry[]>(
      `/v1/payment_methods/installments?public_key=${PK}&amount=1000&bin=45099535`,
    );
    expect(byMethod.body).toEqual(byBin.body);
    const mismatch = await browserGet(
      `/v1/payment_methods/installments?public_key=${PK}&amount=1000&payment_method_id=master&bin=45099535`,
    );
    expect(mismatch.body).toEqual([]);
    const unknown = await browserGet(
      `/v1/payment_methods/installments?public_key=${PK}&amount=1000&payment_method_id=pix`,
    );
    expect(unknown.status).toBe(400);
    expect(causeData(unknown.body)).toEqual(["payment_method_id"]);
  });

  it("names amount, bin and payment_type_id in 400s", async () => {
    for (const [query, field] of [
      ["bin=45099535", "amount"],
      ["amount=1000", "bin"],
      ["amount=10.001&bin=45099535", "amount"],
      ["amount=-5&bin=45099535", "amount"],
      ["amount=1000&bin=45x99535", "bin"],
      ["amount=1000&bin=45099535&payment_type_id=ticket", "payment_type_id"],
    ] as const) {
      const res = await browserGet(`/v1/payment_methods/installments?public_key=${PK}&${query}`);
      expect(res.status, query).toBe(400);
      expect(causeData(res.body), query).toEqual([field]);
    }
  });
});

describe("GET /v1/identification_types with a public key", () => {
  it("answers the same list as with a token", async () => {
    const browser = await browserGet(`/v1/identification_types?public_key=${PK}`);
    expect(browser.status).toBe(200);
    expect(browser.headers.get("access-control-allow-origin")).toBe("*");
    expect(browser.body).toEqual((await api.get("/v1/identification_types")).body);
  });
});

describe("POST /v1/card_tokens?public_key for a saved card (CVV only)", () => {
  it("tokenizes card_id + security_code", async () => {
    const customer = (await api.post<Schemas["Customer"]>("/v1/customers", { email: "sdk-saved@testuser.com" })).body;
    const card = (await api.post<Schemas["Card"]>(`/v1/customers/${customer.id}/cards`, { token: await tokenize(api) }))
      .body;
    const res = await sandbox.fetch(`${sandbox.url}/v1/card_tokens?public_key=${PK}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SHOP_ORIGIN },
      body: JSON.stringify({ card_id: card.id, security_code: "123" }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ card_id: card.id, last_four_digits: "3704", status: "active" });
  });
});

describe("card payments honour the payer costs", () => {
  async function pay(amount: number, installments: number, brand = "visa") {
    const token = await tokenize(api, { brand });
    return api.post<Schemas["Payment"]>("/v1/payments", {
      transaction_amount: amount,
      token,
      installments,
      payment_method_id: brand,
      payer: { email: "buyer@testuser.com" },
    });
  }

  it("financed installments: the installment and total of the payer cost, a financing fee paid by the payer", async () => {
    const options = await browserGet<InstallmentsEntry[]>(
      `/v1/payment_methods/installments?public_key=${PK}&amount=112.5&bin=45099535`,
    );
    const six = options.body[0]?.payer_costs.find((c) => c.installments === 6);
    expect(six).toMatchObject({ installment_amount: 23.38, total_amount: 140.27 });

    const res = await pay(112.5, 6);
    expect(res.status).toBe(201);
    const payment = res.body;
    expect(payment).toMatchObject({
      status: "approved",
      installments: 6,
      transaction_amount: 112.5,
      transaction_details: { installment_amount: 23.38, total_paid_amount: 140.27 },
    });
    expect(payment.fee_details).toContainEqual({ type: "financing_fee", amount: 27.77, fee_payer: "payer" });
    const mpFee = payment.fee_details?.find((f) => f.type === "mercadopago_fee")?.amount ?? 0;
    // The seller gets the price less its own fee; the financing goes to whoever finances.
    expect(payment.transaction_details?.net_received_amount).toBeCloseTo(112.5 - mpFee, 2);
  });

  it("interest-free installments: total equals the price, no financing fee", async () => {
    const res = await pay(1000, 3);
    expect(res.status).toBe(201);
    expect(res.body.transaction_details).toMatchObject({ installment_amount: 333.33, total_paid_amount: 1000 });
    expect(res.body.fee_details?.map((f) => f.type)).toEqual(["mercadopago_fee"]);
  });

  it("a count the method does not offer is the provider's 400 (cause 109) naming installments", async () => {
    const two = await pay(1000, 2);
    expect(two.status).toBe(400);
    expect((two.body as unknown as ClassicErrorBody).cause?.[0]).toMatchObject({ code: 109, data: "installments" });
    // ARS 5: 6 installments would be under the smallest installment.
    expect((await pay(5, 6)).status).toBe(400);
    expect((await pay(1000, 3, "debvisa")).status).toBe(400);
  });
});
