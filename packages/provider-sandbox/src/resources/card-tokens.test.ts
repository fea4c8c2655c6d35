import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ClassicErrorBody } from "../core/errors";
import type { Schemas } from "../schemas";
import { apiFor } from "../test-support/api-client";
import { cardTokenBody, tokenize } from "../test-support/card-payments";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";
import { createTestSandbox, DEFAULT_SELLER } from "../testing";
import { passesLuhn } from "./card-tokens";

type CardToken = Schemas["CardToken"];

function causeData(body: unknown): (string | null | undefined)[] {
  return ((body as ClassicErrorBody).cause ?? []).map((c) => c.data);
}

const sandbox = await useSandbox();
const api = apiFor(sandbox);

describe("passesLuhn", () => {
  it("accepts the test cards and refuses a changed digit", () => {
    expect(passesLuhn("4509953566233704")).toBe(true);
    expect(passesLuhn("371180303257522")).toBe(true);
    expect(passesLuhn("4509953566233705")).toBe(false);
    expect(passesLuhn("45099535662337a4")).toBe(false);
  });
});

describe("POST /v1/card_tokens", () => {
  it("tokenizes card data like the provider", async () => {
    const before = Date.now();
    const res = await api.post<CardToken>(
      "/v1/card_tokens",
      cardTokenBody({ identification: { type: "DNI", number: "12345678" } }),
    );
    expect(res.status).toBe(201);
    const token = res.body;
    expect(token.id).toMatch(/^[0-9a-f]{32}$/);
    expect(token).toMatchObject({
      status: "active",
      card_id: null,
      first_six_digits: "450995",
      last_four_digits: "3704",
      expiration_month: 11,
      expiration_year: 2030,
      card_number_length: 16,
      security_code_length: 3,
      luhn_validation: true,
      live_mode: false,
      cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
    });
    const due = Date.parse(token.date_due ?? "");
    expect(due - Date.parse(token.date_created ?? "")).toBe(7 * 86_400_000);
    expect(due).toBeGreaterThan(before);
  });

  it("accepts a browser call with the public key", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/v1/card_tokens?public_key=${DEFAULT_SELLER.publicKey}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(cardTokenBody({ brand: "amex" })),
    });
    expect(res.status).toBe(201);
    const token = (await res.json()) as CardToken;
    expect(token.security_code_length).toBe(4);
    // The token belongs to the public key's seller: its access token can pay with it.
    const payment = await api.post<Schemas["Payment"]>("/v1/payments", {
      transaction_amount: 10,
      token: token.id,
      payment_method_id: "amex",
      payer: { email: "buyer@testuser.com" },
    });
    expect(payment.status).toBe(201);
  });

  it("refuses a number that fails the Luhn check, naming card_number", async () => {
    const res = await api.post("/v1/card_tokens", cardTokenBody({ number: "4509953566233705" }));
    expect(res.status).toBe(400);
    expect(causeData(res.body)).toContain("card_number");
  });

  it("refuses an expired card by the sandbox clock", async () => {
    const now = sandbox.control.now();
    const lastYear = await api.post("/v1/card_tokens", cardTokenBody({ year: now.getUTCFullYear() - 1 }));
    expect(lastYear.status).toBe(400);
    expect(causeData(lastYear.body)).toContain("expiration_year");
    if (now.getUTCMonth() > 0) {
      const lastMonth = await api.post(
        "/v1/card_tokens",
        cardTokenBody({ year: now.getUTCFullYear(), month: now.getUTCMonth() }),
      );
      expect(lastMonth.status).toBe(400);
      expect(causeData(lastMonth.body)).toContain("expiration_month");
    }
    const thisMonth = await api.post(
      "/v1/card_tokens",
      cardTokenBody({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }),
    );
    expect(thisMonth.status).toBe(201);
    const badMonth = await api.post("/v1/card_tokens", cardTokenBody({ month: 13 }));
    expect(badMonth.status).toBe(400);
    expect(causeData(badMonth.body)).toContain("expiration_month");
  });

  it("checks the security code length for the brand", async () => {
    const amexWith3 = await api.post("/v1/card_tokens", cardTokenBody({ brand: "amex", securityCode: "123" }));
    expect(amexWith3.status).toBe(400);
    expect(causeData(amexWith3.body)).toContain("security_code");
    const visaWith4 = await api.post("/v1/card_tokens", cardTokenBody({ securityCode: "1234" }));
    expect(visaWith4.status).toBe(400);
    const { security_code: _omitted, ...withoutCode } = cardTokenBody();
    const missing = await api.post("/v1/card_tokens", withoutCode);
    expect(missing.status).toBe(400);
    expect(causeData(missing.body)).toContain("security_code");
  });

  it("needs a cardholder name", async () => {
    const res = await api.post("/v1/card_tokens", cardTokenBody({ name: "  " }));
    expect(res.status).toBe(400);
    expect(causeData(res.body)).toContain("cardholder.name");
  });

  it("tokenizes a saved card with its CVV, and answers 404 for an unknown one", async () => {
    const customer = await api.post<Schemas["Customer"]>("/v1/customers", { email: "saved-card@testuser.com" });
    const card = await api.post<Schemas["Card"]>(`/v1/customers/${customer.body.id}/cards`, {
      token: await tokenize(api, { name: "CONT" }),
    });
    const res = await api.post<CardToken>("/v1/card_tokens", {
      card_id: card.body.id,
      customer_id: customer.body.id,
      security_code: "123",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ card_id: card.body.id, first_six_digits: "450995", last_four_digits: "3704" });
    const payment = await api.post<Schemas["Payment"]>("/v1/payments", {
      transaction_amount: 10,
      token: res.body.id,
      payment_method_id: "visa",
      payer: { email: "saved-card@testuser.com", type: "customer", id: customer.body.id },
    });
    // The saved card keeps its holder name, so the outcome follows it.
    expect(payment.body).toMatchObject({ status: "in_process", card: { id: card.body.id } });

    const noCvv = await api.post("/v1/card_tokens", { card_id: card.body.id });
    expect(noCvv.status).toBe(400);
    const unknown = await api.post("/v1/card_tokens", { card_id: "999", security_code: "123" });
    expect(unknown.status).toBe(404);
  });
});

