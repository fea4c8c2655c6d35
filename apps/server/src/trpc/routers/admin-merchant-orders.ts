// admin.merchantOrders.*: the console's merchant orders. Reads are open to viewers; provider calls that change anything need an
// operator. Each procedure validates with the contracts' schemas and calls one domain function.
import {
  createMerchantOrderInputSchema,
  merchantOrderDetailSchema,
  merchantOrderIdInputSchema,
  merchantOrderSearchInputSchema,
  merchantOrderSearchOutputSchema,
  merchantOrderWriteResultSchema,
  updateMerchantOrderInputSchema,
} from "@cobro/contracts";
import { createMerchantOrder } from "../../domain/merchant-orders/create-merchant-order";
import { getMerchantOrderDetail } from "../../domain/merchant-orders/get-merchant-order-detail";
import { searchMerchantOrders } from "../../domain/merchant-orders/search-merchant-orders";
import { updateMerchantOrder } from "../../domain/merchant-orders/update-merchant-order";
import { accountIdOfScope } from "../../provider/account-scope";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

export const adminMerchantOrdersRouter = router({
  search: viewerProcedure
    .input(merchantOrderSearchInputSchema)
    .output(merchantOrderSearchOutputSchema)
    .query(({ ctx, input }) =>
      searchMerchantOrders({ deps: ctx.deps, accountId: accountIdOfScope(input.account), filters: input }),
    ),

  get: viewerProcedure
    .input(merchantOrderIdInputSchema)
    .output(merchantOrderDetailSchema)
    .query(({ ctx, input }) =>
      getMerchantOrderDetail({
        deps: ctx.deps,
        merchantOrderId: input.merchantOrderId,
        accountId: accountIdOfScope(input.account),
      }),
    ),

  create: operatorProcedure
    .input(createMerchantOrderInputSchema)
    .output(merchantOrderWriteResultSchema)
    .mutation(({ ctx, input }) => createMerchantOrder({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  update: operatorProcedure
    .input(updateMerchantOrderInputSchema)
    .output(merchantOrderWriteResultSchema)
    .mutation(({ ctx, input }) => updateMerchantOrder({ deps: ctx.deps, actorUserId: ctx.user.id, input })),
});
