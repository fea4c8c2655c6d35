import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

const CUSTOMER = { id: "123-cust", email: "buyer@example.com" };

describe("customers", () => {
  it("create sends POST /v1/customers with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(CUSTOMER, 201));
    const body = { email: "buyer@example.com", first_name: "Ana" };
    await expect(client.customers.create(body)).resolves.toEqual(CUSTOMER);
    expect(wireOf(last())).toEqual(wire("POST", "/v1/customers", { body }));
  });

  it("get sends GET /v1/customers/{customerId} with the id percent-encoded", async () => {
    const { client, last } = createRecordingClient(respondJson(CUSTOMER));
    await client.customers.get("a/b c");
    expect(wireOf(last())).toEqual(wire("GET", "/v1/customers/a%2Fb%20c"));
  });

  it("update sends PUT /v1/customers/{customerId} with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(CUSTOMER));
    await client.customers.update("123-cust", { last_name: "Silva" });
    expect(wireOf(last())).toEqual(wire("PUT", "/v1/customers/123-cust", { body: { last_name: "Silva" } }));
  });

  it("remove sends DELETE /v1/customers/{customerId} without a body", async () => {
    const { client, last } = createRecordingClient(respondJson(CUSTOMER));
    await expect(client.customers.remove("123-cust")).resolves.toEqual(CUSTOMER);
    expect(wireOf(last())).toEqual(wire("DELETE", "/v1/customers/123-cust"));
    expect(last().headers.get("x-idempotency-key")).toBe("generated-1");
  });

  it("search sends GET /v1/customers/search with the e-mail encoded", async () => {
    const result = { paging: { total: 1, limit: 10, offset: 0 }, results: [CUSTOMER] };
    const { client, last } = createRecordingClient(respondJson(result));
    await expect(client.customers.search({ email: "buyer+1@example.com" })).resolves.toEqual(result);
    expect(wireOf(last())).toEqual(wire("GET", "/v1/customers/search", { search: "?email=buyer%2B1%40example.com" }));
  });
});
