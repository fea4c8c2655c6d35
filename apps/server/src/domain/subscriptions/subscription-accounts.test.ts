// The account filter on the console's subscriptions, charges and plans (issue #12), against the real sandbox (which
// keeps each seller's plans and subscriptions apart) and the test database: the filter chooses whose credentials
// search, so a connected seller's plan and subscription are listed under the seller's filter and not under the
// store's own (nor by default); a seller's subscription and plan are read on their detail with the seller's
// account; actions on a seller's resources (pause, resume, a plan's edit and status) go to the seller's account.
import { randomUUID } from "node:crypto";
import { planFieldsSchema } from "@cobro/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { AppError } from "../../errors/app-error";
import { providerForAccount } from "../../provider/provider-for-account";
import { insertConnectedSeller } from "../../test/connected-sellers";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser, signInAs } from "../../test/test-users";
import { reconcileProviderRequests } from "../provider-requests/reconcile-provider-requests";
import { getAdminPlan, searchAdminPlans, updateAdminPlan } from "./admin-plans";
import {
  changeAdminSubscriptionStatus,
  getAdminSubscription,
  searchAdminCharges,
  searchAdminSubscriptions,
} from "./admin-subscriptions";
import { changeAdminSubscription, SUBSCRIPTION_REQUESTS } from "./subscription-requests";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;
const staff = await createTestUser({ db, role: "operator" });
const seller = await insertConnectedSeller(deps);
const sellerClient = await providerForAccount(deps, seller.id);

const tag = randomUUID().slice(0, 8);
const planBody = (who: string) => ({
  reason: `${who} plan ${tag}`,
  back_url: "https://shop.example/account",
  auto_recurring: {
    frequency: 1,
    frequency_type: "months" as const,
    transaction_amount: 1500,
    currency_id: "ARS" as const,
  },
});
const ownPlan = await provider.plans.create(planBody("Own"));
const sellerPlan = await sellerClient.plans.create(planBody("Seller"));
const sellerCard = await sellerClient.cardTokens.create({
  card_number: "4509953566233704",
  expiration_month: 11,
  expiration_year: 2030,
  security_code: "123",
  cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
});
const sellerSubscription = await sellerClient.subscriptions.create({
  preapproval_plan_id: sellerPlan.id,
  payer_email: `seller-payer-${tag}@testuser.com`,
  card_token_id: sellerCard.id,
  status: "authorized",
  external_reference: `seller-${tag}`,
});
const ownSubscription = await provider.subscriptions.create({
  preapproval_plan_id: ownPlan.id,
  payer_email: `own-payer-${tag}@testuser.com`,
  card_token_id: await env.cardToken("APRO"),
  status: "authorized",
  external_reference: `own-${tag}`,
});

