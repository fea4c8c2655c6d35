// admin.disputes.*: the console's Disputes area. Reads are open to viewers; sending evidence to the provider needs
// an operator. Each procedure validates with the contracts' schemas and calls one domain function.
import {
  chargebackDetailSchema,
  chargebackIdInputSchema,
  chargebackListInputSchema,
  chargebackListOutputSchema,
  claimIdInputSchema,
  claimListInputSchema,
  claimListOutputSchema,
  claimSummarySchema,
  uploadEvidenceInputSchema,
  uploadEvidenceResultSchema,
} from "@cobro/contracts";
import { getChargebackDetail, listChargebacks } from "../../domain/disputes/list-chargebacks";
import { getClaim, listClaims } from "../../domain/disputes/list-claims";
import { uploadChargebackEvidence } from "../../domain/disputes/upload-chargeback-evidence";
import { operatorProcedure, router, viewerProcedure } from "../trpc";

export const adminDisputesRouter = router({
  list: viewerProcedure
    .input(chargebackListInputSchema)
    .output(chargebackListOutputSchema)
    .query(({ ctx, input }) => listChargebacks({ db: ctx.deps.db, now: ctx.deps.now(), filters: input })),

  get: viewerProcedure
    .input(chargebackIdInputSchema)
    .output(chargebackDetailSchema)
    .query(({ ctx, input }) => getChargebackDetail({ deps: ctx.deps, chargebackId: input.chargebackId })),

  uploadEvidence: operatorProcedure
    .input(uploadEvidenceInputSchema)
    .output(uploadEvidenceResultSchema)
    .mutation(({ ctx, input }) => uploadChargebackEvidence({ deps: ctx.deps, actorUserId: ctx.user.id, input })),

  claims: viewerProcedure
    .input(claimListInputSchema)
    .output(claimListOutputSchema)
    .query(({ ctx, input }) => listClaims({ deps: ctx.deps, filters: input })),

  claim: viewerProcedure
    .input(claimIdInputSchema)
    .output(claimSummarySchema)
    .query(({ ctx, input }) => getClaim({ deps: ctx.deps, claimId: input.claimId })),
});
