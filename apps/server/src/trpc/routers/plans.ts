// Subscription plans on offer (the provider's active plans).

import { planGetInputSchema, planSchema } from "@cobro/contracts";
import { z } from "zod";
import { getPlan } from "../../domain/subscriptions/get-plan";
import { listPlans } from "../../domain/subscriptions/list-plans";
import { publicProcedure, router } from "../trpc";

export const plansRouter = router({
  list: publicProcedure
    .input(z.void())
    .output(z.array(planSchema))
    .query(({ ctx }) => listPlans({ deps: ctx.deps })),

  get: publicProcedure
    .input(planGetInputSchema)
    .output(planSchema)
    .query(({ ctx, input }) => getPlan({ deps: ctx.deps, planId: input.id })),
});
