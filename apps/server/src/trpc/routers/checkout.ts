// Checkout: the payer form's data (document types, payment methods), creating
// a checkout from product ids, paying it (card token, hosted Checkout Pro, Pix
// or cash voucher) and reading its result. Every procedure is public: guests
// prove access with the checkout token, signed-in shoppers by owning the checkout.

import {
  checkoutCreateInputSchema,
  checkoutCreateOutputSchema,
  checkoutPaymentAccountInputSchema,
  checkoutPaymentAccountSchema,
  checkoutReplaceInputSchema,
  checkoutResultInputSchema,
  checkoutResultSchema,
  createPreferenceInputSchema,
  createPreferenceOutputSchema,
  identificationTypeSchema,
  linkResultInputSchema,
  linkResultSchema,
  paymentMethodSchema,
  payOfflineInputSchema,
  payWithCardInputSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { createCheckout } from "../../domain/checkout/create-checkout";
import { createCheckoutPreference } from "../../domain/checkout/create-checkout-preference";
import { getCheckoutPaymentAccount } from "../../domain/checkout/get-checkout-payment-account";
import { getCheckoutResult } from "../../domain/checkout/get-checkout-result";
import { listIdentificationTypes } from "../../domain/checkout/list-identification-types";
import { listPaymentMethods } from "../../domain/checkout/list-payment-methods";
import { payOffline } from "../../domain/checkout/pay-offline";
import { payWithCard } from "../../domain/checkout/pay-with-card";
import { replaceCheckout } from "../../domain/checkout/replace-checkout";
import { readLinkResult } from "../../domain/links/read-link-result";
import { LINK_RESULTS_PER_IP } from "../../rate-limits/rules";
import { publicProcedure, rateLimitPerIp, router } from "../trpc";

export const checkoutRouter = router({
  identificationTypes: publicProcedure
    .input(z.void())
    .output(z.array(identificationTypeSchema))
    .query(({ ctx }) => listIdentificationTypes({ deps: ctx.deps })),

  paymentMethods: publicProcedure
    .input(z.void())
    .output(z.array(paymentMethodSchema))
    .query(({ ctx }) => listPaymentMethods({ deps: ctx.deps })),

  create: publicProcedure
    .input(checkoutCreateInputSchema)
    .output(checkoutCreateOutputSchema)
    .mutation(({ ctx, input }) =>
      createCheckout({ db: ctx.deps.db, userId: ctx.user?.id ?? null, ...input, now: ctx.deps.now() }),
    ),

  /** After a declined or cancelled payment: a new checkout for the same order (replace-checkout.ts). */
  replace: publicProcedure
    .input(checkoutReplaceInputSchema)
    .output(checkoutCreateOutputSchema)
    .mutation(({ ctx, input }) => replaceCheckout({ deps: ctx.deps, userId: ctx.user?.id ?? null, input })),

  /** The public key the card fields must use for this checkout, and whether saved cards may be offered. */
  paymentAccount: publicProcedure
    .input(checkoutPaymentAccountInputSchema)
    .output(checkoutPaymentAccountSchema)
    .query(({ ctx, input }) => getCheckoutPaymentAccount({ deps: ctx.deps, userId: ctx.user?.id ?? null, input })),

  payWithCard: publicProcedure
    .input(payWithCardInputSchema)
    .output(checkoutResultSchema)
    .mutation(({ ctx, input }) => payWithCard({ deps: ctx.deps, userId: ctx.user?.id ?? null, input })),

  createPreference: publicProcedure
    .input(createPreferenceInputSchema)
    .output(createPreferenceOutputSchema)
    .mutation(({ ctx, input }) => createCheckoutPreference({ deps: ctx.deps, userId: ctx.user?.id ?? null, input })),

  payOffline: publicProcedure
    .input(payOfflineInputSchema)
    .output(checkoutResultSchema)
    .mutation(({ ctx, input }) => payOffline({ deps: ctx.deps, userId: ctx.user?.id ?? null, input })),

  result: publicProcedure
    .input(checkoutResultInputSchema)
    .output(checkoutResultSchema)
    .query(({ ctx, input }) => getCheckoutResult({ deps: ctx.deps, userId: ctx.user?.id ?? null, input })),

  /** The thank-you page of a payment link: the payment as the provider has it, if it paid a link Cobro made. */
  linkResult: publicProcedure
    .use(rateLimitPerIp(LINK_RESULTS_PER_IP))
    .input(linkResultInputSchema)
    .output(linkResultSchema)
    .query(({ ctx, input }) => readLinkResult({ deps: ctx.deps, input })),
});
