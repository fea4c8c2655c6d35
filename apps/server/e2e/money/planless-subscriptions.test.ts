// A subscription without a plan, created from the console through the real server process (started the way
// `npm start` starts it) against a sandbox started separately. It moves money (the provider charges the card on
// schedule), so: the request and its idempotency key are committed before the provider is called, the provider
// holds exactly that key (the same key with another body is refused), a lost answer is "unknown" and "Try again"
// with the same key makes no second subscription.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCardToken } from "../support/card-token";
import { useAdminLiveServerRun } from "../support/live-server-run";
import { withServerDatabase } from "../support/server-database";
import { callProcedure, pollUntil } from "../support/trpc-http";

const live = useAdminLiveServerRun({ name: "planless-subscriptions" });

function cardToken(cardholder = "APRO"): Promise<string> {
  return createCardToken({
    providerUrl: live.sandbox.url,
    publicKey: live.sandbox.control.defaultSeller.publicKey,
    cardholder,
  });
}

async function rowsByKey(key: string) {
  return withServerDatabase(live.server.databaseUrl(), async (client) => {
    const { rows } = await client.query(
      "select id, kind, request_status, provider_subscription_id, request, card_token_sha256 from subscription_requests where idempotency_key = $1",
      [key],
    );
    return rows as {
      id: string;
      kind: string;
      request_status: string;
      provider_subscription_id: string | null;
      request: Record<string, unknown>;
      card_token_sha256: string | null;
    }[];
  });
}

async function subscriptionsOf(payerEmail: string): Promise<string[]> {
  const res = await fetch(`${live.sandbox.url}/preapproval/search?payer_email=${encodeURIComponent(payerEmail)}`, {
    headers: { authorization: `Bearer ${live.sandbox.control.defaultSeller.accessToken}` },
  });
  const body = (await res.json()) as { results: { id: string }[] };
  return body.results.map((subscription) => subscription.id);
}

function planlessInput() {
  return {
    idempotencyKey: randomUUID(),
    payerEmail: `planless-${randomUUID().slice(0, 8)}@testuser.com`,
    reason: "Monthly coffee beans",
    amountMinor: 3_200_00,
    currency: "ARS",
    frequency: 1,
    frequencyType: "months",
    externalReference: `beans-${randomUUID().slice(0, 8)}`,
  };
}

describe("[money][console] a subscription without a plan through the real server process", () => {
  it("stores the key before the held call, the sandbox holds that key, a repeat makes one subscription", async () => {
    const input = { ...planlessInput(), cardToken: await cardToken() };
    live.sandbox.control.addFault({ method: "POST", path: "/preapproval/", action: { type: "latency", ms: 1_500 } });
    const creating = callProcedure<{ outcome: string; subscriptionId: string | null; requestId: string }>(
      live.server.url,
      live.admin,
      "admin.subscriptions.create",
      input,
    );
    const held = await pollUntil(
      () => rowsByKey(input.idempotencyKey),
      (rows) => rows.length > 0,
    );
    expect(held[0]).toMatchObject({ kind: "create", request_status: "pending", provider_subscription_id: null });
    expect(JSON.stringify(held[0])).not.toContain(input.cardToken);
    const first = await creating;
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ outcome: "done" });
    const subscriptionId = first.data?.subscriptionId ?? "";
    expect(subscriptionId).not.toBe("");

    // The sandbox holds our key: the same key with another body is refused, never a second subscription.
    const reuse = await fetch(`${live.sandbox.url}/preapproval/`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${live.sandbox.control.defaultSeller.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": input.idempotencyKey,
      },
      body: JSON.stringify({ ...held[0]?.request, card_token_id: await cardToken() }),
    });
    expect(reuse.status).toBe(409);

    const again = await callProcedure<{ subscriptionId: string }>(
      live.server.url,
      live.admin,
      "admin.subscriptions.create",
      input,
    );
    expect(again.data?.subscriptionId).toBe(subscriptionId);
    expect(await subscriptionsOf(input.payerEmail)).toEqual([subscriptionId]);
    expect(await rowsByKey(input.idempotencyKey)).toMatchObject([
      { request_status: "succeeded", provider_subscription_id: subscriptionId },
    ]);
  });

  it("a lost answer is unknown, never failed; Try again with the same key finds the one subscription", async () => {
    const input = { ...planlessInput(), cardToken: await cardToken() };
    live.sandbox.control.addFault({
      method: "POST",
      path: "/preapproval/",
      count: 10,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const lost = await callProcedure<{ outcome: string; subscriptionId: string | null }>(
      live.server.url,
      live.admin,
      "admin.subscriptions.create",
      input,
    );
    live.sandbox.control.clearFaults();
    expect(lost.status).toBe(200);
    expect(lost.data).toMatchObject({ outcome: "unknown", subscriptionId: null });
    expect((await rowsByKey(input.idempotencyKey))[0]?.request_status).toBe("unknown");
    expect(await subscriptionsOf(input.payerEmail)).toHaveLength(1);

    const again = await callProcedure<{ outcome: string; subscriptionId: string }>(
      live.server.url,
      live.admin,
      "admin.subscriptions.create",
      input,
    );
    expect(again.data).toMatchObject({ outcome: "done" });
    expect(await subscriptionsOf(input.payerEmail)).toEqual([again.data?.subscriptionId]);
  });
});
