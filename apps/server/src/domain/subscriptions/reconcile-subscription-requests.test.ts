// A console subscription create or change whose answer was lost, settled later by the one reconcile loop from the
// provider alone (the card token is gone by then): a create found by its payer, reason, amount and frequency
// succeeded with that subscription; a change shows in the subscription's amount or modification date; nothing made
// and the deadline past, it failed. Against the real sandbox and the test database.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { NO_PAYMENT_AFTER_MS } from "../checkout/payment-attempt-policy";
import { reconcileProviderRequests } from "../provider-requests/reconcile-provider-requests";
import { changeAdminSubscription, createAdminSubscription, SUBSCRIPTION_REQUESTS } from "./subscription-requests";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider, sandbox } = env;
const staff = await createTestUser({ db, role: "operator" });

function planlessInput() {
  return {
    idempotencyKey: randomUUID(),
    payerEmail: `reconcile-${randomUUID().slice(0, 6)}@testuser.com`,
    reason: "Monthly coffee beans",
    amountMinor: 4_200_00,
    currency: "ARS" as const,
    frequency: 1,
    frequencyType: "months" as const,
  };
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

/** The one reconcile loop, over the subscription kinds. */
function reconcile(runDeps: typeof deps) {
  return reconcileProviderRequests({
    deps: runDeps,
    kinds: [SUBSCRIPTION_REQUESTS.create, SUBSCRIPTION_REQUESTS.change],
  });
}

function loseNextCreate(then: "commit" | "nothing") {
  sandbox.control.addFault({
    method: "POST",
    path: "/preapproval/",
    action:
      then === "commit"
        ? // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
          { type: "commit-then-fail", then: "drop" }
        : { type: "drop" },
  });
}

describe("the reconcile loop on subscription creates", () => {
  it("finds the subscription a lost create made, records it once, and leaves the payer's other subscriptions alone", async () => {
    const input = planlessInput();
    // The payer already had a subscription of another amount: it must not be taken for ours.
    await provider.subscriptions.create({
      payer_email: input.payerEmail,
      reason: input.reason,
      status: "authorized",
      card_token_id: await env.cardToken("APRO"),
      auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 999, currency_id: "ARS" },
    });
    loseNextCreate("commit");
    const lost = await createAdminSubscription({
      deps,
      actorUserId: staff.id,
      input: { ...input, cardToken: await env.cardToken("APRO") },
    });
    expect(lost.outcome).toBe("unknown");

    const first = await reconcile(deps);
    expect(first.settled).toBeGreaterThanOrEqual(1);
    const row = await requestRow(input.idempotencyKey);
    expect(row.request_status).toBe("succeeded");
    const made = await provider.subscriptions.get(row.provider_subscription_id ?? "missing");
    expect(made.auto_recurring?.transaction_amount).toBe(4200);
    expect(made.payer_email).toBe(input.payerEmail);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("idempotency_key", "=", input.idempotencyKey)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      "subscription.create_requested",
      "subscription.create_unknown",
      "subscription.create_succeeded",
    ]);
    expect(audit[2]?.details).toMatchObject({ settledBy: "reconcile" });

    // A second run finds nothing left to settle for it.
    await reconcile(deps);
    expect(await requestRow(input.idempotencyKey)).toMatchObject({
      request_status: "succeeded",
      provider_subscription_id: made.id,
    });
  });

  it("a create the provider never made stays being confirmed until the deadline, then is recorded failed", async () => {
    const input = planlessInput();
    loseNextCreate("nothing");
    const lost = await createAdminSubscription({
      deps,
      actorUserId: staff.id,
      input: { ...input, cardToken: await env.cardToken("APRO") },
    });
    expect(lost.outcome).toBe("unknown");

    await reconcile(deps);
    expect((await requestRow(input.idempotencyKey)).request_status).toBe("unknown");

    const later = { ...deps, now: () => new Date(Date.now() + NO_PAYMENT_AFTER_MS + 1_000) };
    await reconcile(later);
    const row = await requestRow(input.idempotencyKey);
    expect(row).toMatchObject({ request_status: "failed", provider_subscription_id: null });
    expect(row.error).toMatchObject({ message: expect.stringMatching(/no subscription/) });
    expect((await provider.subscriptions.search({ payer_email: input.payerEmail })).results).toEqual([]);
  });
});

describe("the reconcile loop on subscription changes", () => {
  async function subscribed() {
    const made = await createAdminSubscription({
      deps,
      actorUserId: staff.id,
      input: { ...planlessInput(), cardToken: await env.cardToken("APRO") },
    });
    return made.subscriptionId ?? "";
  }

  function loseNextChange(subscriptionId: string, then: "commit" | "nothing") {
    sandbox.control.addFault({
      method: "PUT",
      path: `/preapproval/${subscriptionId}`,
      action:
        then === "commit"
          ? // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
            { type: "commit-then-fail", then: "drop" }
          : { type: "drop" },
    });
  }

  it("a card change the provider made is settled from the subscription's modification, once", async () => {
    const subscriptionId = await subscribed();
    const key = randomUUID();
    loseNextChange(subscriptionId, "commit");
    const lost = await changeAdminSubscription({
      deps,
      actorUserId: staff.id,
      input: { subscriptionId, idempotencyKey: key, cardToken: await env.cardToken("APRO") },
    });
    expect(lost.outcome).toBe("unknown");
    await reconcile(deps);
    expect((await requestRow(key)).request_status).toBe("succeeded");
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("idempotency_key", "=", key)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      "subscription.change_requested",
      "subscription.change_unknown",
      "subscription.change_succeeded",
    ]);
  });

  it("an amount change the provider never made stays being confirmed, then is recorded failed", async () => {
    const subscriptionId = await subscribed();
    const key = randomUUID();
    loseNextChange(subscriptionId, "nothing");
    const lost = await changeAdminSubscription({
      deps,
      actorUserId: staff.id,
      input: { subscriptionId, idempotencyKey: key, amountMinor: 5_100_00 },
    });
    expect(lost.outcome).toBe("unknown");
    await reconcile(deps);
    expect((await requestRow(key)).request_status).toBe("unknown");
    await reconcile({ ...deps, now: () => new Date(Date.now() + NO_PAYMENT_AFTER_MS + 1_000) });
    expect(await requestRow(key)).toMatchObject({
      request_status: "failed",
      error: { message: "Mercado Pago shows the subscription unchanged." },
    });
    expect((await provider.subscriptions.get(subscriptionId)).auto_recurring?.transaction_amount).toBe(4200);
  });
});