describe("card token lifetime", () => {
  it("a token expires after 7 days", async () => {
    const own = await startQuietSandbox();
    try {
      const client = apiFor(own);
      const token = await tokenize(client);
      await own.control.advanceClock({ days: 7, minutes: 1 });
      const res = await client.post("/v1/payments", {
        transaction_amount: 10,
        token,
        payment_method_id: "visa",
        payer: { email: "buyer@testuser.com" },
      });
      expect(res.status).toBe(400);
      expect((res.body as ClassicErrorBody).cause[0]?.description).toMatch(/expired/);
    } finally {
      await own.close();
    }
  });
});

describe("card data never reaches the state", () => {
  it("keeps only first six and last four digits, never the number or the CVV", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cobro-sandbox-cards-"));
    try {
      const own = await createTestSandbox({ tickIntervalMs: 0, dataDir });
      const client = apiFor(own);
      const number = "4235647728025682";
      const brazil = own.control.createSeller({ siteId: "MLB" });
      const brazilApi = apiFor(own, brazil.accessToken);
      const token = await tokenize(brazilApi, { siteId: "MLB", number, securityCode: "987" });
      await brazilApi.post("/v1/payments", {
        transaction_amount: 10,
        token,
        payment_method_id: "visa",
        payer: { email: "buyer@testuser.com" },
      });
      const customer = await client.post<Schemas["Customer"]>("/v1/customers", { email: "vault@testuser.com" });
      await client.post(`/v1/customers/${customer.body.id}/cards`, {
        token: await tokenize(client, { number: "5031755734530604", brand: "master", securityCode: "456" }),
      });
      await own.close();
      const state = readFileSync(join(dataDir, "state.json"), "utf8");
      expect(state).toContain("423564");
      expect(state).not.toContain(number);
      expect(state).not.toContain("5031755734530604");
      expect(state).not.toMatch(/"security_code":"\d+"/);
      expect(state).not.toContain('"987"');
      expect(state).not.toContain('"456"');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
