// Starts a sandbox on the fixture spec with the test-only routes.

import type { SandboxLogger } from "../core/logger";
import type { CreateSandboxOptions } from "../create-sandbox";
import { createTestSandbox, type TestSandbox } from "../testing";
import { FIXTURE_SPEC } from "./fixture-spec";
import { registerTestRoutes } from "./test-routes";

export const TOKEN_A = "TEST-1111111111111111-111111-11111111111111111111111111111111-5550001";
export const TOKEN_B = "APP_USR-2222222222222222-222222-22222222222222222222222222222222-5550002";

/** Tests provoke handler errors on purpose; keep their stack traces out of the test output. */
export const SILENT_LOGGER: SandboxLogger = { info: () => {}, warn: () => {}, error: () => {} };

export function startFixtureSandbox(options: CreateSandboxOptions = {}): Promise<TestSandbox> {
  return createTestSandbox({
    spec: FIXTURE_SPEC,
    routes: [registerTestRoutes],
    tickIntervalMs: 0,
    logger: SILENT_LOGGER,
    ...options,
  });
}

export function bearer(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token}`, "content-type": "application/json", ...extra };
}
