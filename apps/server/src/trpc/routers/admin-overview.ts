// admin.overview.*: the console's first page (viewers and up). Three queries,
// so each panel loads and fails on its own.
import { OVERVIEW_PERIOD_DAYS, OVERVIEW_PERIODS, overviewFiguresInputSchema } from "@cobro/contracts";
import { z } from "zod";
import { getApprovedVolumeByDay } from "../../domain/overview/get-approved-volume-by-day";
import { getOverviewAttention } from "../../domain/overview/get-overview-attention";
import { getOverviewFigures } from "../../domain/overview/get-overview-figures";
import { router, viewerProcedure } from "../trpc";

const isoDate = z.iso.datetime();

export const adminOverviewRouter = router({
  figures: viewerProcedure
    .input(overviewFiguresInputSchema)
    .output(
      z.object({
        period: z.enum(OVERVIEW_PERIODS),
        since: isoDate,
        currencies: z.array(
          z.object({
            currency: z.string(),
            approvedCount: z.number().int(),
            approvedMinor: z.number().int(),
            refundedMinor: z.number().int(),
            rejectedCount: z.number().int(),
          }),
        ),
        approvedCount: z.number().int(),
        rejectedCount: z.number().int(),
        approvalRate: z.number().min(0).max(1).nullable(),
        declineReasons: z.array(z.object({ statusDetail: z.string(), count: z.number().int() })),
      }),
    )
    .query(async ({ ctx, input }) => {
      const figures = await getOverviewFigures({ db: ctx.deps.db, now: ctx.deps.now(), period: input.period });
      return { ...figures, since: figures.since.toISOString() };
    }),

  // The chart covers the same period as the figures beside it (one point per UTC day).
  volume: viewerProcedure
    .input(overviewFiguresInputSchema)
    .output(
      z.object({
        days: z.array(z.iso.date()),
        series: z.array(z.object({ currency: z.string(), amountsMinor: z.array(z.number().int()) })),
      }),
    )
    .query(({ ctx, input }) =>
      getApprovedVolumeByDay({ db: ctx.deps.db, now: ctx.deps.now(), days: OVERVIEW_PERIOD_DAYS[input.period] }),
    ),

  attention: viewerProcedure
    .output(
      z.object({
        recentPayments: z.array(
          z.object({
            id: z.uuid(),
            providerPaymentId: z.number().int(),
            status: z.string(),
            amountMinor: z.number().int(),
            currency: z.string(),
            createdAt: isoDate,
          }),
        ),
        failedWebhooks: z.object({
          count: z.number().int(),
          items: z.array(
            z.object({
              id: z.uuid(),
              topic: z.string(),
              dataId: z.string().nullable(),
              lastError: z.string().nullable(),
              receivedAt: isoDate,
            }),
          ),
        }),
        lapsingAuthorizations: z.array(
          z.object({
            id: z.uuid(),
            providerPaymentId: z.number().int(),
            amountMinor: z.number().int(),
            currency: z.string(),
            createdAt: isoDate,
            captureDeadline: isoDate,
          }),
        ),
        sync: z.array(
          z.object({
            resource: z.string(),
            cursor: isoDate.nullable(),
            lastStartedAt: isoDate.nullable(),
            lastFinishedAt: isoDate.nullable(),
            lastApplied: z.number().int(),
            lastError: z.string().nullable(),
          }),
        ),
      }),
    )
    .query(async ({ ctx }) => {
      const a = await getOverviewAttention({ db: ctx.deps.db, now: ctx.deps.now() });
      const iso = (date: Date | null) => date?.toISOString() ?? null;
      return {
        recentPayments: a.recentPayments.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
        failedWebhooks: {
          count: a.failedWebhooks.count,
          items: a.failedWebhooks.items.map((w) => ({ ...w, receivedAt: w.receivedAt.toISOString() })),
        },
        lapsingAuthorizations: a.lapsingAuthorizations.map((p) => ({
          ...p,
          createdAt: p.createdAt.toISOString(),
          captureDeadline: p.captureDeadline.toISOString(),
        })),
        sync: a.sync.map((s) => ({
          ...s,
          cursor: iso(s.cursor),
          lastStartedAt: iso(s.lastStartedAt),
          lastFinishedAt: iso(s.lastFinishedAt),
        })),
      };
    }),
});
