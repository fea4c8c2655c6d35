// The console's payments area (`admin.payments.*`). Reads are open to viewers and read only the local mirror;
// money actions and provider calls need an operator. Each procedure validates with the contracts' schemas and
// calls one domain function.
import {
  cancelPaymentInputSchema,
  capturePaymentInputSchema,
  paymentActionResultSchema,
  paymentDetailSchema,
  paymentIdInputSchema,
  paymentListInputSchema,
  paymentListOutputSchema,
  paymentSyncStatusSchema,
  refundPaymentInputSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { cancelPayment } from "../../domain/payments/cancel-payment";
import { capturePayment } from "../../domain/payments/capture-payment";
import { getPaymentDetail } from "../../domain/payments/get-payment-detail";
import { getPaymentSnapshot } from "../../domain/payments/get-payment-snapshot";
import { listPayments } from "../../domain/payments/list-payments";
import { readPaymentsSyncStatus } from "../../domain/payments/read-payments-sync-status";
import { refreshPayment } from "../../domain/payments/refresh-payment";
import { refundPayment } from "../../domain/payments/refund-payment";
import { requestPaymentsSync } from "../../domain/payments/request-payments-sync";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

/** Refund statuses (the provider's) and action statuses (ours) that mean nothing was done. */
const REFUSED_STATUSES = new Set(["failed", "rejected", "cancelled"]);

function actionResult(status: string, paymentStatus: string | null) {
  const outcome = status === "unknown" ? "unknown" : REFUSED_STATUSES.has(status) ? "refused" : "done";
  return { status, outcome: outcome as "done" | "refused" | "unknown", paymentStatus };
}

export const adminPaymentsRouter = router({
  list: viewerProcedure
    .input(paymentListInputSchema)
    .output(paymentListOutputSchema)
    .query(({ ctx, input }) =>
      listPayments({ db: ctx.deps.db, filters: input.filters, cursor: input.cursor ?? null, limit: input.limit }),
    ),

  get: viewerProcedure
    .input(paymentIdInputSchema)
    .output(paymentDetailSchema)
    .query(({ ctx, input }) => getPaymentDetail({ deps: ctx.deps, providerPaymentId: input.providerPaymentId })),

  raw: viewerProcedure
    .input(paymentIdInputSchema)
    .output(z.object({ snapshot: z.unknown() }))
    .query(async ({ ctx, input }) => ({
      snapshot: await getPaymentSnapshot({ deps: ctx.deps, providerPaymentId: input.providerPaymentId }),
    })),

  refresh: operatorProcedure
    .input(paymentIdInputSchema)
    .output(z.object({ outcome: z.string(), status: z.string() }))
    .mutation(({ ctx, input }) => refreshPayment({ deps: ctx.deps, providerPaymentId: input.providerPaymentId })),

  refund: operatorProcedure
    .input(refundPaymentInputSchema)
    .output(paymentActionResultSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await refundPayment({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        providerPaymentId: input.providerPaymentId,
        ...(input.amountMinor !== undefined ? { amountMinor: input.amountMinor } : {}),
        reason: input.reason,
        note: input.note || null,
        idempotencyKey: input.idempotencyKey,
      });
      return actionResult(outcome.status, null);
    }),

  capture: operatorProcedure
    .input(capturePaymentInputSchema)
    .output(paymentActionResultSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await capturePayment({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        providerPaymentId: input.providerPaymentId,
        ...(input.amountMinor !== undefined ? { amountMinor: input.amountMinor } : {}),
        idempotencyKey: input.idempotencyKey,
      });
      return actionResult(outcome.status, outcome.paymentStatus);
    }),

  cancel: operatorProcedure
    .input(cancelPaymentInputSchema)
    .output(paymentActionResultSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await cancelPayment({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        providerPaymentId: input.providerPaymentId,
        note: input.note || null,
        idempotencyKey: input.idempotencyKey,
      });
      return actionResult(outcome.status, outcome.paymentStatus);
    }),

  syncNow: operatorProcedure
    .output(z.object({ queued: z.boolean() }))
    .mutation(({ ctx }) => requestPaymentsSync({ deps: ctx.deps })),

  syncStatus: viewerProcedure
    .output(paymentSyncStatusSchema)
    .query(({ ctx }) => readPaymentsSyncStatus({ deps: ctx.deps })),
});
