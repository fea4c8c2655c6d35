import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

const PREFERENCE = { id: "123-abc", init_point: "https://www.mercadopago.com/checkout/v1/redirect?pref_id=123-abc" };
const ITEMS = [{ title: "Mug", quantity: 1, unit_price: 25, currency_id: "BRL" as const }];

describe("preferences", () => {
  it("create sends POST /checkout/preferences/ (trailing slash) with exactly the body given", async () => {
    const { client, last } = createRecordingClient(respondJson(PREFERENCE, 201));
    await expect(client.preferences.create({ items: ITEMS, external_reference: "order-1" })).resolves.toEqual(
      PREFERENCE,
    );
    expect(wireOf(last())).toEqual(
      wire("POST", "/checkout/preferences/", { body: { items: ITEMS, external_reference: "order-1" } }),
    );
  });

  it("get sends GET /checkout/preferences/{id} with the id encoded", async () => {
    const { client, last } = createRecordingClient(respondJson(PREFERENCE));
    await client.preferences.get("123-abc/x");
    expect(wireOf(last())).toEqual(wire("GET", "/checkout/preferences/123-abc%2Fx"));
  });

  it("update sends PUT /checkout/preferences/{id} with the body as given", async () => {
    const { client, last } = createRecordingClient(respondJson(PREFERENCE));
    const body = { external_reference: "order-2", expires: true };
    await client.preferences.update("123-abc", body);
    expect(wireOf(last())).toEqual(wire("PUT", "/checkout/preferences/123-abc", { body }));
  });

  it("search sends GET /checkout/preferences/search with the query", async () => {
    const result = { elements: [], next_offset: 0, total: 0 };
    const { client, last } = createRecordingClient(respondJson(result));
    await expect(client.preferences.search({ external_reference: "order-1", limit: 5, offset: 10 })).resolves.toEqual(
      result,
    );
    expect(wireOf(last())).toEqual(
      wire("GET", "/checkout/preferences/search", { search: "?external_reference=order-1&limit=5&offset=10" }),
    );
  });
});
