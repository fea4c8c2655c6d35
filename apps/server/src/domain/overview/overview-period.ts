import { OVERVIEW_PERIOD_DAYS, type OverviewPeriod } from "@cobro/contracts";

const DAY_MS = 86_400_000;

/** The start of `now`'s UTC day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Where a period starts: the start of the UTC day `days - 1` days before today (today counts as one). */
export function periodStart(period: OverviewPeriod, now: Date): Date {
  return new Date(startOfUtcDay(now).getTime() - (OVERVIEW_PERIOD_DAYS[period] - 1) * DAY_MS);
}
