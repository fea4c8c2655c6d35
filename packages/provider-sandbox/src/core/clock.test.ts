import { describe, expect, it } from "vitest";
import { SILENT_LOGGER } from "../test-support/fixture-sandbox";
import { createClock } from "./clock";

describe("clock", () => {
  it("adds the advanced offset to real time and runs tickers with the new time", async () => {
    let real = 1_700_000_000_000;
    const clock = createClock({ realNow: () => real, tickIntervalMs: 0 });
    const seen: number[] = [];
    clock.onTick((now) => {
      seen.push(now.getTime());
    });
    await clock.advance(86_400_000);
    expect(clock.now().getTime()).toBe(1_700_086_400_000);
    expect(seen).toEqual([1_700_086_400_000]);
    real += 1000;
    expect(clock.nowIso()).toBe(new Date(1_700_086_401_000).toISOString());
    clock.resetOffset();
    expect(clock.offsetMs()).toBe(0);
  });

  it("refuses to go backwards", async () => {
    const clock = createClock({ tickIntervalMs: 0 });
    await expect(clock.advance(-1)).rejects.toThrow(RangeError);
  });

  it("keeps running tickers after one fails", async () => {
    const clock = createClock({ tickIntervalMs: 0, logger: SILENT_LOGGER });
    let ran = false;
    clock.onTick(() => {
      throw new Error("boom");
    });
    clock.onTick(() => {
      ran = true;
    });
    await clock.advance(1);
    expect(ran).toBe(true);
  });

  it("runs tickers on the real timer", async () => {
    const clock = createClock({ tickIntervalMs: 10 });
    let ticks = 0;
    clock.onTick(() => {
      ticks += 1;
    });
    clock.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await clock.stop();
    expect(ticks).toBeGreaterThanOrEqual(2);
  });
});
