import { describe, expect, it } from "vitest";
import type { Schemas } from "../schemas";
import { apiFor } from "../test-support/api-client";
import { payWithCard } from "../test-support/card-payments";
import { useSandbox } from "../test-support/use-sandbox";

type Claim = Schemas["Claim"];

const sandbox = await useSandbox();
const api = apiFor(sandbox);

async function control<T>(path: string, body: unknown, status: number): Promise<T> {
  const res = await sandbox.fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(status);
  return (await res.json()) as T;
}

describe("claims", () => {
  it("a claim opened on a payment is found by search and by id, and notified", async () => {
    const payment = (await payWithCard(api, { amount: 40 })).body;
    const claim = await control<Claim>("/__sandbox/claims", { payment_id: payment.id, reason_id: "PDD9939" }, 201);
    expect(claim).toMatchObject({
      resource: "payment",
      resource_id: payment.id,
      status: "opened",
      stage: "claim",
      type: "mediations",
      reason_id: "PDD9939",
    });
    const page = await api.get<Schemas["ClaimSearchResult"]>(
      `/post-purchase/v1/claims/search?resource=payment&resource_id=${payment.id}&status=opened`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ paging: { offset: 0, limit: 30, total: 1 }, data: [claim] });
    expect((await api.get<Claim>(`/post-purchase/v1/claims/${claim.id}`)).body).toEqual(claim);
    const topics = sandbox.control
      .deliveries()
      .filter((d) => d.dataId === String(claim.id))
      .map((d) => d.topic);
    expect(topics).toEqual(["topic_claims_integration_wh"]);
  });

  it("closing it records the resolution; status filters and paging apply", async () => {
    const payment = (await payWithCard(api, { amount: 41 })).body;
    const claim = await control<Claim>("/__sandbox/claims", { payment_id: payment.id }, 201);
    const closed = await control<Claim>(`/__sandbox/claims/${claim.id}/close`, { reason: "already_shipped" }, 200);
    expect(closed).toMatchObject({
      status: "closed",
      resolution: { reason: "already_shipped", closed_by: "mediator" },
    });
    const opened = await api.get<Schemas["ClaimSearchResult"]>(
      `/post-purchase/v1/claims/search?resource_id=${payment.id}&status=opened`,
    );
    expect(opened.body.data).toEqual([]);
    const one = await api.get<Schemas["ClaimSearchResult"]>("/post-purchase/v1/claims/search?limit=1&offset=0");
    expect(one.body.data).toHaveLength(1);
    expect(one.body.paging.total).toBeGreaterThanOrEqual(2);
  });

  it("an unknown claim is a 404 and a bad type a 400 naming it", async () => {
    expect((await api.get("/post-purchase/v1/claims/123")).status).toBe(404);
    const payment = (await payWithCard(api, { amount: 42 })).body;
    const res = await sandbox.fetch(`${sandbox.url}/__sandbox/claims`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payment_id: payment.id, type: "x" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { cause: { data: string }[] }).cause[0]?.data).toBe("type");
  });
});
