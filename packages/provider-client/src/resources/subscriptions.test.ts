import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

const SUBSCRIPTION = { id: "2c93808490", status: "authorized", payer_email: "buyer@example.com" };

describe("subscriptions", () => {
  it("create sends POST /preapproval/ (trailing slash) with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(SUBSCRIPTION, 201));
    const body = {
      preapproval_plan_id: "2c9380848f",
      payer_email: "buyer@example.com",
      card_token_id: "tok",
      status: "authorized" as const,
    };
    await expect(client.subscriptions.create(body)).resolves.toEqual(SUBSCRIPTION);
    expect(wireOf(last())).toEqual(wire("POST", "/preapproval/", { body }));
  });

  it("get sends GET /preapproval/{id}", async () => {
    const { client, last } = createRecordingClient(respondJson(SUBSCRIPTION));
    await client.subscriptions.get("2c93808490");
    expect(wireOf(last())).toEqual(wire("GET", "/preapproval/2c93808490"));
  });

  it("update sends PUT /preapproval/{id} with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(SUBSCRIPTION));
    const body = { auto_recurring: { transaction_amount: 59.9 } };
    await client.subscriptions.update("2c93808490", body);
    expect(wireOf(last())).toEqual(wire("PUT", "/preapproval/2c93808490", { body }));
  });

  it("search sends GET /preapproval/search with the query", async () => {
    const result = { paging: { total: 1, limit: 10, offset: 0 }, results: [SUBSCRIPTION] };
    const { client, last } = createRecordingClient(respondJson(result));
    await expect(
      client.subscriptions.search({ payer_email: "buyer@example.com", status: "authorized" }),
    ).resolves.toEqual(result);
    expect(wireOf(last())).toEqual(
      wire("GET", "/preapproval/search", { search: "?payer_email=buyer%40example.com&status=authorized" }),
    );
  });

  it.each([
    ["pause", "paused"],
    ["resume", "authorized"],
    ["cancel", "cancelled"],
  ] as const)("%s sends PUT /preapproval/{id} with {status: %s} only", async (method, status) => {
    const { client, last } = createRecordingClient(respondJson({ ...SUBSCRIPTION, status }));
    await expect(client.subscriptions[method]("2c93808490")).resolves.toEqual({ ...SUBSCRIPTION, status });
    expect(wireOf(last())).toEqual(wire("PUT", "/preapproval/2c93808490", { body: { status } }));
  });
});
