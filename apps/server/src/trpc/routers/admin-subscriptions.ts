// admin.subscriptions.*: the provider's subscriptions with their plan and charges. Reads are open to viewers;
// pausing, resuming and cancelling need an operator. Each procedure validates with the contracts' schemas and calls
// one domain function.
import {
  adminSubscriptionCreateInputSchema,
  adminSubscriptionDetailSchema,
  adminSubscriptionIdInputSchema,
  chargeSearchInputSchema,
  chargeSearchOutputSchema,
  subscriptionActionInputSchema,
  subscriptionChangeInputSchema,
  subscriptionRequestOutcomeSchema,
  subscriptionSearchInputSchema,
  subscriptionSearchOutputSchema,
} from "@cobro/contracts";
import {
  changeAdminSubscriptionStatus,
  getAdminSubscription,
  searchAdminCharges,
  searchAdminSubscriptions,
} from "../../domain/subscriptions/admin-subscriptions";
import { changeAdminSubscription, createAdminSubscription } from "../../domain/subscriptions/subscription-requests";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

export const adminSubscriptionsRouter = router({
  search: viewerProcedure
    .input(subscriptionSearchInputSchema)
    .output(subscriptionSearchOutputSchema)
    .query(({ ctx, input }) => searchAdminSubscriptions({ deps: ctx.deps, ...input })),

  get: viewerProcedure
    .input(adminSubscriptionIdInputSchema)
    .output(adminSubscriptionDetailSchema)
    .query(({ ctx, input }) =>
      getAdminSubscription({ deps: ctx.deps, subscriptionId: input.subscriptionId, account: input.account }),
    ),

  charges: viewerProcedure
    .input(chargeSearchInputSchema)
    .output(chargeSearchOutputSchema)
    .query(({ ctx, input }) => searchAdminCharges({ deps: ctx.deps, ...input })),

  changeStatus: operatorProcedure
    .input(subscriptionActionInputSchema)
    .output(adminSubscriptionDetailSchema)
    .mutation(({ ctx, input }) =>
      changeAdminSubscriptionStatus({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        subscriptionId: input.subscriptionId,
        action: input.action,
        account: input.account,
      }),
    ),

  /** Changes the amount or the card on file (moves money from the next charge on): one key per dialog. */
  change: operatorProcedure
    .input(subscriptionChangeInputSchema)
    .output(subscriptionRequestOutcomeSchema)
    .mutation(({ ctx, input }) => changeAdminSubscription({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  /** A subscription without a plan, charged on the payer's card: one key per dialog. */
  create: operatorProcedure
    .input(adminSubscriptionCreateInputSchema)
    .output(subscriptionRequestOutcomeSchema)
    .mutation(({ ctx, input }) => createAdminSubscription({ deps: ctx.deps, actorUserId: ctx.user.id, input })),
});
