import { beforeAll, describe, expect, it } from "vitest";
import type { Schemas } from "../schemas";
import { apiFor, sellerApi } from "../test-support/api-client";
import { tokenize } from "../test-support/card-payments";
import { useSandbox } from "../test-support/use-sandbox";

type Card = Schemas["Card"];

const sandbox = await useSandbox();
const api = apiFor(sandbox);
let customerId: string;

beforeAll(async () => {
  customerId = (await api.post<Schemas["Customer"]>("/v1/customers", { email: "cards@testuser.com" })).body.id;
});

describe("saved cards", () => {
  it("saves a card from a token with brand, issuer and security code rules", async () => {
    const token = await tokenize(api, {
      brand: "amex",
      name: "APRO",
      identification: { type: "DNI", number: "12345678" },
    });
    const res = await api.post<Card>(`/v1/customers/${customerId}/cards`, { token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      customer_id: customerId,
      user_id: "1000001",
      first_six_digits: "371180",
      last_four_digits: "7522",
      expiration_month: 11,
      expiration_year: 2030,
      payment_method: { id: "amex", name: "American Express", payment_type_id: "credit_card" },
      security_code: { length: 4, card_location: "front" },
      issuer: { id: 4, name: "American Express" },
      cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
      live_mode: false,
    });
    // The token is consumed: it can neither pay nor be saved again.
    expect((await api.post(`/v1/customers/${customerId}/cards`, { token })).status).toBe(400);
  });

  it("lists, gets, updates and deletes", async () => {
    const card = (
      await api.post<Card>(`/v1/customers/${customerId}/cards`, { token: await tokenize(api, { brand: "master" }) })
    ).body;
    const list = await api.get<Card[]>(`/v1/customers/${customerId}/cards`);
    expect(list.status).toBe(200);
    expect(list.body.map((c) => c.id)).toContain(card.id);

    const got = await api.get<Card>(`/v1/customers/${customerId}/cards/${card.id}`);
    expect(got.body).toEqual(card);

    const updated = await api.put<Card>(`/v1/customers/${customerId}/cards/${card.id}`, {
      expiration_month: 5,
      expiration_year: 2031,
      cardholder: { name: "FUND" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ expiration_month: 5, expiration_year: 2031, cardholder: { name: "FUND" } });
    const past = await api.put(`/v1/customers/${customerId}/cards/${card.id}`, { expiration_year: 2001 });
    expect(past.status).toBe(400);

    const deleted = await api.del<Card>(`/v1/customers/${customerId}/cards/${card.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(card.id);
    expect((await api.get(`/v1/customers/${customerId}/cards/${card.id}`)).status).toBe(404);
  });

  it("saving the same card twice keeps one card", async () => {
    const customer = (await api.post<Schemas["Customer"]>("/v1/customers", { email: "twice@testuser.com" })).body;
    const first = await api.post<Card>(`/v1/customers/${customer.id}/cards`, { token: await tokenize(api) });
    const second = await api.post<Card>(`/v1/customers/${customer.id}/cards`, {
      token: await tokenize(api, { month: 12 }),
    });
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.expiration_month).toBe(12);
    expect((await api.get<Card[]>(`/v1/customers/${customer.id}/cards`)).body).toHaveLength(1);
  });

  it("answers 404 for an unknown customer or card, and for another seller's customer", async () => {
    expect((await api.post(`/v1/customers/1000001-nope/cards`, { token: await tokenize(api) })).status).toBe(404);
    expect((await api.get(`/v1/customers/${customerId}/cards/123`)).status).toBe(404);
    const other = sellerApi(sandbox, "MLA").api;
    expect((await other.get(`/v1/customers/${customerId}/cards`)).status).toBe(404);
    expect((await other.post(`/v1/customers/${customerId}/cards`, { token: await tokenize(other) })).status).toBe(404);
  });
});
