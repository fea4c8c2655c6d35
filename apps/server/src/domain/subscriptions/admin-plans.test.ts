// The console's plans against the real sandbox over HTTP and the test database:
// the demo plans seeded once, create (one plan per dialog key, audited), search
// with paging, edit, and deactivate / activate (a deactivated plan leaves the
// shop at once and takes no new subscriber).
import { randomUUID } from "node:crypto";
import { type PlanFields, planCreateInputSchema } from "@cobro/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { createAdminPlan, getAdminPlan, searchAdminPlans, setAdminPlanStatus, updateAdminPlan } from "./admin-plans";
import { getPlan } from "./get-plan";
import { listPlans } from "./list-plans";
import { DEMO_PLAN_REFERENCES, seedDemoPlans } from "./seed-demo-plans";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;
const staff = await createTestUser({ db, role: "operator" });

function fields(extra: Partial<PlanFields> = {}): PlanFields {
  return {
    reason: `Tea club ${randomUUID().slice(0, 6)}`,
    frequency: 1,
    frequencyType: "months",
    amountMinor: 2_500_50,
    currency: "ARS",
    freeTrial: null,
    billingDay: null,
    billingDayProportional: false,
    repetitions: null,
    backUrl: "https://shop.example/account",
    ...extra,
  };
}

async function auditActions(resourceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_id", "=", resourceId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.action);
}

describe("seedDemoPlans", () => {
  it("creates two active demo plans on a provider with none, and nothing the second time", async () => {
    expect(await seedDemoPlans({ provider, publicUrl: "http://shop.test" })).toBe(2);
    expect(await seedDemoPlans({ provider, publicUrl: "http://shop.test" })).toBe(0);
    const found = await provider.plans.search({ status: "active" });
    const demo = found.results.filter((plan) =>
      (DEMO_PLAN_REFERENCES as readonly string[]).includes(plan.external_reference ?? ""),
    );
    expect(demo).toHaveLength(2);
    const shop = await listPlans({ deps });
    expect(shop.filter((plan) => demo.some((d) => d.id === plan.id))).toHaveLength(2);
  });
});

describe("createAdminPlan", () => {
  it("creates the plan with every field in the provider's units, audited; a double submit makes one plan", async () => {
    const key = randomUUID();
    const input = {
      plan: fields({
        freeTrial: { frequency: 7, frequencyType: "days" },
        billingDay: 10,
        billingDayProportional: true,
        repetitions: 12,
        externalReference: "tea-2026",
      }),
      idempotencyKey: key,
    };
    const [first, second] = await Promise.all([
      createAdminPlan({ deps, actorUserId: staff.id, input }),
      createAdminPlan({ deps, actorUserId: staff.id, input }),
    ]);
    expect(second.id).toBe(first.id);
    const held = await provider.plans.get(first.id);
    expect(held).toMatchObject({
      status: "active",
      reason: input.plan.reason,
      back_url: "https://shop.example/account",
      external_reference: "tea-2026",
      auto_recurring: {
        frequency: 1,
        frequency_type: "months",
        transaction_amount: 2500.5,
        currency_id: "ARS",
        repetitions: 12,
        billing_day: 10,
        billing_day_proportional: true,
        free_trial: { frequency: 7, frequency_type: "days" },
      },
    });
    expect(first).toMatchObject({
      amount: { amountMinor: 2_500_50, currency: "ARS" },
      billingDay: 10,
      repetitions: 12,
      freeTrial: { frequency: 7, frequencyType: "days" },
    });
    const matches = await provider.plans.search({ q: input.plan.reason });
    expect(matches.results).toHaveLength(1);
    const requested = await db
      .selectFrom("audit_log")
      .select("action")
      .where("idempotency_key", "=", key)
      .where("action", "=", "plan.create_requested")
      .execute();
    expect(requested.length).toBeGreaterThanOrEqual(1);
    expect(await auditActions(first.id)).toContain("plan.created");
  });

  it("refuses bad fields naming them, before anything reaches the provider", () => {
    const parsed = planCreateInputSchema.safeParse({
      plan: { ...fields({ frequencyType: "days", billingDay: 5 }), backUrl: "javascript:alert(1)", amountMinor: 0 },
      idempotencyKey: randomUUID(),
    });
    expect(parsed.success).toBe(false);
    const paths = (parsed.error?.issues ?? []).map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["plan.backUrl", "plan.amountMinor"]));
    const billing = planCreateInputSchema.safeParse({
      plan: fields({ frequencyType: "days", billingDay: 5 }),
      idempotencyKey: randomUUID(),
    });
    expect(billing.error?.issues.map((issue) => issue.path.join("."))).toEqual(["plan.billingDay"]);
  });
});

describe("searchAdminPlans", () => {
  it("pages through the plans and filters by status and text", async () => {
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < 3; i++) {
      await createAdminPlan({
        deps,
        actorUserId: staff.id,
        input: { plan: fields({ reason: `Paged ${tag} ${i}` }), idempotencyKey: randomUUID() },
      });
    }
    const first = await searchAdminPlans({ deps, q: tag, offset: 0, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    const second = await searchAdminPlans({ deps, q: tag, offset: 2, limit: 2 });
    expect(second.items).toHaveLength(1);
    const ids = new Set([...first.items, ...second.items].map((plan) => plan.id));
    expect(ids.size).toBe(3);
    expect((await searchAdminPlans({ deps, q: tag, status: "inactive", offset: 0, limit: 10 })).total).toBe(0);
  });
});

describe("updateAdminPlan and setAdminPlanStatus", () => {
  it("edits a plan, deactivates it (gone from the shop, no new subscriber) and activates it again, all audited", async () => {
    const created = await createAdminPlan({
      deps,
      actorUserId: staff.id,
      input: { plan: fields(), idempotencyKey: randomUUID() },
    });
    const edited = await updateAdminPlan({
      deps,
      actorUserId: staff.id,
      input: { planId: created.id, plan: fields({ reason: "Tea club deluxe", amountMinor: 3_000_00, repetitions: 6 }) },
    });
    expect(edited).toMatchObject({ reason: "Tea club deluxe", amount: { amountMinor: 3_000_00 }, repetitions: 6 });
    expect((await provider.plans.get(created.id)).auto_recurring?.transaction_amount).toBe(3000);

    await listPlans({ deps }); // fills the shop's cache
    const inactive = await setAdminPlanStatus({ deps, actorUserId: staff.id, planId: created.id, status: "inactive" });
    expect(inactive.status).toBe("inactive");
    expect((await provider.plans.get(created.id)).status).toBe("inactive");
    expect((await listPlans({ deps })).some((plan) => plan.id === created.id)).toBe(false);
    await expect(getPlan({ deps, planId: created.id })).rejects.toMatchObject({ reason: "plan_not_found" });

    await setAdminPlanStatus({ deps, actorUserId: staff.id, planId: created.id, status: "active" });
    expect((await listPlans({ deps })).some((plan) => plan.id === created.id)).toBe(true);
    expect(await auditActions(created.id)).toEqual([
      "plan.created",
      "plan.updated",
      "plan.deactivated",
      "plan.activated",
    ]);
  });

  it("says in words that an unknown plan does not exist", async () => {
    const error = await getAdminPlan({ deps, planId: "0000000000000000000000000000dead" }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("NOT_FOUND");
  });
});
