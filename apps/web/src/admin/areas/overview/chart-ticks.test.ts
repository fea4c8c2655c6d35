// @vitest-environment jsdom
// Which days get an x label: as many as fit the width at the widest label, today always among them.
import { describe, expect, it } from "vitest";
import { chooseTicks } from "./chart-ticks";

const days = (count: number) => Array.from({ length: count }, (_, index) => `Mar ${index + 1}`);

describe("chooseTicks", () => {
  it("labels every day when they all fit", () => {
    expect(chooseTicks(days(7), 2000)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("labels every n-th day back from today when thirty do not fit, never more than fit", () => {
    const ticks = chooseTicks(days(30), 400);
    expect(ticks.at(-1)).toBe(29);
    expect(ticks.length).toBeLessThan(30);
    expect(ticks.length).toBeGreaterThan(1);
    const steps = new Set(ticks.slice(1).map((tick, index) => tick - (ticks[index] ?? 0)));
    expect(steps.size).toBe(1);
    // A label is at least a few characters wide: 400 px cannot hold 30 of them, nor more than 400 / 20.
    expect(ticks.length).toBeLessThanOrEqual(20);
  });

  it("keeps one label on a very narrow chart, and none without days", () => {
    expect(chooseTicks(days(30), 10)).toEqual([29]);
    expect(chooseTicks([], 500)).toEqual([]);
  });
});
