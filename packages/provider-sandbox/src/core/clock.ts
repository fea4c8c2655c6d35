// The sandbox's clock: real time plus an offset. Advancing it (control API)
// makes days pass in milliseconds, so subscription charges, expiries and
// webhook retries can be tested without waiting. Tickers also run on a real,
// unref'd one-second timer, so things fall due on their own in a running sandbox.

import type { SandboxClock } from "../context";
import { QUIET_LOGGER, type SandboxLogger } from "./logger";

export interface SandboxClockController extends SandboxClock {
  /** How far the sandbox is ahead of real time. */
  offsetMs(): number;
  /** Back to real time (control API reset); tickers stay registered. */
  resetOffset(): void;
  /** Runs every ticker once now (sequentially; concurrent calls queue). */
  runTickers(): Promise<void>;
  /** Starts the real one-second ticker timer. */
  start(): void;
  /** Stops the timer and waits for a running tick to finish. */
  stop(): Promise<void>;
}

export interface ClockOptions {
  /** Real timer interval; 0 disables it. Default 1000. */
  tickIntervalMs?: number;
  /** Real time source (tests). */
  realNow?: () => number;
  logger?: SandboxLogger;
}

/** Creates the offset clock; call `start()` to run tickers every second. */
export function createClock(options: ClockOptions = {}): SandboxClockController {
  const realNow = options.realNow ?? Date.now;
  const logger = options.logger ?? QUIET_LOGGER;
  const tickers: ((now: Date) => void | Promise<void>)[] = [];
  let offset = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let busy = false;

  const now = (): Date => new Date(realNow() + offset);

  async function tickOnce(): Promise<void> {
    busy = true;
    try {
      for (const ticker of [...tickers]) {
        try {
          await ticker(now());
        } catch (error) {
          logger.error("a clock ticker failed", error);
        }
      }
    } finally {
      busy = false;
    }
  }

  function runTickers(): Promise<void> {
    running = running.then(tickOnce);
    return running;
  }

  return {
    now,
    nowIso: () => now().toISOString(),
    async advance(ms: number): Promise<void> {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError("the clock only moves forward: ms must be a finite number ≥ 0");
      offset += ms;
      await runTickers();
    },
    onTick(ticker) {
      tickers.push(ticker);
    },
    offsetMs: () => offset,
    resetOffset() {
      offset = 0;
    },
    runTickers,
    start() {
      const interval = options.tickIntervalMs ?? 1000;
      if (timer || interval <= 0) return;
      timer = setInterval(() => {
        // Skip a beat rather than pile up ticks behind a slow ticker.
        if (!busy) void runTickers();
      }, interval);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
