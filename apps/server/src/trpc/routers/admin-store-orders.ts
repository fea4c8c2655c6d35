// admin.storeOrders.*: the shop's orders (its checkouts) in the console. Viewers read; resending a shopper's receipt
// needs an operator. Each procedure validates with the contracts' schemas and calls one domain function.
import {
  storeBuyerInputSchema,
  storeBuyerSummarySchema,
  storeGuestListInputSchema,
  storeGuestListOutputSchema,
  storeOrderDetailSchema,
  storeOrderIdInputSchema,
  storeOrderListInputSchema,
  storeOrderListOutputSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { getBuyerSummary } from "../../domain/store-orders/get-buyer-summary";
import { getStoreOrder } from "../../domain/store-orders/get-store-order";
import { listGuestBuyers } from "../../domain/store-orders/list-guest-buyers";
import { listStoreOrders } from "../../domain/store-orders/list-store-orders";
import { resendReceipt } from "../../domain/store-orders/resend-receipt";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

export const adminStoreOrdersRouter = router({
  list: viewerProcedure
    .input(storeOrderListInputSchema)
    .output(storeOrderListOutputSchema)
    .query(({ ctx, input }) =>
      listStoreOrders({ db: ctx.deps.db, filters: input.filters, cursor: input.cursor ?? null, limit: input.limit }),
    ),

  get: viewerProcedure
    .input(storeOrderIdInputSchema)
    .output(storeOrderDetailSchema)
    .query(({ ctx, input }) => getStoreOrder({ db: ctx.deps.db, checkoutId: input.checkoutId })),

  buyer: viewerProcedure
    .input(storeBuyerInputSchema)
    .output(storeBuyerSummarySchema)
    .query(({ ctx, input }) => getBuyerSummary({ db: ctx.deps.db, email: input.email })),

  guests: viewerProcedure
    .input(storeGuestListInputSchema)
    .output(storeGuestListOutputSchema)
    .query(({ ctx, input }) => listGuestBuyers({ db: ctx.deps.db, cursor: input.cursor ?? null, limit: input.limit })),

  resendReceipt: operatorProcedure
    .input(storeOrderIdInputSchema.extend({ idempotencyKey: z.uuid("Invalid idempotency key") }))
    .output(z.object({ queued: z.boolean(), to: z.string().nullable() }))
    .mutation(({ ctx, input }) =>
      resendReceipt({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        checkoutId: input.checkoutId,
        idempotencyKey: input.idempotencyKey,
      }),
    ),
});
