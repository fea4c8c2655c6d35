// Plans and subscriptions against the sandbox: list and read plans, subscribe
// with a card token, then pause, resume and cancel only one's own.
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { changeSubscriptionStatus } from "./change-subscription-status";
import { createSubscription } from "./create-subscription";
import { getPlan } from "./get-plan";
import { listPlans } from "./list-plans";
import { listUserSubscriptions } from "./list-user-subscriptions";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;

const monthly = await provider.plans.create({
  reason: "Yerba del mes",
  back_url: "https://shop.example.test/account",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 7_450.5, currency_id: "ARS" },
});
const withTrial = await provider.plans.create({
  reason: "Club del mate",
  back_url: "https://shop.example.test/account",
  auto_recurring: {
    frequency: 7,
    frequency_type: "days",
    transaction_amount: 990,
    currency_id: "ARS",
    free_trial: { frequency: 1, frequency_type: "months" },
  },
});
const retired = await provider.plans.create({
  reason: "Retired",
  back_url: "https://shop.example.test/account",
  status: "inactive",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 100, currency_id: "ARS" },
});

async function subscribe(userId: string, planId = monthly.id, cardholder = "APRO") {
  return createSubscription({
    deps,
    userId,
    input: { planId, cardToken: await env.cardToken(cardholder), payerEmail: "subscriber@testuser.com" },
  });
}

