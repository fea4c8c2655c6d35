// Subscribing to a plan (signed-in shoppers only). Managing them lives under account.subscriptions.
import { subscriptionCreateInputSchema, subscriptionCreateOutputSchema } from "@cobro/contracts";
import { createSubscription } from "../../domain/subscriptions/create-subscription";
import { protectedProcedure, router } from "../trpc";

export const subscriptionsRouter = router({
  create: protectedProcedure
    .input(subscriptionCreateInputSchema)
    .output(subscriptionCreateOutputSchema)
    .mutation(({ ctx, input }) => createSubscription({ deps: ctx.deps, userId: ctx.user.id, input })),
});
