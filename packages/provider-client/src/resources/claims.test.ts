import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

const CLAIM = {
  id: 5033102536,
  resource_id: 7138572864,
  status: "opened",
  type: "mediations",
  stage: "claim",
  resource: "payment",
  reason_id: "PNR4071",
  date_created: "2026-11-26T10:00:00.000-04:00",
  last_updated: "2026-11-26T10:00:00.000-04:00",
};

describe("claims", () => {
  it("search sends GET /post-purchase/v1/claims/search with the filters", async () => {
    const page = { paging: { offset: 0, limit: 30, total: 1 }, data: [CLAIM] };
    const { client, last } = createRecordingClient(respondJson(page));
    await expect(client.claims.search({ status: "opened", resource: "payment", limit: 30 })).resolves.toEqual(page);
    expect(wireOf(last())).toEqual(
      wire("GET", "/post-purchase/v1/claims/search", { search: "?status=opened&resource=payment&limit=30" }),
    );
  });

  it("get sends GET /post-purchase/v1/claims/{claim_id}", async () => {
    const { client, last } = createRecordingClient(respondJson(CLAIM));
    await expect(client.claims.get(5033102536)).resolves.toEqual(CLAIM);
    expect(wireOf(last())).toEqual(wire("GET", "/post-purchase/v1/claims/5033102536"));
  });
});
