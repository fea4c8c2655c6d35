// Changing a subscription's amount or card, and a subscription without a plan, against the real sandbox and the
// test database: the request is stored with its key before the call, audited, repeated with the same key it makes
// one effect, a refusal is said in words naming the field, and a lost answer is "unknown" (never failed) and is
// settled by re-reading the provider or by "Try again" with the same key.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { changeAdminSubscriptionStatus, getAdminSubscription } from "./admin-subscriptions";
import { changeAdminSubscription, createAdminSubscription } from "./subscription-requests";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider, sandbox } = env;
const staff = await createTestUser({ db, role: "operator" });

const plan = await provider.plans.create({
  reason: `Change plan ${randomUUID().slice(0, 6)}`,
  back_url: "https://shop.example/account",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1500, currency_id: "ARS" },
});

async function subscribe(holder = "APRO") {
  return provider.subscriptions.create({
    preapproval_plan_id: plan.id,
    payer_email: `change-${randomUUID().slice(0, 6)}@testuser.com`,
    card_token_id: await env.cardToken(holder),
    status: "authorized",
  });
}

async function requestRow(idempotencyKey: string) {
  return db
    .selectFrom("subscription_requests")
    .innerJoin("provider_requests", "provider_requests.id", "subscription_requests.provider_request_id")
    .selectAll("subscription_requests")
    .select([
      "provider_requests.status as request_status",
      "provider_requests.error",
      "provider_requests.provider_account_id",
    ])
    .where("provider_requests.idempotency_key", "=", idempotencyKey)
    .executeTakeFirstOrThrow();
}

async function auditActions(idempotencyKey: string) {
  const rows = await db
    .selectFrom("audit_log")
    .select("action")
    .where("idempotency_key", "=", idempotencyKey)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.action);
}

function planlessInput(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    payerEmail: `planless-${randomUUID().slice(0, 6)}@testuser.com`,
    reason: "Weekly flowers",
    amountMinor: 2_500_00,
    currency: "ARS" as const,
    frequency: 7,
    frequencyType: "days" as const,
    externalReference: `planless-${randomUUID().slice(0, 8)}`,
    ...overrides,
  };
}

