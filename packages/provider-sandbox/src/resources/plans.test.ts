import { describe, expect, it } from "vitest";
import type { Schemas } from "../schemas";
import { callerFor } from "../test-support/api-client";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";

type Plan = Schemas["Plan"];

const sandbox = await useSandbox(startQuietSandbox, { resetBeforeEach: true });
const call = callerFor(sandbox);
const OTHER_SELLER = "TEST-6666666666666666-666666-66666666666666666666666666666666-7770006";

const PLAN: Schemas["PlanRequest"] = {
  reason: "Gym monthly",
  back_url: "https://shop.example/back",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1500, currency_id: "ARS" },
};

async function createPlan(body: Partial<Schemas["PlanRequest"]> = {}): Promise<Plan> {
  const res = await call("POST", "/preapproval_plan/", { ...PLAN, ...body });
  expect(res.status).toBe(201);
  return (await res.json()) as Plan;
}

describe("plans", () => {
  it("creates an active plan with a checkout init_point", async () => {
    const plan = await createPlan();
    expect(plan.id).toMatch(/^[0-9a-f]{32}$/);
    expect(plan).toMatchObject({ status: "active", reason: "Gym monthly", collector_id: 1000001 });
    // provider (sdk-nodejs e2e/preApprovalPlan/create.spec.ts): every plan names the numeric id of the token's application.
    expect(plan.application_id).toEqual(expect.any(Number));
    expect(plan.init_point).toBe(`${sandbox.url}/subscriptions/checkout?preapproval_plan_id=${plan.id}`);
    const fetched = await call("GET", `/preapproval_plan/${plan.id}`);
    expect(await fetched.json()).toEqual(plan);
    expect(
      sandbox.control.deliveries().some((d) => d.topic === "subscription_preapproval_plan" && d.dataId === plan.id),
    ).toBe(true);
  });

  it("hides plans from other sellers", async () => {
    const plan = await createPlan();
    const res = await call("GET", `/preapproval_plan/${plan.id}`, undefined, OTHER_SELLER);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe("not_found");
  });

  it("updates fields and merges auto_recurring", async () => {
    const plan = await createPlan();
    const res = await call("PUT", `/preapproval_plan/${plan.id}`, {
      reason: "Gym monthly (new price)",
      status: "inactive",
      auto_recurring: { transaction_amount: 1800 },
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Plan;
    expect(updated).toMatchObject({ reason: "Gym monthly (new price)", status: "inactive" });
    expect(updated.auto_recurring).toMatchObject({
      frequency: 1,
      frequency_type: "months",
      transaction_amount: 1800,
      currency_id: "ARS",
    });
    const missing = await call("PUT", "/preapproval_plan/0123456789abcdef0123456789abcdef", { reason: "x" });
    expect(missing.status).toBe(404);
  });

  it("searches by status and text with paging", async () => {
    await createPlan({ reason: "Gold" });
    await createPlan({ reason: "Silver" });
    await createPlan({ reason: "Bronze", status: "inactive" });

    const active = (await (
      await call("GET", "/preapproval_plan/search?status=active")
    ).json()) as Schemas["PlanSearchResult"];
    expect(active.paging.total).toBe(2);
    expect(active.results.map((p) => p.reason).sort()).toEqual(["Gold", "Silver"]);

    const text = (await (await call("GET", "/preapproval_plan/search?q=silv")).json()) as Schemas["PlanSearchResult"];
    expect(text.results.map((p) => p.reason)).toEqual(["Silver"]);

    const page = (await (
      await call("GET", "/preapproval_plan/search?limit=1&offset=1")
    ).json()) as Schemas["PlanSearchResult"];
    expect(page.paging).toEqual({ total: 3, limit: 1, offset: 1 });
    expect(page.results).toHaveLength(1);

    const theirs = (await (
      await call("GET", "/preapproval_plan/search", undefined, OTHER_SELLER)
    ).json()) as Schemas["PlanSearchResult"];
    expect(theirs.paging.total).toBe(0);
  });

  it("validates the request: spec rules and whole-unit currencies", async () => {
    const missing = await call("POST", "/preapproval_plan/", { reason: "x", back_url: "https://a.example" });
    expect(missing.status).toBe(400);
    const clp = await call("POST", "/preapproval_plan/", {
      ...PLAN,
      auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 10.5, currency_id: "CLP" },
    });
    expect(clp.status).toBe(400);
    expect((await clp.json()).cause[0].data).toBe("auto_recurring.transaction_amount");
  });
});
