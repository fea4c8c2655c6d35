// The shopper's subscription charges against the real sandbox: their own charges only (date, amount, status, the
// payment each produced, a failed one with the provider's reason), a charge per period as the sandbox clock moves,
// and another shopper's subscription id refused as NOT_FOUND naming the field, without asking the provider.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { createSubscription } from "./create-subscription";
import { listSubscriptionCharges } from "./list-subscription-charges";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider, sandbox } = env;

const plan = await provider.plans.create({
  reason: `Charges plan ${randomUUID().slice(0, 6)}`,
  back_url: "https://shop.example/account",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1200, currency_id: "ARS" },
});

async function subscribedShopper(cardholder: string) {
  const user = await createTestUser({ db });
  const { subscriptionId } = await createSubscription({
    deps,
    userId: user.id,
    input: {
      planId: plan.id,
      cardToken: await env.cardToken(cardholder),
      payerEmail: `charges-${randomUUID().slice(0, 6)}@testuser.com`,
    },
  });
  return { user, subscriptionId };
}

describe("listSubscriptionCharges", () => {
  it("lists the shopper's own charges with their payments, one more per period, newest first", async () => {
    const { user, subscriptionId } = await subscribedShopper("APRO");
    const first = await listSubscriptionCharges({ deps, userId: user.id, subscriptionId });
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      status: "processed",
      amount: { amountMinor: 1200_00, currency: "ARS" },
      payment: { status: "approved" },
    });
    expect(first[0]?.date).not.toBeNull();
    await sandbox.control.advanceClock({ days: 32 });
    const later = await listSubscriptionCharges({ deps, userId: user.id, subscriptionId });
    expect(later).toHaveLength(2);
    expect(later[1]?.id).toBe(first[0]?.id);
    expect((later[0]?.date ?? "") > (later[1]?.date ?? "")).toBe(true);
  });

  it("a failed charge carries the provider's reason", async () => {
    const { user, subscriptionId } = await subscribedShopper("FUND");
    const charges = await listSubscriptionCharges({ deps, userId: user.id, subscriptionId });
    expect(charges[0]).toMatchObject({
      payment: { status: "rejected", statusDetail: "cc_rejected_insufficient_amount" },
    });
    expect(["recycling", "cancelled"]).toContain(charges[0]?.status);
  });

  it("never shows another shopper's charges: their subscription id is NOT_FOUND naming the field", async () => {
    const owner = await subscribedShopper("APRO");
    const intruder = await createTestUser({ db });
    await env.flushProviderCalls();
    const before = await db.selectFrom("provider_calls").select(db.fn.countAll().as("n")).executeTakeFirst();
    await expect(
      listSubscriptionCharges({ deps, userId: intruder.id, subscriptionId: owner.subscriptionId }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "id", reason: "subscription_not_found" });
    await env.flushProviderCalls();
    const after = await db.selectFrom("provider_calls").select(db.fn.countAll().as("n")).executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});
