// Subscription plans (`/preapproval_plan`, docs/provider-facts.md §4.8). Classic errors.
// A plan is a template: subscriptions created with its `preapproval_plan_id`
// copy its reason and `auto_recurring` (see `subscriptions.ts`).

import type { RegisterRoutes, SandboxContext, Seller } from "../context";
import { badField, notFound } from "../core/errors";
import { hex32 } from "../core/ids";
import type { Schemas } from "../schemas";
import { checkWholeAmount, pageOf, queryInt, sortByDate } from "./subscriptions-common";

export type Plan = Schemas["Plan"];

const COLLECTION = "preapproval_plans";

function plans(ctx: SandboxContext, seller: Seller) {
  return ctx.store.collection<Plan>(seller.userId, COLLECTION);
}

/** A seller's plan, or the classic 404 (also for another seller's plan). */
export function findPlan(ctx: SandboxContext, seller: Seller, planId: string): Plan {
  const plan = plans(ctx, seller).get(planId);
  if (!plan) throw notFound("preapproval_plan", planId);
  return plan;
}

function notifyPlan(ctx: SandboxContext, seller: Seller, plan: Plan, action: "created" | "updated"): void {
  ctx.webhooks.notify({ sellerUserId: seller.userId, topic: "subscription_preapproval_plan", action, dataId: plan.id });
}

/**
 * Creates a plan (POST /preapproval_plan/), `active` unless the body says
 * otherwise, owned by the application the access token was issued to.
 */
export function createPlan(
  ctx: SandboxContext,
  seller: Seller,
  body: Schemas["PlanRequest"],
  applicationId: number,
): Plan {
  checkWholeAmount(
    body.auto_recurring.currency_id,
    body.auto_recurring.transaction_amount,
    "auto_recurring.transaction_amount",
  );
  if (body.auto_recurring.billing_day !== undefined && body.auto_recurring.frequency_type !== "months") {
    throw badField("auto_recurring.billing_day", "billing_day is only allowed for monthly plans");
  }
  const id = hex32();
  const now = ctx.clock.nowIso();
  const plan: Plan = {
    id,
    status: body.status ?? "active",
    reason: body.reason,
    auto_recurring: structuredClone(body.auto_recurring),
    back_url: body.back_url,
    external_reference: body.external_reference ?? null,
    init_point: `${ctx.config.publicUrl}/subscriptions/checkout?preapproval_plan_id=${id}`,
    collector_id: seller.userId,
    // provider: every plan answers the numeric id of the token's application (FIDELITY.md, Corrections).
    application_id: applicationId,
    date_created: now,
    last_modified: now,
  };
  if (body.payment_methods_allowed) plan.payment_methods_allowed = structuredClone(body.payment_methods_allowed);
  plans(ctx, seller).put(id, plan);
  notifyPlan(ctx, seller, plan, "created");
  return structuredClone(plan);
}

/** Changes a plan (PUT /preapproval_plan/{id}); `auto_recurring` is merged field by field. */
export function updatePlan(
  ctx: SandboxContext,
  seller: Seller,
  planId: string,
  body: Schemas["PlanUpdateRequest"],
): Plan {
  const plan = findPlan(ctx, seller, planId);
  if (body.auto_recurring) {
    const merged = {
      ...(plan.auto_recurring ?? { frequency: 1, frequency_type: "months", currency_id: "ARS" }),
      ...body.auto_recurring,
    };
    checkWholeAmount(merged.currency_id, merged.transaction_amount, "auto_recurring.transaction_amount");
    plan.auto_recurring = merged as Schemas["PlanAutoRecurring"];
  }
  if (body.reason !== undefined) plan.reason = body.reason;
  if (body.back_url !== undefined) plan.back_url = body.back_url;
  if (body.external_reference !== undefined) plan.external_reference = body.external_reference;
  if (body.payment_methods_allowed !== undefined)
    plan.payment_methods_allowed = structuredClone(body.payment_methods_allowed);
  if (body.status !== undefined) plan.status = body.status;
  plan.last_modified = ctx.clock.nowIso();
  plans(ctx, seller).put(plan.id, plan);
  notifyPlan(ctx, seller, plan, "updated");
  return structuredClone(plan);
}

/** Searches a seller's plans by `status` and free text `q` (reason, id, external reference). */
export function searchPlans(
  ctx: SandboxContext,
  seller: Seller,
  query: { status?: string; q?: string; sort?: string; criteria?: string; limit: number; offset: number },
): Schemas["PlanSearchResult"] {
  const q = query.q?.toLowerCase();
  const found = plans(ctx, seller)
    .list()
    .filter((p) => (query.status ? p.status === query.status : true))
    .filter((p) =>
      q ? [p.id, p.reason ?? "", p.external_reference ?? ""].some((text) => text.toLowerCase().includes(q)) : true,
    );
  const sorted = sortByDate(found, query.sort ?? "date_created", query.criteria === "asc" ? "asc" : "desc");
  return pageOf(sorted, query.limit, query.offset);
}

/** Routes of the `plans` group: create, get, update and search. */
export const registerPlansRoutes: RegisterRoutes = (app, ctx) => {
  app.post("/preapproval_plan/", (c) =>
    c.json(createPlan(ctx, c.get("seller"), c.get("jsonBody") as Schemas["PlanRequest"], c.get("applicationId")), 201),
  );

  // Registered before `/:id` so that `search` is never taken for a plan id.
  app.get("/preapproval_plan/search", (c) => {
    const result = searchPlans(ctx, c.get("seller"), {
      status: c.req.query("status"),
      q: c.req.query("q"),
      sort: c.req.query("sort"),
      criteria: c.req.query("criteria"),
      limit: queryInt(c.req.query("limit"), 30),
      offset: queryInt(c.req.query("offset"), 0),
    });
    return c.json(result, 200);
  });

  app.get("/preapproval_plan/:id", (c) =>
    c.json(structuredClone(findPlan(ctx, c.get("seller"), c.req.param("id"))), 200),
  );

  app.put("/preapproval_plan/:id", (c) =>
    c.json(updatePlan(ctx, c.get("seller"), c.req.param("id"), c.get("jsonBody") as Schemas["PlanUpdateRequest"]), 200),
  );
};
