import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

const CARD = { id: "9876", customer_id: "123-cust", last_four_digits: "3704" };

describe("cards", () => {
  it("create sends POST /v1/customers/{customerId}/cards with {token}", async () => {
    const { client, last } = createRecordingClient(respondJson(CARD, 201));
    await expect(client.cards.create("123-cust", { token: "card-token" })).resolves.toEqual(CARD);
    expect(wireOf(last())).toEqual(wire("POST", "/v1/customers/123-cust/cards", { body: { token: "card-token" } }));
  });

  it("list sends GET /v1/customers/{customerId}/cards and resolves the array", async () => {
    const { client, last } = createRecordingClient(respondJson([CARD]));
    await expect(client.cards.list("123-cust")).resolves.toEqual([CARD]);
    expect(wireOf(last())).toEqual(wire("GET", "/v1/customers/123-cust/cards"));
  });

  it("get sends GET /v1/customers/{customerId}/cards/{cardId} with both ids encoded", async () => {
    const { client, last } = createRecordingClient(respondJson(CARD));
    await client.cards.get("123 cust", "98/76");
    expect(wireOf(last())).toEqual(wire("GET", "/v1/customers/123%20cust/cards/98%2F76"));
  });

  it("update sends PUT /v1/customers/{customerId}/cards/{cardId} with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(CARD));
    await client.cards.update("123-cust", "9876", { expiration_month: 11, expiration_year: 2030 });
    expect(wireOf(last())).toEqual(
      wire("PUT", "/v1/customers/123-cust/cards/9876", { body: { expiration_month: 11, expiration_year: 2030 } }),
    );
  });

  it("remove sends DELETE /v1/customers/{customerId}/cards/{cardId}", async () => {
    const { client, last } = createRecordingClient(respondJson(CARD));
    await expect(client.cards.remove("123-cust", "9876")).resolves.toEqual(CARD);
    expect(wireOf(last())).toEqual(wire("DELETE", "/v1/customers/123-cust/cards/9876"));
  });
});