describe("plans", () => {
  it("lists the active plans in minor units, with their free trial", async () => {
    const plans = await listPlans({ deps });
    expect(plans).toEqual(
      expect.arrayContaining([
        {
          id: monthly.id,
          reason: "Yerba del mes",
          amount: { amountMinor: 745_050, currency: "ARS" },
          frequency: 1,
          frequencyType: "months",
        },
        {
          id: withTrial.id,
          reason: "Club del mate",
          amount: { amountMinor: 99_000, currency: "ARS" },
          frequency: 7,
          frequencyType: "days",
          freeTrial: { frequency: 1, frequencyType: "months" },
        },
      ]),
    );
    expect(plans.find((plan) => plan.id === retired.id)).toBeUndefined();
  });

  it("reads one active plan; an inactive or unknown one is NOT_FOUND", async () => {
    expect(await getPlan({ deps, planId: monthly.id })).toMatchObject({ id: monthly.id, frequencyType: "months" });
    await expect(getPlan({ deps, planId: retired.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getPlan({ deps, planId: "0".repeat(32) })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("createSubscription", () => {
  it("subscribes with the card token, mirrors it for the shopper and reports the first charge", async () => {
    const user = await createTestUser({ db });
    const created = await subscribe(user.id);
    expect(created).toMatchObject({
      status: "authorized",
      firstCharge: { status: "approved", statusDetail: "accredited" },
    });
    const row = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", created.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: user.id,
      provider_plan_id: monthly.id,
      status: "authorized",
      amount_minor: 745_050,
      currency: "ARS",
    });
    const atProvider = await provider.subscriptions.get(row.provider_subscription_id);
    expect(atProvider).toMatchObject({ preapproval_plan_id: monthly.id, payer_email: "subscriber@testuser.com" });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "idempotency_key"])
      .where("resource_id", "=", created.subscriptionId)
      .execute();
    expect(audit).toEqual([
      { action: "subscription.created", idempotency_key: expect.stringMatching(/^subscription-[0-9a-f]{64}$/) },
    ]);
  });

  it("a free trial means no charge yet", async () => {
    const user = await createTestUser({ db });
    const created = await subscribe(user.id, withTrial.id);
    expect(created).toMatchObject({ status: "authorized", firstCharge: null });
  });

  it("a declined first charge is reported, not thrown", async () => {
    const user = await createTestUser({ db });
    const created = await subscribe(user.id, monthly.id, "FUND");
    expect(created.firstCharge).toEqual({ status: "rejected", statusDetail: "cc_rejected_insufficient_amount" });
  });

  it("a double submit with the same card token is one subscription", async () => {
    const user = await createTestUser({ db });
    const cardToken = await env.cardToken("APRO");
    const input = { planId: monthly.id, cardToken, payerEmail: "double@testuser.com" };
    const [a, b] = await Promise.all([
      createSubscription({ deps, userId: user.id, input }),
      createSubscription({ deps, userId: user.id, input }),
    ]);
    expect(a.subscriptionId).toBe(b.subscriptionId);
    expect(await listUserSubscriptions({ db, userId: user.id })).toHaveLength(1);
  });

  it("a spent card token is a BAD_REQUEST naming cardToken", async () => {
    const user = await createTestUser({ db });
    const cardToken = await env.cardToken("APRO");
    await createSubscription({
      deps,
      userId: user.id,
      input: { planId: monthly.id, cardToken, payerEmail: "a@testuser.com" },
    });
    await expect(
      createSubscription({
        deps,
        userId: user.id,
        input: { planId: withTrial.id, cardToken, payerEmail: "a@testuser.com" },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "cardToken", reason: "invalid_card_token" });
  });

  it("refuses an inactive plan", async () => {
    const user = await createTestUser({ db });
    await expect(subscribe(user.id, retired.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("managing one's own subscriptions", () => {
  it("pause → paused, resume → authorized, cancel → cancelled, each at the provider and audited", async () => {
    const user = await createTestUser({ db });
    const { subscriptionId } = await subscribe(user.id);
    const change = (action: "pause" | "resume" | "cancel") =>
      changeSubscriptionStatus({ deps, userId: user.id, subscriptionId, action });

    expect(await change("pause")).toMatchObject({ id: subscriptionId, status: "paused" });
    // Asking again for the status it has changes nothing.
    expect(await change("pause")).toMatchObject({ status: "paused" });
    expect(await change("resume")).toMatchObject({ status: "authorized" });
    expect(await change("cancel")).toMatchObject({ status: "cancelled" });

    const row = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", subscriptionId)
      .executeTakeFirstOrThrow();
    expect((await provider.subscriptions.get(row.provider_subscription_id)).status).toBe("cancelled");
    const actions = await db
      .selectFrom("audit_log")
      .select("action")
      .where("resource_id", "=", subscriptionId)
      .orderBy("created_at")
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual([
      "subscription.created",
      "subscription.paused",
      "subscription.resumed",
      "subscription.cancelled",
    ]);

    // Cancelling is irreversible: every later change is refused.
    for (const action of ["cancel", "resume", "pause"] as const) {
      await expect(change(action)).rejects.toMatchObject({ code: "CONFLICT", reason: "subscription_cancelled" });
    }
  });

  it("a subscription cancelled at the provider (not by us) refuses changes too, and the mirror learns it", async () => {
    const user = await createTestUser({ db });
    const { subscriptionId } = await subscribe(user.id);
    const row = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("id", "=", subscriptionId)
      .executeTakeFirstOrThrow();
    await provider.subscriptions.cancel(row.provider_subscription_id);
    await expect(
      changeSubscriptionStatus({ deps, userId: user.id, subscriptionId, action: "pause" }),
    ).rejects.toMatchObject({ code: "CONFLICT", reason: "subscription_cancelled" });
    const after = await db
      .selectFrom("subscriptions")
      .select("status")
      .where("id", "=", subscriptionId)
      .executeTakeFirst();
    expect(after?.status).toBe("cancelled");
  });

  it("lists only the shopper's own; another shopper's subscription is NOT_FOUND", async () => {
    const owner = await createTestUser({ db });
    const stranger = await createTestUser({ db });
    const { subscriptionId } = await subscribe(owner.id);
    const listed = await listUserSubscriptions({ db, userId: owner.id });
    expect(listed).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        planId: monthly.id,
        reason: "Yerba del mes",
        status: "authorized",
        amount: { amountMinor: 745_050, currency: "ARS" },
        frequency: 1,
        frequencyType: "months",
      }),
    ]);
    expect(await listUserSubscriptions({ db, userId: stranger.id })).toEqual([]);
    await expect(
      changeSubscriptionStatus({ deps, userId: stranger.id, subscriptionId, action: "cancel" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const row = await db
      .selectFrom("subscriptions")
      .select("status")
      .where("id", "=", subscriptionId)
      .executeTakeFirst();
    expect(row?.status).toBe("authorized");
  });
});
