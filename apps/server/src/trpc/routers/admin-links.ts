// admin.links.*: the console's payment links (checkout preferences). Reads are open to viewers; provider calls that change anything need an
// operator. Each procedure validates with the contracts' schemas and calls one domain function.
import {
  createLinkInputSchema,
  createLinkOutputSchema,
  expireLinkInputSchema,
  linkActionOutputSchema,
  linkDetailSchema,
  linkIdInputSchema,
  linkListInputSchema,
  linkListOutputSchema,
  updateLinkInputSchema,
} from "@cobro/contracts";
import { createPaymentLink } from "../../domain/links/create-payment-link";
import { getPaymentLink } from "../../domain/links/get-payment-link";
import { listPaymentLinks } from "../../domain/links/list-payment-links";
import { expirePaymentLink, updatePaymentLink } from "../../domain/links/update-payment-link";
import { accountIdOfScope } from "../../provider/account-scope";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

export const adminLinksRouter = router({
  list: viewerProcedure
    .input(linkListInputSchema)
    .output(linkListOutputSchema)
    .query(({ ctx, input }) =>
      listPaymentLinks({ deps: ctx.deps, accountId: accountIdOfScope(input.account), filters: input }),
    ),

  get: viewerProcedure
    .input(linkIdInputSchema)
    .output(linkDetailSchema)
    .query(({ ctx, input }) =>
      getPaymentLink({ deps: ctx.deps, preferenceId: input.preferenceId, accountId: accountIdOfScope(input.account) }),
    ),

  create: operatorProcedure
    .input(createLinkInputSchema)
    .output(createLinkOutputSchema)
    .mutation(({ ctx, input }) => createPaymentLink({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  update: operatorProcedure
    .input(updateLinkInputSchema)
    .output(linkActionOutputSchema)
    .mutation(({ ctx, input }) => updatePaymentLink({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  expire: operatorProcedure
    .input(expireLinkInputSchema)
    .output(linkActionOutputSchema)
    .mutation(({ ctx, input }) => expirePaymentLink({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),
});
