// Small helpers shared by plans, subscriptions and authorized payments:
// classic search paging, sorting, charge-date arithmetic and amount checks.

import { badField } from "../core/errors";
import type { Schemas } from "../schemas";

/** A query-string integer, or the fallback when absent (the spec has already checked its range). */
export function queryInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) ? parsed : fallback;
}

/** One page of classic search results: `{paging: {total, limit, offset}, results}`. */
export function pageOf<T>(items: T[], limit: number, offset: number): { paging: Schemas["Paging"]; results: T[] } {
  return {
    paging: { total: items.length, limit, offset },
    results: structuredClone(items.slice(offset, offset + limit)),
  };
}

/**
 * Sorts by a field holding an ISO date, a number or a string (e.g. `date_created`);
 * objects without it go last. Stable, so equal dates keep insertion order.
 */
export function sortByDate<T extends object>(items: T[], field: string, direction: "asc" | "desc"): T[] {
  const fieldOf = (item: T): string | number | undefined => {
    const value = (item as Record<string, unknown>)[field];
    return typeof value === "string" || typeof value === "number" ? value : undefined;
  };
  const sign = direction === "asc" ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = fieldOf(a);
    const y = fieldOf(b);
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    return x < y ? -sign : x > y ? sign : 0;
  });
}

/** `date_created:desc` → `{field, direction}`; the provider's subscription search spells sorts this way. */
export function parseSort(
  sort: string | undefined,
  fallbackField = "date_created",
): { field: string; direction: "asc" | "desc" } {
  const [field, direction] = (sort ?? "").split(":");
  return { field: field || fallbackField, direction: direction === "asc" ? "asc" : "desc" };
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `date` plus `count` days or months (UTC). Months keep the day of the month,
 * clamped to the month's last day (Jan 31 + 1 month = Feb 28/29), so charge
 * dates computed from one anchor never drift.
 */
export function addFrequency(date: Date, count: number, unit: Schemas["FrequencyType"]): Date {
  if (unit === "days") return new Date(date.getTime() + count * 86_400_000);
  const monthIndex = date.getUTCMonth() + count;
  const year = date.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

const WHOLE_UNIT_CURRENCIES = new Set(["CLP", "COP"]);

/** provider: CLP (and, in practice, COP) amounts take no decimals (docs/provider-facts.md §6). */
export function checkWholeAmount(currency: string | undefined, amount: number | undefined, field: string): void {
  if (amount === undefined || currency === undefined) return;
  if (WHOLE_UNIT_CURRENCIES.has(currency) && !Number.isInteger(amount)) {
    throw badField(field, `${currency} amounts must be whole numbers`);
  }
}
