import { describe, expect, it } from "vitest";
import type { ClassicErrorBody } from "../core/errors";
import type { Schemas } from "../schemas";
import { apiFor } from "../test-support/api-client";
import { tokenize } from "../test-support/card-payments";
import { useSandbox } from "../test-support/use-sandbox";

type Customer = Schemas["Customer"];

const sandbox = await useSandbox();
const api = apiFor(sandbox);

describe("customers", () => {
  it("creates, reads, updates and deletes a customer", async () => {
    const created = await api.post<Customer>("/v1/customers", {
      email: "maria@testuser.com",
      first_name: "María",
      identification: { type: "DNI", number: "12345678" },
      metadata: { crm_id: "c-1" },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^1000001-[A-Za-z0-9]{14}$/);
    expect(created.body).toMatchObject({
      email: "maria@testuser.com",
      first_name: "María",
      last_name: null,
      identification: { type: "DNI", number: "12345678" },
      default_card: null,
      cards: [],
      live_mode: false,
      metadata: { crm_id: "c-1" },
      // provider (sdk-nodejs e2e/customer/create.spec.ts): status and the owning seller and application, as numbers.
      status: "active",
      user_id: 1000001,
      merchant_id: 1000001,
    });
    expect(created.body.client_id).toEqual(expect.any(Number));
    const id = created.body.id;

    const got = await api.get<Customer>(`/v1/customers/${id}`);
    expect(got.body).toEqual(created.body);

    const updated = await api.put<Customer>(`/v1/customers/${id}`, {
      last_name: "Gómez",
      phone: { area_code: "11", number: "5555-1234" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      first_name: "María",
      last_name: "Gómez",
      phone: { area_code: "11", number: "5555-1234" },
    });

    const deleted = await api.del<Customer>(`/v1/customers/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(id);
    // provider (sdk-nodejs e2e/customer/remove.spec.ts): the answer to DELETE says `deactive`.
    expect(deleted.body.status).toBe("deactive");
    expect((await api.get(`/v1/customers/${id}`)).status).toBe(404);
  });

  it("allows one customer per e-mail per seller (400, cause 101)", async () => {
    expect((await api.post("/v1/customers", { email: "dup@testuser.com" })).status).toBe(201);
    const dup = await api.post("/v1/customers", { email: "DUP@testuser.com" });
    expect(dup.status).toBe(400);
    expect(dup.body as ClassicErrorBody).toMatchObject({
      message: "the customer already exist",
      cause: [{ code: "101" }],
    });
    const other = await api.post<Customer>("/v1/customers", { email: "other@testuser.com" });
    expect((await api.put(`/v1/customers/${other.body.id}`, { email: "dup@testuser.com" })).status).toBe(400);
    // Another seller may have a customer with the same e-mail.
    const otherSeller = apiFor(sandbox, "TEST-4444444444444444-444444-44444444444444444444444444444444-7777004");
    expect((await otherSeller.post("/v1/customers", { email: "dup@testuser.com" })).status).toBe(201);
  });

  it("searches by e-mail with paging", async () => {
    const seller = apiFor(sandbox, "TEST-5555555555555555-555555-55555555555555555555555555555555-7777005");
    for (const email of ["a@testuser.com", "b@testuser.com", "c@testuser.com"]) {
      await seller.post("/v1/customers", { email });
    }
    const byEmail = await seller.get<Schemas["CustomerSearchResult"]>("/v1/customers/search?email=b@testuser.com");
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.paging.total).toBe(1);
    expect(byEmail.body.results[0]?.email).toBe("b@testuser.com");
    const page = await seller.get<Schemas["CustomerSearchResult"]>("/v1/customers/search?limit=2&offset=2");
    expect(page.body.paging).toEqual({ total: 3, limit: 2, offset: 2 });
    expect(page.body.results.map((c) => c.email)).toEqual(["c@testuser.com"]);
  });

  it("keeps cards[] in step with the saved cards", async () => {
    const customer = (await api.post<Customer>("/v1/customers", { email: "wallet@testuser.com" })).body;
    const card = await api.post<Schemas["Card"]>(`/v1/customers/${customer.id}/cards`, { token: await tokenize(api) });
    const withCard = (await api.get<Customer>(`/v1/customers/${customer.id}`)).body;
    expect(withCard.cards?.map((c) => c.id)).toEqual([card.body.id]);
    expect(withCard.default_card).toBe(card.body.id);
    await api.del(`/v1/customers/${customer.id}/cards/${card.body.id}`);
    const without = (await api.get<Customer>(`/v1/customers/${customer.id}`)).body;
    expect(without.cards).toEqual([]);
    expect(without.default_card).toBeNull();
    expect((await api.put(`/v1/customers/${customer.id}`, { default_card: "42" })).status).toBe(400);
  });

  it("deletes a customer that still has saved cards, and the cards go with it", async () => {
    // provider (its OpenAPI): deleting a customer removes its saved cards too; it answers the deleted customer.
    const customer = (await api.post<Customer>("/v1/customers", { email: "leaving@testuser.com" })).body;
    const card = await api.post<Schemas["Card"]>(`/v1/customers/${customer.id}/cards`, { token: await tokenize(api) });
    const deleted = await api.del<Customer>(`/v1/customers/${customer.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.cards?.map((c) => c.id)).toEqual([card.body.id]);
    expect((await api.get(`/v1/customers/${customer.id}/cards/${card.body.id}`)).status).toBe(404);
    // The e-mail is free again: a new customer may take it.
    expect((await api.post("/v1/customers", { email: "leaving@testuser.com" })).status).toBe(201);
  });

  it("hides another seller's customers", async () => {
    const customer = (await api.post<Customer>("/v1/customers", { email: "mine@testuser.com" })).body;
    const other = apiFor(sandbox, "TEST-6666666666666666-666666-66666666666666666666666666666666-7777006");
    expect((await other.get(`/v1/customers/${customer.id}`)).status).toBe(404);
    expect((await other.put(`/v1/customers/${customer.id}`, { first_name: "X" })).status).toBe(404);
    expect((await other.del(`/v1/customers/${customer.id}`)).status).toBe(404);
    const search = await other.get<Schemas["CustomerSearchResult"]>("/v1/customers/search?email=mine@testuser.com");
    expect(search.body.results).toEqual([]);
  });
});