describe("the account filter on provider searches", () => {
  it("lists a seller's plans under the seller's filter only", async () => {
    const ids = async (account?: string) =>
      (await searchAdminPlans({ deps, q: tag, offset: 0, limit: 50, ...(account ? { account } : {}) })).items.map(
        (plan) => plan.id,
      );
    expect(await ids(seller.id)).toEqual([sellerPlan.id]);
    expect(await ids("own")).toEqual([ownPlan.id]);
    expect(await ids()).toEqual([ownPlan.id]);
    expect((await getAdminPlan({ deps, planId: sellerPlan.id, account: seller.id })).reason).toBe(`Seller plan ${tag}`);
    // The store's own credentials do not see the seller's plan.
    await expect(getAdminPlan({ deps, planId: sellerPlan.id })).rejects.toBeInstanceOf(AppError);
  });

  it("lists a seller's subscriptions and charges under the seller's filter only, and reads the detail with it", async () => {
    const ids = async (account?: string) =>
      (
        await searchAdminSubscriptions({ deps, q: tag, offset: 0, limit: 50, ...(account ? { account } : {}) })
      ).items.map((subscription) => subscription.id);
    expect(await ids(seller.id)).toEqual([sellerSubscription.id]);
    expect(await ids("own")).toEqual([ownSubscription.id]);
    expect(await ids()).toEqual([ownSubscription.id]);

    const bySeller = await searchAdminSubscriptions({
      deps,
      account: seller.id,
      planId: sellerPlan.id,
      offset: 0,
      limit: 50,
    });
    expect(bySeller.items.map((item) => item.id)).toEqual([sellerSubscription.id]);
    const byOwn = await searchAdminSubscriptions({ deps, account: "own", planId: sellerPlan.id, offset: 0, limit: 50 });
    expect(byOwn.items).toEqual([]);

    const detail = await getAdminSubscription({ deps, subscriptionId: sellerSubscription.id, account: seller.id });
    expect(detail).toMatchObject({ id: sellerSubscription.id, planId: sellerPlan.id, plan: { id: sellerPlan.id } });
    await expect(getAdminSubscription({ deps, subscriptionId: sellerSubscription.id })).rejects.toBeInstanceOf(
      AppError,
    );

    const sellerCharges = await searchAdminCharges({
      deps,
      account: seller.id,
      subscriptionId: sellerSubscription.id,
      offset: 0,
      limit: 50,
    });
    const ownCharges = await searchAdminCharges({
      deps,
      account: "own",
      subscriptionId: sellerSubscription.id,
      offset: 0,
      limit: 50,
    });
    expect(ownCharges.items).toEqual([]);
    expect(sellerCharges.items.length).toBeGreaterThan(0);
    expect(sellerCharges.items.every((charge) => charge.subscriptionId === sellerSubscription.id)).toBe(true);
  });

  it("an unknown account is a 404 in words, not a search of the store's own", async () => {
    await expect(searchAdminPlans({ deps, account: randomUUID(), offset: 0, limit: 5 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("actions on a connected account's resources", () => {
  it("a subscription's pause and resume go to the seller's account, audited with it, and the shop's mirror is untouched", async () => {
    const paused = await changeAdminSubscriptionStatus({
      deps,
      actorUserId: staff.id,
      subscriptionId: sellerSubscription.id,
      action: "pause",
      account: seller.id,
    });
    expect(paused).toMatchObject({ id: sellerSubscription.id, status: "paused" });
    expect((await sellerClient.subscriptions.get(sellerSubscription.id)).status).toBe("paused");
    // A repeat (a double click) asks for the status it has: nothing more changes.
    await changeAdminSubscriptionStatus({
      deps,
      actorUserId: staff.id,
      subscriptionId: sellerSubscription.id,
      action: "pause",
      account: seller.id,
    });
    await changeAdminSubscriptionStatus({
      deps,
      actorUserId: staff.id,
      subscriptionId: sellerSubscription.id,
      action: "resume",
      account: seller.id,
    });
    expect((await sellerClient.subscriptions.get(sellerSubscription.id)).status).toBe("authorized");
    const audits = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("resource_id", "=", sellerSubscription.id)
      .orderBy("created_at")
      .execute();
    expect(audits.map((audit) => audit.action)).toEqual([
      "subscription.pause_requested",
      "subscription.paused",
      "subscription.resume_requested",
      "subscription.resumed",
    ]);
    expect(
      audits.every((audit) => (audit.details as { providerAccountId?: string }).providerAccountId === seller.id),
    ).toBe(true);
    const mirrored = await db
      .selectFrom("subscriptions")
      .select("id")
      .where("provider_subscription_id", "=", sellerSubscription.id)
      .execute();
    expect(mirrored).toEqual([]);
    // The store's own credentials still cannot reach the seller's subscription.
    await expect(
      changeAdminSubscriptionStatus({
        deps,
        actorUserId: staff.id,
        subscriptionId: sellerSubscription.id,
        action: "pause",
      }),
    ).rejects.toBeInstanceOf(AppError);
  });

  it("a subscription's amount change goes to the seller's account, stored with it; its lost answer is settled there", async () => {
    const key = randomUUID();
    const input = {
      subscriptionId: sellerSubscription.id,
      account: seller.id,
      idempotencyKey: key,
      amountMinor: 1_700_00,
    };
    env.sandbox.control.addFault({
      method: "PUT",
      path: `/preapproval/${sellerSubscription.id}`,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const lost = await changeAdminSubscription({ deps, actorUserId: staff.id, input });
    expect(lost.outcome).toBe("unknown");
    const stored = await db
      .selectFrom("provider_requests")
      .select(["status", "provider_account_id", "kind"])
      .where("idempotency_key", "=", key)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "unknown", provider_account_id: seller.id, kind: "subscription.change" });
    expect((await sellerClient.subscriptions.get(sellerSubscription.id)).auto_recurring?.transaction_amount).toBe(1700);

    // The one loop reads the subscription on the account the request went to (the store's own cannot see it).
    await reconcileProviderRequests({ deps, kinds: [SUBSCRIPTION_REQUESTS.change] });
    const settled = await db
      .selectFrom("provider_requests")
      .select("status")
      .where("idempotency_key", "=", key)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe("succeeded");
    // Try again after that: answered from the ledger, no second change at the seller.
    const version = (await sellerClient.subscriptions.get(sellerSubscription.id)).version;
    expect(await changeAdminSubscription({ deps, actorUserId: staff.id, input })).toMatchObject({ outcome: "done" });
    expect((await sellerClient.subscriptions.get(sellerSubscription.id)).version).toBe(version);
    // The same key named with the store's own account cannot reach the seller's subscription at all.
    await expect(
      changeAdminSubscription({ deps, actorUserId: staff.id, input: { ...input, account: undefined } }),
    ).rejects.toBeInstanceOf(AppError);
  });

  it("a plan's edit goes to the seller's account", async () => {
    const renamed = await updateAdminPlan({
      deps,
      actorUserId: staff.id,
      input: {
        planId: sellerPlan.id,
        account: seller.id,
        plan: planFieldsSchema.parse({
          reason: `Renamed seller plan ${tag}`,
          amountMinor: 1500,
          currency: "ARS",
          frequency: 1,
          frequencyType: "months",
          backUrl: "https://shop.example/account",
        }),
      },
    });
    expect(renamed).toMatchObject({ id: sellerPlan.id, reason: `Renamed seller plan ${tag}` });
    expect((await sellerClient.plans.get(sellerPlan.id)).reason).toBe(`Renamed seller plan ${tag}`);
    expect((await provider.plans.get(ownPlan.id)).reason).toBe(`Own plan ${tag}`);
  });
});

describe("over HTTP", () => {
  const app = createApp(deps);
  const origin = deps.publicUrl;

  it("a plan's deactivation on a connection deactivates the seller's plan; a bad account value is a 400 naming it", async () => {
    const operator = await signInAs({ db, role: "operator" });
    const done = await app.request(`${origin}/api/trpc/admin.plans.setStatus`, {
      method: "POST",
      headers: { origin, cookie: operator.cookie, "content-type": "application/json" },
      body: JSON.stringify({ planId: sellerPlan.id, status: "inactive", account: seller.id }),
    });
    expect(done.status).toBe(200);
    expect((await sellerClient.plans.get(sellerPlan.id)).status).toBe("inactive");
    expect((await provider.plans.get(ownPlan.id)).status).toBe("active");

    const input = encodeURIComponent(JSON.stringify({ account: "someone", offset: 0, limit: 5 }));
    const bad = await app.request(`${origin}/api/trpc/admin.subscriptions.search?input=${input}`, {
      headers: { origin, cookie: operator.cookie },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("account");
  });
});
