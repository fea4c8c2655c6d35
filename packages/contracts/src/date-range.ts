// The date range every console list filters by, as its URL keeps it: a preset by its name (`range=7d`), so a saved
// link keeps meaning "the last 7 days" tomorrow, or a custom range of whole calendar days (`from=2026-11-01&to=…`).
// Days are the viewer's own (the browser's time zone): a merchant's "today" starts at their midnight.

/** The presets offered before a custom range. Each is open-ended: it runs up to now. */
export const DATE_RANGE_PRESETS = ["today", "7d", "30d", "month"] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** `range` value of a custom range (then `from` and `to` are read). */
export const DATE_RANGE_CUSTOM = "custom";

/** The URL keys of the range: a list adds them to its own filter keys. */
export const DATE_RANGE_KEYS = ["range", "from", "to"] as const;
export type DateRangeKey = (typeof DATE_RANGE_KEYS)[number];

/** The range as the URL (and a filter form's draft) holds it: strings, any of them missing. */
export type DateRangeValue = Partial<Record<DateRangeKey, string>>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day as the local midnight it starts at, or null when it is not a real day. */
function startOfDay(day: string | undefined): Date | null {
  if (!day || !ISO_DAY.test(day)) return null;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date);
  // Date rolls 2026-02-31 over into March: such a day is not one.
  return start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === date ? start : null;
}

/** `date` as a local `YYYY-MM-DD` day. */
export function toIsoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The preset a URL value names, or undefined. */
export function dateRangePresetOf(value: string | undefined): DateRangePreset | undefined {
  return DATE_RANGE_PRESETS.find((preset) => preset === value);
}

/** True when a custom range ends before it starts (the form says so and does not apply it). */
export function isDateRangeReversed(value: DateRangeValue): boolean {
  if (dateRangePresetOf(value.range)) return false;
  const from = startOfDay(value.from);
  const to = startOfDay(value.to);
  return from !== null && to !== null && from > to;
}

/**
 * The instants a range covers: from the start of its first day, to the end of its last (null: unbounded). A preset
 * is counted from `now`; a custom range's days that are not real days, or a reversed range, are dropped (a
 * hand-edited URL must not reach the server as junk).
 *
 * @example resolveDateRange({ range: "7d" }, now) // { from: today's midnight − 6 days, to: null }
 */
export function resolveDateRange(
  value: DateRangeValue,
  now: Date = new Date(),
): { from: Date | null; to: Date | null } {
  const preset = dateRangePresetOf(value.range);
  if (preset) {
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const days = { today: 0, "7d": 6, "30d": 29 } as const;
    const from =
      preset === "month"
        ? new Date(now.getFullYear(), now.getMonth(), 1)
        : new Date(today.getFullYear(), today.getMonth(), today.getDate() - days[preset]);
    return { from, to: null };
  }
  if (isDateRangeReversed(value)) return { from: null, to: null };
  const from = startOfDay(value.from);
  const lastDay = startOfDay(value.to);
  const to = lastDay ? new Date(lastDay.getFullYear(), lastDay.getMonth(), lastDay.getDate() + 1, 0, 0, 0, -1) : null;
  return { from, to };
}

/**
 * The range as the `createdFrom` / `createdTo` instants of a list's server filters (only the bounds it has).
 *
 * @example { ...dateRangeToCreated({ range: "today" }), status: ["approved"] }
 */
export function dateRangeToCreated(
  value: DateRangeValue,
  now: Date = new Date(),
): { createdFrom?: string; createdTo?: string } {
  const { from, to } = resolveDateRange(value, now);
  return { ...(from ? { createdFrom: from.toISOString() } : {}), ...(to ? { createdTo: to.toISOString() } : {}) };
}

/** The range as its first and last calendar days (`YYYY-MM-DD`), for a list whose server filters whole days. */
export function dateRangeToDays(value: DateRangeValue, now: Date = new Date()): { from?: string; to?: string } {
  const { from, to } = resolveDateRange(value, now);
  return { ...(from ? { from: toIsoDay(from) } : {}), ...(to ? { to: toIsoDay(to) } : {}) };
}
