// admin.orders.*: the console's orders (the Orders API; the virtual terminal). Reads are open to viewers and read
// only Cobro's own table; provider calls that change anything need an operator. Each procedure validates with
// the contracts' schemas and calls one domain function.
import {
  addOrderTransactionInputSchema,
  createOrderInputSchema,
  deleteOrderTransactionInputSchema,
  orderActionInputSchema,
  orderDetailSchema,
  orderIdInputSchema,
  orderListInputSchema,
  orderListOutputSchema,
  orderOutcomeSchema,
  refundOrderInputSchema,
  updateOrderTransactionInputSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { createOrder } from "../../domain/orders/create-order";
import { getOrderDetail } from "../../domain/orders/get-order-detail";
import { listOrders } from "../../domain/orders/list-orders";
import {
  addOrderTransaction,
  cancelOrder,
  captureOrder,
  deleteOrderTransaction,
  type OrderActionOutcome,
  processOrder,
  refreshOrder,
  refundOrder,
  updateOrderTransaction,
} from "../../domain/orders/order-actions";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

function actionResult(orderId: string, outcome: OrderActionOutcome) {
  return { orderId, outcome: outcome.outcome, status: outcome.status, statusDetail: outcome.statusDetail };
}

export const adminOrdersRouter = router({
  list: viewerProcedure
    .input(orderListInputSchema)
    .output(orderListOutputSchema)
    .query(({ ctx, input }) =>
      listOrders({ db: ctx.deps.db, filters: input.filters, cursor: input.cursor ?? null, limit: input.limit }),
    ),

  get: viewerProcedure
    .input(orderIdInputSchema)
    .output(orderDetailSchema)
    .query(({ ctx, input }) => getOrderDetail({ deps: ctx.deps, orderId: input.orderId })),

  refresh: operatorProcedure
    .input(orderIdInputSchema)
    .output(z.object({ status: z.string().nullable() }))
    .mutation(({ ctx, input }) => refreshOrder({ deps: ctx.deps, orderId: input.orderId, actorUserId: ctx.user.id })),

  create: operatorProcedure
    .input(createOrderInputSchema)
    .output(orderOutcomeSchema)
    .mutation(({ ctx, input }) => createOrder({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  process: operatorProcedure
    .input(orderActionInputSchema)
    .output(orderOutcomeSchema)
    .mutation(async ({ ctx, input }) =>
      actionResult(input.orderId, await processOrder({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),
    ),

  capture: operatorProcedure
    .input(orderActionInputSchema)
    .output(orderOutcomeSchema)
    .mutation(async ({ ctx, input }) =>
      actionResult(input.orderId, await captureOrder({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),
    ),

  cancel: operatorProcedure
    .input(orderActionInputSchema)
    .output(orderOutcomeSchema)
    .mutation(async ({ ctx, input }) =>
      actionResult(input.orderId, await cancelOrder({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),
    ),

  refund: operatorProcedure
    .input(refundOrderInputSchema)
    .output(orderOutcomeSchema)
    .mutation(async ({ ctx, input }) =>
      actionResult(input.orderId, await refundOrder({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),
    ),

  addTransaction: operatorProcedure
    .input(addOrderTransactionInputSchema)
    .output(orderOutcomeSchema)
    .mutation(async ({ ctx, input }) =>
      actionResult(input.orderId, await addOrderTransaction({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),
    ),

  updateTransaction: operatorProcedure
    .input(updateOrderTransactionInputSchema)
    .output(orderOutcomeSchema)
    .mutation(async ({ ctx, input }) =>
      actionResult(input.orderId, await updateOrderTransaction({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),
    ),

  deleteTransaction: operatorProcedure
    .input(deleteOrderTransactionInputSchema)
    .output(orderOutcomeSchema)
    .mutation(async ({ ctx, input }) =>
      actionResult(input.orderId, await deleteOrderTransaction({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),
    ),
});
