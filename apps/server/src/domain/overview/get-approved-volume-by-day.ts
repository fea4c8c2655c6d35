// The overview's chart: approved volume per UTC day over the last `days` days
// (today included), one series per currency, days without payments as 0.
// Same definition of "approved" and the same created_at window as the figures.
import { APPROVED_PAYMENT_STATUSES } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";
import { startOfUtcDay } from "./overview-period";

export interface ApprovedVolumeByDay {
  /** `YYYY-MM-DD`, oldest first. */
  days: string[];
  series: { currency: string; amountsMinor: number[] }[];
}

const DAY_MS = 86_400_000;

export async function getApprovedVolumeByDay(options: {
  db: Kysely<DB>;
  now: Date;
  days: number;
}): Promise<ApprovedVolumeByDay> {
  const { db, now, days: dayCount } = options;
  const today = startOfUtcDay(now);
  const since = new Date(today.getTime() - (dayCount - 1) * DAY_MS);
  const days = Array.from({ length: dayCount }, (_, index) =>
    new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10),
  );
  const approved = sql.join(APPROVED_PAYMENT_STATUSES.map((status) => sql.lit(status)));
  const rows = await db
    .selectFrom("payments")
    .select([
      "currency",
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day"),
      sql<number>`sum(amount_minor)::bigint`.as("amount_minor"),
    ])
    .where("created_at", ">=", since)
    .where(sql<boolean>`status in (${approved})`)
    .groupBy(["currency", sql`2`])
    .execute();
  const byCurrency = new Map<string, number[]>();
  for (const row of rows) {
    const index = days.indexOf(row.day);
    if (index < 0) continue; // a payment dated in the future (clock skew): not on this chart
    let amounts = byCurrency.get(row.currency);
    if (!amounts) {
      amounts = Array<number>(dayCount).fill(0);
      byCurrency.set(row.currency, amounts);
    }
    amounts[index] = Number(row.amount_minor);
  }
  return {
    days,
    series: [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amountsMinor]) => ({ currency, amountsMinor })),
  };
}
