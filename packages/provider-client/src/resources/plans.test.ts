import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

const PLAN = { id: "2c9380848f", reason: "Monthly box", status: "active" };

describe("plans", () => {
  it("create sends POST /preapproval_plan/ (trailing slash) with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(PLAN, 201));
    const body = {
      reason: "Monthly box",
      back_url: "https://shop.example/thanks",
      auto_recurring: {
        frequency: 1,
        frequency_type: "months" as const,
        transaction_amount: 49.9,
        currency_id: "BRL" as const,
      },
    };
    await expect(client.plans.create(body)).resolves.toEqual(PLAN);
    expect(wireOf(last())).toEqual(wire("POST", "/preapproval_plan/", { body }));
  });

  it("get sends GET /preapproval_plan/{id}", async () => {
    const { client, last } = createRecordingClient(respondJson(PLAN));
    await client.plans.get("2c9380848f");
    expect(wireOf(last())).toEqual(wire("GET", "/preapproval_plan/2c9380848f"));
  });

  it("update sends PUT /preapproval_plan/{id} with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(PLAN));
    await client.plans.update("2c9380848f", { status: "inactive" });
    expect(wireOf(last())).toEqual(wire("PUT", "/preapproval_plan/2c9380848f", { body: { status: "inactive" } }));
  });

  it("search sends GET /preapproval_plan/search with the query", async () => {
    const result = { paging: { total: 0, limit: 20, offset: 0 }, results: [] };
    const { client, last } = createRecordingClient(respondJson(result));
    await client.plans.search({ status: "active", q: "box", limit: 20 });
    expect(wireOf(last())).toEqual(
      wire("GET", "/preapproval_plan/search", { search: "?status=active&q=box&limit=20" }),
    );
  });
});
