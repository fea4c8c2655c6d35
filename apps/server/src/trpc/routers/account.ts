// The signed-in shopper's own things: orders, saved cards, subscriptions.
// Every procedure is protected and acts on `ctx.user` only.

import {
  cardAddInputSchema,
  cardRemoveInputSchema,
  ordersInputSchema,
  ordersOutputSchema,
  savedCardSchema,
  subscriptionChargeSchema,
  subscriptionIdInputSchema,
  subscriptionSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { addSavedCard } from "../../domain/shopper-account/add-saved-card";
import { listOrders } from "../../domain/shopper-account/list-orders";
import { listSavedCards } from "../../domain/shopper-account/list-saved-cards";
import { removeSavedCard } from "../../domain/shopper-account/remove-saved-card";
import { changeSubscriptionStatus } from "../../domain/subscriptions/change-subscription-status";
import { listSubscriptionCharges } from "../../domain/subscriptions/list-subscription-charges";
import { listUserSubscriptions } from "../../domain/subscriptions/list-user-subscriptions";
import { protectedProcedure, router } from "../trpc";

const cardsRouter = router({
  list: protectedProcedure
    .input(z.void())
    .output(z.array(savedCardSchema))
    .query(({ ctx }) => listSavedCards({ deps: ctx.deps, userId: ctx.user.id })),

  add: protectedProcedure
    .input(cardAddInputSchema)
    .output(savedCardSchema)
    .mutation(({ ctx, input }) => addSavedCard({ deps: ctx.deps, userId: ctx.user.id, cardToken: input.cardToken })),

  remove: protectedProcedure
    .input(cardRemoveInputSchema)
    .output(z.object({ removed: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await removeSavedCard({ deps: ctx.deps, userId: ctx.user.id, cardId: input.cardId });
      return { removed: true as const };
    }),
});

const subscriptionsRouter = router({
  list: protectedProcedure
    .input(z.void())
    .output(z.array(subscriptionSchema))
    .query(({ ctx }) => listUserSubscriptions({ db: ctx.deps.db, userId: ctx.user.id })),

  /** The charges of one of the shopper's own subscriptions, with the payment each produced. */
  charges: protectedProcedure
    .input(subscriptionIdInputSchema)
    .output(z.array(subscriptionChargeSchema))
    .query(({ ctx, input }) =>
      listSubscriptionCharges({ deps: ctx.deps, userId: ctx.user.id, subscriptionId: input.id }),
    ),

  pause: protectedProcedure
    .input(subscriptionIdInputSchema)
    .output(subscriptionSchema)
    .mutation(({ ctx, input }) =>
      changeSubscriptionStatus({ deps: ctx.deps, userId: ctx.user.id, subscriptionId: input.id, action: "pause" }),
    ),

  resume: protectedProcedure
    .input(subscriptionIdInputSchema)
    .output(subscriptionSchema)
    .mutation(({ ctx, input }) =>
      changeSubscriptionStatus({ deps: ctx.deps, userId: ctx.user.id, subscriptionId: input.id, action: "resume" }),
    ),

  cancel: protectedProcedure
    .input(subscriptionIdInputSchema)
    .output(subscriptionSchema)
    .mutation(({ ctx, input }) =>
      changeSubscriptionStatus({ deps: ctx.deps, userId: ctx.user.id, subscriptionId: input.id, action: "cancel" }),
    ),
});

export const accountRouter = router({
  orders: protectedProcedure
    .input(ordersInputSchema)
    .output(ordersOutputSchema)
    .query(({ ctx, input }) =>
      listOrders({ db: ctx.deps.db, userId: ctx.user.id, limit: input.limit, cursor: input.cursor ?? null }),
    ),
  cards: cardsRouter,
  subscriptions: subscriptionsRouter,
});
