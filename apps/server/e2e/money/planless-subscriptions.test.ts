// A subscription without a plan, created from the console through the real server process (started the way
// `npm start` starts it) against a sandbox started separately. It moves money (the provider charges the card on
// schedule), so: the request and its idempotency key are committed before the provider is called, the provider
// holds exactly that key (the same key with another body is refused), a lost answer is "unknown" and "Try again"
// with the same key makes no second subscription. A change of a subscription's amount or card (`PUT /preapproval/{id}`)
// is held to the same rules: its key is stored before the call, the sandbox received that key (it replays the same
// change and refuses another one under it) and a retry after a lost answer changes the subscription once.
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
      `select r.id, r.kind, q.status as request_status, r.provider_subscription_id, r.request, r.card_token_sha256
         from subscription_requests r join provider_requests q on q.id = r.provider_request_id
         where q.idempotency_key = $1`,
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

/** The subscription as the sandbox holds it; `version` counts the changes it applied. */
async function providerSubscription(id: string) {
  const res = await fetch(`${live.sandbox.url}/preapproval/${id}`, {
    headers: { authorization: `Bearer ${live.sandbox.control.defaultSeller.accessToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { version: number; auto_recurring: { transaction_amount: number } };
}

/** A PUT straight to the sandbox under `key`: the status says whether the sandbox holds that key for this body. */
async function putUnderKey(id: string, key: string, body: Record<string, unknown>) {
  const res = await fetch(`${live.sandbox.url}/preapproval/${id}`, {
    method: "PUT",
    headers: {
      authorization: `Bearer ${live.sandbox.control.defaultSeller.accessToken}`,
      "content-type": "application/json",
      "x-idempotency-key": key,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, replayed: res.headers.get("x-idempotency-replayed") };
}

async function createdSubscription(): Promise<string> {
  const created = await callProcedure<{ outcome: string; subscriptionId: string | null }>(
    live.server.url,
    live.admin,
    "admin.subscriptions.create",
    { ...planlessInput(), cardToken: await cardToken() },
  );
  expect(created.data).toMatchObject({ outcome: "done" });
  return created.data?.subscriptionId ?? "";
}

describe("[money][console] changing a subscription's amount or card through the real server process", () => {
  it("an amount change stores its key before the held PUT, the sandbox received that key, a repeat changes once", async () => {
    const subscriptionId = await createdSubscription();
    const before = await providerSubscription(subscriptionId);
    const input = { subscriptionId, idempotencyKey: randomUUID(), amountMinor: 4_500_00 };
    live.sandbox.control.addFault({
      method: "PUT",
      path: `/preapproval/${subscriptionId}`,
      action: { type: "latency", ms: 1_500 },
    });
    const changing = callProcedure<{ outcome: string; subscriptionId: string | null }>(
      live.server.url,
      live.admin,
      "admin.subscriptions.change",
      input,
    );
    // Committed while the provider still holds the call: the key exists before any answer.
    const held = await pollUntil(
      () => rowsByKey(input.idempotencyKey),
      (rows) => rows.length > 0,
    );
    expect(held[0]).toMatchObject({
      kind: "change",
      request_status: "pending",
      provider_subscription_id: subscriptionId,
    });
    const changed = await changing;
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ outcome: "done", subscriptionId });
    const after = await providerSubscription(subscriptionId);
    expect(after.auto_recurring.transaction_amount).toBe(4_500);
    expect(after.version).toBe(before.version + 1);

    // The sandbox received the stored key: the same change under it is a replay, another change under it a 409.
    expect(
      await putUnderKey(subscriptionId, input.idempotencyKey, { auto_recurring: { transaction_amount: 4_500 } }),
    ).toEqual({ status: 200, replayed: "true" });
    expect(
      (await putUnderKey(subscriptionId, input.idempotencyKey, { auto_recurring: { transaction_amount: 4_600 } }))
        .status,
    ).toBe(409);

    // A double submit of the dialog sends the same key again: no second change.
    const again = await callProcedure<{ outcome: string }>(
      live.server.url,
      live.admin,
      "admin.subscriptions.change",
      input,
    );
    expect(again.data).toMatchObject({ outcome: "done" });
    expect((await providerSubscription(subscriptionId)).version).toBe(after.version);
    expect(await rowsByKey(input.idempotencyKey)).toMatchObject([{ request_status: "succeeded" }]);
  });

  it("a card change whose answer is lost is unknown; Try again reuses the key and the card changes once", async () => {
    const subscriptionId = await createdSubscription();
    const before = await providerSubscription(subscriptionId);
    const input = { subscriptionId, idempotencyKey: randomUUID(), cardToken: await cardToken() };
    live.sandbox.control.addFault({
      method: "PUT",
      path: `/preapproval/${subscriptionId}`,
      count: 10,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const lost = await callProcedure<{ outcome: string }>(
      live.server.url,
      live.admin,
      "admin.subscriptions.change",
      input,
    );
    live.sandbox.control.clearFaults();
    expect(lost.status).toBe(200);
    expect(lost.data).toMatchObject({ outcome: "unknown" });
    const [stored] = await rowsByKey(input.idempotencyKey);
    expect(stored).toMatchObject({ kind: "change", request_status: "unknown" });
    expect(JSON.stringify(stored)).not.toContain(input.cardToken);
    // The provider applied the change once, whatever the client's retries of the lost answer sent.
    const applied = await providerSubscription(subscriptionId);
    expect(applied.version).toBe(before.version + 1);

    const again = await callProcedure<{ outcome: string; subscriptionId: string | null }>(
      live.server.url,
      live.admin,
      "admin.subscriptions.change",
      input,
    );
    expect(again.data).toMatchObject({ outcome: "done", subscriptionId });
    expect((await providerSubscription(subscriptionId)).version).toBe(applied.version);
    expect(await rowsByKey(input.idempotencyKey)).toMatchObject([{ request_status: "succeeded" }]);
    // The key the retry sent is the stored one: the sandbox replays the card change under it.
    expect((await putUnderKey(subscriptionId, input.idempotencyKey, { card_token_id: input.cardToken })).replayed).toBe(
      "true",
    );
  });
});
