// The console's subscriptions against the real sandbox and the test database:
// search by status, payer, plan and text with paging; one subscription with
// its plan and every charge (a failed one with the provider's reason and its
// retries); pause (not charged when the sandbox clock passes the date),
// resume and cancel, each audited and mirrored.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import {
  changeAdminSubscriptionStatus,
  getAdminSubscription,
  searchAdminCharges,
  searchAdminSubscriptions,
} from "./admin-subscriptions";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider, sandbox } = env;
const staff = await createTestUser({ db, role: "operator" });

const plan = await provider.plans.create({
  reason: `Console plan ${randomUUID().slice(0, 6)}`,
  back_url: "https://shop.example/account",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1500, currency_id: "ARS" },
});

async function subscribe(holder: string, email = `payer-${randomUUID().slice(0, 6)}@testuser.com`) {
  return provider.subscriptions.create({
    preapproval_plan_id: plan.id,
    payer_email: email,
    card_token_id: await env.cardToken(holder),
    status: "authorized",
    external_reference: `ref-${randomUUID().slice(0, 8)}`,
  });
}

describe("searchAdminSubscriptions", () => {
  it("finds subscriptions by payer e-mail, plan, status and external reference, paged", async () => {
    const email = `search-${randomUUID().slice(0, 6)}@testuser.com`;
    const first = await subscribe("APRO", email);
    const second = await subscribe("APRO", email);
    const byEmail = await searchAdminSubscriptions({ deps, payerEmail: email, offset: 0, limit: 1 });
    expect(byEmail.total).toBe(2);
    expect(byEmail.items).toHaveLength(1);
    const next = await searchAdminSubscriptions({ deps, payerEmail: email, offset: 1, limit: 1 });
    expect(new Set([byEmail.items[0]?.id, next.items[0]?.id])).toEqual(new Set([first.id, second.id]));
    const byPlan = await searchAdminSubscriptions({
      deps,
      planId: plan.id,
      status: "authorized",
      offset: 0,
      limit: 50,
    });
    expect(byPlan.items.map((item) => item.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const byReference = await searchAdminSubscriptions({
      deps,
      q: first.external_reference ?? "",
      offset: 0,
      limit: 10,
    });
    expect(byReference.items.map((item) => item.id)).toEqual([first.id]);
    expect(byReference.items[0]).toMatchObject({
      payerEmail: email,
      planId: plan.id,
      amount: { amountMinor: 1500_00, currency: "ARS" },
    });
  });
});

describe("getAdminSubscription", () => {
  it("shows the plan, the next charge date and every charge, a failed one with the provider's reason", async () => {
    const approved = await subscribe("APRO");
    const refused = await subscribe("FUND");
    const ok = await getAdminSubscription({ deps, subscriptionId: approved.id });
    expect(ok.plan?.id).toBe(plan.id);
    expect(ok.nextPaymentDate).not.toBeNull();
    expect(ok.charges.length).toBeGreaterThanOrEqual(1);
    expect(ok.charges[0]).toMatchObject({ amount: { amountMinor: 1500_00, currency: "ARS" } });
    expect(ok.charges[0]?.payment?.status).toBe("approved");

    const failed = await getAdminSubscription({ deps, subscriptionId: refused.id });
    const charge = failed.charges[0];
    expect(charge?.payment?.status).toBe("rejected");
    expect(charge?.payment?.statusDetail).toMatch(/insufficient_amount|rejected/);
    expect(charge?.status).not.toBe("processed");
  });
});

describe("changeAdminSubscriptionStatus", () => {
  it("pauses (no charge when the date passes), resumes (charged again) and cancels, audited and mirrored", async () => {
    const subscription = await subscribe("APRO");
    const chargeCount = async () =>
      (await getAdminSubscription({ deps, subscriptionId: subscription.id })).charges.length;
    const before = await chargeCount();

    const paused = await changeAdminSubscriptionStatus({
      deps,
      actorUserId: staff.id,
      subscriptionId: subscription.id,
      action: "pause",
    });
    expect(paused.status).toBe("paused");
    // Asking again changes nothing and audits nothing more.
    await changeAdminSubscriptionStatus({
      deps,
      actorUserId: staff.id,
      subscriptionId: subscription.id,
      action: "pause",
    });
    await sandbox.control.advanceClock({ days: 32 });
    expect(await chargeCount()).toBe(before);

    const resumed = await changeAdminSubscriptionStatus({
      deps,
      actorUserId: staff.id,
      subscriptionId: subscription.id,
      action: "resume",
    });
    expect(resumed.status).toBe("authorized");
    await sandbox.control.advanceClock({ days: 32 });
    expect(await chargeCount()).toBeGreaterThan(before);

    const cancelled = await changeAdminSubscriptionStatus({
      deps,
      actorUserId: staff.id,
      subscriptionId: subscription.id,
      action: "cancel",
    });
    expect(cancelled.status).toBe("cancelled");
    expect((await provider.subscriptions.get(subscription.id)).status).toBe("cancelled");
    await expect(
      changeAdminSubscriptionStatus({ deps, actorUserId: staff.id, subscriptionId: subscription.id, action: "resume" }),
    ).rejects.toMatchObject({ code: "CONFLICT", reason: "subscription_cancelled" });

    const mirror = await db
      .selectFrom("subscriptions")
      .select("status")
      .where("provider_subscription_id", "=", subscription.id)
      .executeTakeFirstOrThrow();
    expect(mirror.status).toBe("cancelled");
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("resource_id", "=", subscription.id)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      "subscription.pause_requested",
      "subscription.paused",
      "subscription.resume_requested",
      "subscription.resumed",
      "subscription.cancel_requested",
      "subscription.cancelled",
    ]);
  });

  it("resuming an active subscription changes nothing and audits nothing", async () => {
    const subscription = await subscribe("APRO");
    const same = await changeAdminSubscriptionStatus({
      deps,
      actorUserId: staff.id,
      subscriptionId: subscription.id,
      action: "resume",
    });
    expect(same.status).toBe("authorized");
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("resource_id", "=", subscription.id)
      .execute();
    expect(audit).toEqual([]);
  });
});

describe("searchAdminCharges", () => {
  it("lists a subscription's charges, a failed one with the provider's reason, and finds a charge by its payment", async () => {
    const refused = await subscribe("FUND");
    const found = await searchAdminCharges({ deps, subscriptionId: refused.id, offset: 0, limit: 20 });
    expect(found.total).toBeGreaterThanOrEqual(1);
    const failed = found.items[0];
    expect(failed).toMatchObject({ subscriptionId: refused.id, payment: { status: "rejected" } });
    expect(failed?.status).not.toBe("processed");
    expect(failed?.payment?.statusDetail).toBeTruthy();
    const paymentId = failed?.payment?.id ?? 0;
    const byPayment = await searchAdminCharges({ deps, paymentId, offset: 0, limit: 20 });
    expect(byPayment.items.map((item) => item.id)).toEqual([failed?.id]);
  });
});