describe("changeAdminSubscription", () => {
  it("changes the amount once per key, stored and audited; the next charge is the new amount", async () => {
    const subscription = await subscribe();
    const key = randomUUID();
    const input = { subscriptionId: subscription.id, idempotencyKey: key, amountMinor: 1_750_50 };
    const done = await changeAdminSubscription({ deps, actorUserId: staff.id, input });
    expect(done).toMatchObject({ outcome: "done", subscriptionId: subscription.id });
    const after = await provider.subscriptions.get(subscription.id);
    expect(after.auto_recurring?.transaction_amount).toBe(1750.5);

    // A double submit: the same key, the same request; the provider replays, nothing changes twice.
    const again = await changeAdminSubscription({ deps, actorUserId: staff.id, input });
    expect(again.requestId).toBe(done.requestId);
    expect((await provider.subscriptions.get(subscription.id)).version).toBe(after.version);
    expect(await requestRow(key)).toMatchObject({
      kind: "change",
      request_status: "succeeded",
      amount_minor: 1_750_50,
      currency: "ARS",
      card_token_sha256: null,
      request: { auto_recurring: { transaction_amount: 1750.5 } },
    });
    expect(await auditActions(key)).toEqual(["subscription.change_requested", "subscription.change_succeeded"]);

    await sandbox.control.advanceClock({ days: 32 });
    const detail = await getAdminSubscription({ deps, subscriptionId: subscription.id });
    expect(detail.amount).toEqual({ amountMinor: 1_750_50, currency: "ARS" });
    expect(detail.charges.some((charge) => charge.amount?.amountMinor === 1_750_50)).toBe(true);
  });

  it("puts a new card on file (the token is never stored, only its hash): the next charge uses it", async () => {
    const subscription = await subscribe("APRO");
    const key = randomUUID();
    const cardToken = await env.cardToken("FUND");
    const done = await changeAdminSubscription({
      deps,
      actorUserId: staff.id,
      input: { subscriptionId: subscription.id, idempotencyKey: key, cardToken },
    });
    expect(done.outcome).toBe("done");
    const row = await requestRow(key);
    expect(row.card_token_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(cardToken);
    // The same key with another card is another request: refused, naming the key.
    await expect(
      changeAdminSubscription({
        deps,
        actorUserId: staff.id,
        input: { subscriptionId: subscription.id, idempotencyKey: key, cardToken: await env.cardToken("APRO") },
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", field: "idempotencyKey" });

    await sandbox.control.advanceClock({ days: 32 });
    const detail = await getAdminSubscription({ deps, subscriptionId: subscription.id });
    const newest = detail.charges[0];
    expect(newest?.payment?.status).toBe("rejected");
    expect(newest?.payment?.statusDetail).toBe("cc_rejected_insufficient_amount");
  });

  it("refuses in words: a cancelled subscription, a used card token (naming the field), no change at all", async () => {
    const subscription = await subscribe();
    const used = await env.cardToken("APRO");
    await changeAdminSubscription({
      deps,
      actorUserId: staff.id,
      input: { subscriptionId: subscription.id, idempotencyKey: randomUUID(), cardToken: used },
    });
    const key = randomUUID();
    await expect(
      changeAdminSubscription({
        deps,
        actorUserId: staff.id,
        input: { subscriptionId: subscription.id, idempotencyKey: key, cardToken: used },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "cardToken", reason: "invalid_card_token" });
    expect((await requestRow(key)).request_status).toBe("failed");
    expect(await auditActions(key)).toEqual(["subscription.change_requested", "subscription.change_failed"]);

    await changeAdminSubscriptionStatus({
      deps,
      actorUserId: staff.id,
      subscriptionId: subscription.id,
      action: "cancel",
    });
    await expect(
      changeAdminSubscription({
        deps,
        actorUserId: staff.id,
        input: { subscriptionId: subscription.id, idempotencyKey: randomUUID(), amountMinor: 100 },
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", reason: "subscription_cancelled" });
    await expect(
      changeAdminSubscription({
        deps,
        actorUserId: staff.id,
        input: { subscriptionId: "no-such-subscription", idempotencyKey: randomUUID(), amountMinor: 100 },
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a lost answer is unknown (being confirmed), and re-reading the provider settles it", async () => {
    const subscription = await subscribe();
    const key = randomUUID();
    sandbox.control.addFault({
      method: "PUT",
      path: `/preapproval/${subscription.id}`,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const lost = await changeAdminSubscription({
      deps,
      actorUserId: staff.id,
      input: { subscriptionId: subscription.id, idempotencyKey: key, amountMinor: 1_600_00 },
    });
    expect(lost).toMatchObject({ outcome: "unknown" });
    expect((await requestRow(key)).request_status).toBe("unknown");

    // The detail re-reads the subscription: the provider shows the new amount, so the change is settled.
    const detail = await getAdminSubscription({ deps, subscriptionId: subscription.id });
    expect(detail.amount).toEqual({ amountMinor: 1_600_00, currency: "ARS" });
    expect(detail.pendingChanges).toEqual([]);
    expect((await requestRow(key)).request_status).toBe("succeeded");
  });

  it("a lost answer of a card change stays being confirmed until Try again (same key, same card) settles it", async () => {
    const subscription = await subscribe();
    const key = randomUUID();
    const cardToken = await env.cardToken("APRO");
    sandbox.control.addFault({
      method: "PUT",
      path: `/preapproval/${subscription.id}`,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const input = { subscriptionId: subscription.id, idempotencyKey: key, cardToken };
    expect((await changeAdminSubscription({ deps, actorUserId: staff.id, input })).outcome).toBe("unknown");
    const detail = await getAdminSubscription({ deps, subscriptionId: subscription.id });
    expect(detail.pendingChanges).toMatchObject([{ newCard: true, amountMinor: null }]);
    // provider: the token was consumed by the first call; the same key replays its answer instead of refusing.
    expect((await changeAdminSubscription({ deps, actorUserId: staff.id, input })).outcome).toBe("done");
    expect((await getAdminSubscription({ deps, subscriptionId: subscription.id })).pendingChanges).toEqual([]);
  });
});

describe("createAdminSubscription (no plan)", () => {
  it("creates an authorized subscription charged on the card, once per key, stored before the call", async () => {
    const input = { ...planlessInput(), cardToken: await env.cardToken("APRO") };
    const done = await createAdminSubscription({ deps, actorUserId: staff.id, input });
    expect(done.outcome).toBe("done");
    const created = await provider.subscriptions.get(done.subscriptionId ?? "");
    expect(created).toMatchObject({
      status: "authorized",
      preapproval_plan_id: null,
      reason: "Weekly flowers",
      payer_email: input.payerEmail,
      external_reference: input.externalReference,
      auto_recurring: { frequency: 7, frequency_type: "days", transaction_amount: 2500, currency_id: "ARS" },
    });
    const again = await createAdminSubscription({ deps, actorUserId: staff.id, input });
    expect(again).toEqual(done);
    const found = await provider.subscriptions.search({ payer_email: input.payerEmail });
    expect(found.results).toHaveLength(1);
    expect(await requestRow(input.idempotencyKey)).toMatchObject({
      kind: "create",
      request_status: "succeeded",
      provider_subscription_id: done.subscriptionId,
      amount_minor: 2_500_00,
      currency: "ARS",
      request: { status: "authorized", payer_email: input.payerEmail },
    });
    expect(await auditActions(input.idempotencyKey)).toEqual([
      "subscription.create_requested",
      "subscription.create_succeeded",
    ]);
    const detail = await getAdminSubscription({ deps, subscriptionId: done.subscriptionId ?? "" });
    expect(detail.plan).toBeNull();
    expect(detail.charges.length).toBeGreaterThanOrEqual(1);
  });

  it("a lost answer is unknown; Try again with the same key finds the one subscription", async () => {
    const input = { ...planlessInput(), cardToken: await env.cardToken("APRO") };
    sandbox.control.addFault({
      method: "POST",
      path: "/preapproval/",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const lost = await createAdminSubscription({ deps, actorUserId: staff.id, input });
    expect(lost).toMatchObject({ outcome: "unknown", subscriptionId: null });
    expect((await requestRow(input.idempotencyKey)).request_status).toBe("unknown");
    const again = await createAdminSubscription({ deps, actorUserId: staff.id, input });
    expect(again).toMatchObject({ outcome: "done", requestId: lost.requestId });
    const found = await provider.subscriptions.search({ payer_email: input.payerEmail });
    expect(found.results.map((s) => s.id)).toEqual([again.subscriptionId]);
  });

  it("a refused card is failed (never unknown), naming the field", async () => {
    const used = await env.cardToken("APRO");
    await createAdminSubscription({ deps, actorUserId: staff.id, input: { ...planlessInput(), cardToken: used } });
    const input = { ...planlessInput(), cardToken: used };
    await expect(createAdminSubscription({ deps, actorUserId: staff.id, input })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "cardToken",
    });
    expect((await requestRow(input.idempotencyKey)).request_status).toBe("failed");
  });
});
