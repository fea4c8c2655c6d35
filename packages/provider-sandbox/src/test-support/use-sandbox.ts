// One sandbox per test file: started while the file is collected (top-level
// await), closed after its last test, optionally reset before each test.

import { afterAll, beforeEach } from "vitest";
import { createTestSandbox, type TestSandbox } from "../testing";

/** A sandbox on the real resource handlers whose clock only moves when a test advances it. */
export function startQuietSandbox(): Promise<TestSandbox> {
  return createTestSandbox({ tickIntervalMs: 0 });
}

export interface UseSandboxOptions {
  /** Before every test, forget all data, deliveries and faults and move the clock back. Default false. */
  resetBeforeEach?: boolean;
}

/**
 * Starts the file's sandbox and registers its teardown: `afterAll` closes it
 * and, with `resetBeforeEach`, `beforeEach` resets it. Call it with top-level
 * await so the sandbox is a plain constant for the whole file.
 *
 * @example
 * const sandbox = await useSandbox(startFixtureSandbox, { resetBeforeEach: true });
 */
export async function useSandbox(
  start: () => Promise<TestSandbox> = startQuietSandbox,
  options: UseSandboxOptions = {},
): Promise<TestSandbox> {
  const sandbox = await start();
  afterAll(async () => {
    await sandbox.close();
  });
  if (options.resetBeforeEach) {
    beforeEach(async () => {
      await sandbox.control.reset();
    });
  }
  return sandbox;
}
