// admin.plans.*: the provider's subscription plans. Reads are open to viewers; creating, editing and
// (de)activating need an operator. Each procedure validates with the contracts' schemas and calls one domain function.
import {
  adminPlanSchema,
  planCreateInputSchema,
  planIdInputSchema,
  planSearchInputSchema,
  planSearchOutputSchema,
  planStatusInputSchema,
  planUpdateInputSchema,
} from "@cobro/contracts";
import {
  createAdminPlan,
  getAdminPlan,
  searchAdminPlans,
  setAdminPlanStatus,
  updateAdminPlan,
} from "../../domain/subscriptions/admin-plans";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

export const adminPlansRouter = router({
  search: viewerProcedure
    .input(planSearchInputSchema)
    .output(planSearchOutputSchema)
    .query(({ ctx, input }) => searchAdminPlans({ deps: ctx.deps, ...input })),

  get: viewerProcedure
    .input(planIdInputSchema)
    .output(adminPlanSchema)
    .query(({ ctx, input }) => getAdminPlan({ deps: ctx.deps, planId: input.planId, account: input.account })),

  create: operatorProcedure
    .input(planCreateInputSchema)
    .output(adminPlanSchema)
    .mutation(({ ctx, input }) => createAdminPlan({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  update: operatorProcedure
    .input(planUpdateInputSchema)
    .output(adminPlanSchema)
    .mutation(({ ctx, input }) => updateAdminPlan({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  setStatus: operatorProcedure
    .input(planStatusInputSchema)
    .output(adminPlanSchema)
    .mutation(({ ctx, input }) =>
      setAdminPlanStatus({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        planId: input.planId,
        status: input.status,
        account: input.account,
      }),
    ),
});
