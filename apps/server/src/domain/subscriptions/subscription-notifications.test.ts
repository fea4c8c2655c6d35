// The subscription notification topics against the real sandbox and the test
// database: each handler re-reads the resource, and running it twice has one
// effect. A paused subscription is not charged when the sandbox clock passes
// its charge date; a resumed one is.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { WEBHOOK_TOPIC_HANDLERS } from "../../jobs/webhook-topic-handlers";
import { startShopTestEnv } from "../../test/shop-test-env";
import { listPlans } from "./list-plans";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider, sandbox } = env;

async function newPlan(reason = `Notified plan ${randomUUID().slice(0, 6)}`) {
  return provider.plans.create({
    reason,
    back_url: "https://shop.example/account",
    auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1200, currency_id: "ARS" },
  });
}

async function newSubscription(holder = "APRO") {
  const plan = await newPlan();
  const subscription = await provider.subscriptions.create({
    preapproval_plan_id: plan.id,
    payer_email: "subscriber@testuser.com",
    card_token_id: await env.cardToken(holder),
    status: "authorized",
  });
  return { plan, subscription };
}

function run(topic: string, dataId: string) {
  const handler = WEBHOOK_TOPIC_HANDLERS[topic];
  if (!handler) throw new Error(`no handler for ${topic}`);
  return handler({ deps, dataId });
}

async function mirrorRows(subscriptionId: string) {
  return db
    .selectFrom("subscriptions")
    .select(["status", "amount_minor", "currency", "provider_plan_id", "user_id"])
    .where("provider_subscription_id", "=", subscriptionId)
    .execute();
}

describe("subscription_preapproval", () => {
  it("mirrors a subscription made outside the shop once, however often it runs, and follows pause and resume", async () => {
    const { plan, subscription } = await newSubscription();
    await run("subscription_preapproval", subscription.id);
    await run("subscription_preapproval", subscription.id);
    expect(await mirrorRows(subscription.id)).toEqual([
      { status: "authorized", amount_minor: 1200_00, currency: "ARS", provider_plan_id: plan.id, user_id: null },
    ]);

    await provider.subscriptions.pause(subscription.id);
    await run("subscription_preapproval", subscription.id);
    await run("subscription_preapproval", subscription.id);
    expect((await mirrorRows(subscription.id)).map((row) => row.status)).toEqual(["paused"]);
  });

  it("refuses a malformed id without calling the provider", async () => {
    await expect(run("subscription_preapproval", "../x")).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("subscription_authorized_payment", () => {
  it("mirrors the charge's payment and re-reads the subscription, once; a paused subscription is not charged", async () => {
    const { subscription } = await newSubscription();
    const paused = await newSubscription();
    await provider.subscriptions.pause(paused.subscription.id);
    const chargesOf = async (id: string) => (await provider.authorizedPayments.search({ preapproval_id: id })).results;
    const firstCharges = await chargesOf(subscription.id);
    const pausedBefore = (await chargesOf(paused.subscription.id)).length;

    await sandbox.control.advanceClock({ days: 32 });
    const charges = await chargesOf(subscription.id);
    expect(charges.length).toBeGreaterThan(firstCharges.length);
    expect((await chargesOf(paused.subscription.id)).length).toBe(pausedBefore);

    const charge = charges.find((candidate) => candidate.payment?.id);
    if (!charge?.payment?.id) throw new Error("the sandbox charged no payment");
    await run("subscription_authorized_payment", String(charge.id));
    await run("subscription_authorized_payment", String(charge.id));
    const payments = await db
      .selectFrom("payments")
      .select(["provider_payment_id", "status"])
      .where("provider_payment_id", "=", charge.payment.id)
      .execute();
    expect(payments).toEqual([{ provider_payment_id: charge.payment.id, status: charge.payment.status }]);
    expect((await mirrorRows(subscription.id)).map((row) => row.status)).toEqual(["authorized"]);

    // Resumed, it is charged again when the next date comes.
    await provider.subscriptions.resume(paused.subscription.id);
    await sandbox.control.advanceClock({ days: 32 });
    expect((await chargesOf(paused.subscription.id)).length).toBeGreaterThan(pausedBefore);
  });
});

describe("subscription_preapproval_plan", () => {
  it("drops the shop's cached plans, so a plan deactivated elsewhere leaves the shop at once", async () => {
    const plan = await newPlan();
    expect((await listPlans({ deps })).some((item) => item.id === plan.id)).toBe(true);
    await provider.plans.update(plan.id, { status: "inactive" });
    expect((await listPlans({ deps })).some((item) => item.id === plan.id)).toBe(true); // still cached
    await run("subscription_preapproval_plan", plan.id);
    await run("subscription_preapproval_plan", plan.id);
    expect((await listPlans({ deps })).some((item) => item.id === plan.id)).toBe(false);
  });
});
