// The overview's figures for one period, computed in SQL over the payment
// mirror (payments created since the period's start, by created_at:
// payments_created_at_idx), in minor units per currency:
// - approved: payments whose money was taken (APPROVED_PAYMENT_STATUSES: a
//   later refund or dispute does not un-approve them), their count and volume;
// - refunds: the refunded amount of those payments (`refunded_minor`);
// - approval rate: approved / (approved + rejected), pending ones not decided yet;
// - decline reasons: the status_detail of rejected payments, most frequent first
//   (payments_status_created_at_idx).
import { APPROVED_PAYMENT_STATUSES, type OverviewPeriod } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";
import { periodStart } from "./overview-period";

export interface CurrencyFigures {
  currency: string;
  approvedCount: number;
  approvedMinor: number;
  refundedMinor: number;
  rejectedCount: number;
}

export interface OverviewFigures {
  period: OverviewPeriod;
  since: Date;
  currencies: CurrencyFigures[];
  approvedCount: number;
  rejectedCount: number;
  /** Between 0 and 1; null when nothing was decided in the period. */
  approvalRate: number | null;
  declineReasons: { statusDetail: string; count: number }[];
}

/** How many decline reasons the overview lists. */
export const TOP_DECLINE_REASONS = 5;

export async function getOverviewFigures(options: {
  db: Kysely<DB>;
  now: Date;
  period: OverviewPeriod;
}): Promise<OverviewFigures> {
  const { db, now, period } = options;
  const since = periodStart(period, now);
  const approved = sql.join(APPROVED_PAYMENT_STATUSES.map((status) => sql.lit(status)));
  const currencies = await db
    .selectFrom("payments")
    .select([
      "currency",
      sql<number>`count(*) filter (where status in (${approved}))::int`.as("approved_count"),
      sql<number>`coalesce(sum(amount_minor) filter (where status in (${approved})), 0)::bigint`.as("approved_minor"),
      sql<number>`coalesce(sum(refunded_minor) filter (where status in (${approved})), 0)::bigint`.as("refunded_minor"),
      sql<number>`count(*) filter (where status = 'rejected')::int`.as("rejected_count"),
    ])
    .where("created_at", ">=", since)
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  const declineReasons = await db
    .selectFrom("payments")
    .select([
      sql<string>`coalesce(status_detail, 'unknown')`.as("status_detail"),
      sql<number>`count(*)::int`.as("count"),
    ])
    .where("status", "=", "rejected")
    .where("created_at", ">=", since)
    .groupBy(sql`coalesce(status_detail, 'unknown')`)
    .orderBy("count", "desc")
    .orderBy("status_detail")
    .limit(TOP_DECLINE_REASONS)
    .execute();

  const rows = currencies
    .map((row) => ({
      currency: row.currency,
      approvedCount: Number(row.approved_count),
      approvedMinor: Number(row.approved_minor),
      refundedMinor: Number(row.refunded_minor),
      rejectedCount: Number(row.rejected_count),
    }))
    .filter((row) => row.approvedCount > 0 || row.rejectedCount > 0 || row.refundedMinor > 0);
  const approvedCount = rows.reduce((sum, row) => sum + row.approvedCount, 0);
  const rejectedCount = rows.reduce((sum, row) => sum + row.rejectedCount, 0);
  const decided = approvedCount + rejectedCount;
  return {
    period,
    since,
    currencies: rows,
    approvedCount,
    rejectedCount,
    approvalRate: decided === 0 ? null : approvedCount / decided,
    declineReasons: declineReasons.map((row) => ({ statusDetail: row.status_detail, count: Number(row.count) })),
  };
}
