import { describe, expect, it } from "vitest";
import { dateRangeToCreated, dateRangeToDays, isDateRangeReversed, resolveDateRange } from "./date-range";

// 27 November 2026, 15:30 local time.
const NOW = new Date(2026, 10, 27, 15, 30);

describe("resolveDateRange", () => {
  it.each([
    ["today", new Date(2026, 10, 27)],
    ["7d", new Date(2026, 10, 21)],
    ["30d", new Date(2026, 9, 29)],
    ["month", new Date(2026, 10, 1)],
  ])("counts the preset %s from the viewer's midnight, open-ended", (range, from) => {
    expect(resolveDateRange({ range }, NOW)).toEqual({ from, to: null });
  });

  it("ignores custom days while a preset is chosen", () => {
    expect(resolveDateRange({ range: "today", from: "2020-01-01", to: "2020-01-02" }, NOW).from).toEqual(
      new Date(2026, 10, 27),
    );
  });

  it("covers a custom range's whole first and last days", () => {
    expect(resolveDateRange({ range: "custom", from: "2026-11-02", to: "2026-11-03" }, NOW)).toEqual({
      from: new Date(2026, 10, 2),
      to: new Date(2026, 10, 3, 23, 59, 59, 999),
    });
    expect(resolveDateRange({ from: "2026-11-02" }, NOW)).toEqual({ from: new Date(2026, 10, 2), to: null });
  });

  it.each([
    [{ from: "2026-02-31" }],
    [{ from: "yesterday" }],
    [{ range: "fortnight" }],
    [{ from: "2026-11-05", to: "2026-11-04" }],
  ])("drops what a hand-edited URL makes of it: %j", (value) => {
    expect(resolveDateRange(value, NOW)).toEqual({ from: null, to: null });
  });
});

describe("isDateRangeReversed", () => {
  it("says so only for a custom range that ends before it starts", () => {
    expect(isDateRangeReversed({ from: "2026-11-05", to: "2026-11-04" })).toBe(true);
    expect(isDateRangeReversed({ from: "2026-11-05", to: "2026-11-05" })).toBe(false);
    expect(isDateRangeReversed({ range: "7d", from: "2026-11-05", to: "2026-11-04" })).toBe(false);
  });
});

describe("the server's shapes", () => {
  it("gives a list's createdFrom / createdTo as instants", () => {
    expect(dateRangeToCreated({ range: "7d" }, NOW)).toEqual({ createdFrom: new Date(2026, 10, 21).toISOString() });
    expect(dateRangeToCreated({}, NOW)).toEqual({});
  });

  it("gives whole-day lists their first and last days", () => {
    expect(dateRangeToDays({ range: "month" }, NOW)).toEqual({ from: "2026-11-01" });
    expect(dateRangeToDays({ from: "2026-11-02", to: "2026-11-03" }, NOW)).toEqual({
      from: "2026-11-02",
      to: "2026-11-03",
    });
  });
});
