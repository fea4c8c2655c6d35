// admin.customers.*: the console's customers and their saved cards. Reads are open to viewers; provider calls that change anything need an
// operator. Each procedure validates with the contracts' schemas and calls one domain function.
import {
  adminCustomerDetailSchema,
  customerCardAddInputSchema,
  customerCardIdInputSchema,
  customerCardUpdateInputSchema,
  customerCreateInputSchema,
  customerDeleteOutputSchema,
  customerIdInputSchema,
  customerSearchInputSchema,
  customerSearchOutputSchema,
  customerUpdateInputSchema,
  savedCardSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { createCustomer } from "../../domain/customers/create-customer";
import { addCustomerCard, deleteCustomerCard, updateCustomerCard } from "../../domain/customers/customer-cards";
import { deleteCustomer } from "../../domain/customers/delete-customer";
import { getCustomer } from "../../domain/customers/get-customer";
import { searchCustomers } from "../../domain/customers/search-customers";
import { updateCustomer } from "../../domain/customers/update-customer";
import { accountIdOfScope } from "../../provider/account-scope";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

export const adminCustomersRouter = router({
  search: viewerProcedure
    .input(customerSearchInputSchema)
    .output(customerSearchOutputSchema)
    .query(({ ctx, input }) =>
      searchCustomers({
        deps: ctx.deps,
        accountId: accountIdOfScope(input.account),
        email: input.email,
        offset: input.offset,
        limit: input.limit,
      }),
    ),

  get: viewerProcedure
    .input(customerIdInputSchema)
    .output(adminCustomerDetailSchema)
    .query(({ ctx, input }) =>
      getCustomer({ deps: ctx.deps, customerId: input.customerId, accountId: accountIdOfScope(input.account) }),
    ),

  create: operatorProcedure
    .input(customerCreateInputSchema)
    .output(adminCustomerDetailSchema)
    .mutation(({ ctx, input }) => createCustomer({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  update: operatorProcedure
    .input(customerUpdateInputSchema)
    .output(adminCustomerDetailSchema)
    .mutation(({ ctx, input }) => updateCustomer({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  delete: operatorProcedure
    .input(customerIdInputSchema)
    .output(customerDeleteOutputSchema)
    .mutation(({ ctx, input }) =>
      deleteCustomer({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        customerId: input.customerId,
        account: input.account,
      }),
    ),

  addCard: operatorProcedure
    .input(customerCardAddInputSchema)
    .output(savedCardSchema)
    .mutation(({ ctx, input }) =>
      addCustomerCard({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        customerId: input.customerId,
        cardToken: input.cardToken,
        idempotencyKey: input.idempotencyKey,
        account: input.account,
      }),
    ),

  updateCard: operatorProcedure
    .input(customerCardUpdateInputSchema)
    .output(savedCardSchema)
    .mutation(({ ctx, input }) => updateCustomerCard({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  deleteCard: operatorProcedure
    .input(customerCardIdInputSchema)
    .output(z.object({ cardId: z.string() }))
    .mutation(({ ctx, input }) =>
      deleteCustomerCard({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        customerId: input.customerId,
        cardId: input.cardId,
        account: input.account,
      }),
    ),
});
