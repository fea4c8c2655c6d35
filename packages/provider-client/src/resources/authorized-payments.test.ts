import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

const INVOICE = { id: 6114264375, preapproval_id: "2c93808490", status: "processed" };

describe("authorizedPayments", () => {
  it("get sends GET /authorized_payments/{id}", async () => {
    const { client, last } = createRecordingClient(respondJson(INVOICE));
    await expect(client.authorizedPayments.get(6114264375)).resolves.toEqual(INVOICE);
    expect(wireOf(last())).toEqual(wire("GET", "/authorized_payments/6114264375"));
  });

  it("search sends GET /authorized_payments/search with the query", async () => {
    const result = { paging: { total: 1, limit: 10, offset: 0 }, results: [INVOICE] };
    const { client, last } = createRecordingClient(respondJson(result));
    await expect(client.authorizedPayments.search({ preapproval_id: "2c93808490", offset: 10 })).resolves.toEqual(
      result,
    );
    expect(wireOf(last())).toEqual(
      wire("GET", "/authorized_payments/search", { search: "?preapproval_id=2c93808490&offset=10" }),
    );
  });
});
