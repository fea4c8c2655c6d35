// GET /api/health: is the database answering, is the provider reachable, and
// which provider mode runs. Load balancers read the status code (503 only when
// the database is down: without the provider the shop still shows its pages);
// people read the body. Nothing secret is ever in it.
import type { Handler } from "hono";
import { sql } from "kysely";
import type { AppDeps } from "../deps";

/** Time limit of each check, so a hanging dependency cannot hang the health check. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

export interface CheckResult {
  reachable: boolean;
  latencyMs: number;
}

export interface HealthReport {
  status: "ok" | "degraded" | "down";
  database: CheckResult;
  provider: CheckResult & { mode: "sandbox" | "live" };
  time: string;
}

async function timed(check: (signal: AbortSignal) => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error("timed out"));
    }, HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(controller.signal), timeout]);
    return { reachable: true, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { reachable: false, latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs both checks in parallel. The provider check is an unauthenticated GET
 * of /v1/payment_methods: any HTTP answer (a 401 or 404 included) proves the host is
 * reachable, and no token is spent or exposed.
 */
export async function checkHealth(deps: Pick<AppDeps, "db" | "providerSettings" | "now">): Promise<HealthReport> {
  const [database, provider] = await Promise.all([
    timed(() => sql`select 1`.execute(deps.db)),
    timed(async (signal) => {
      const response = await fetch(`${deps.providerSettings.apiUrl}/v1/payment_methods`, { signal });
      await response.body?.cancel();
    }),
  ]);
  const status = !database.reachable ? "down" : provider.reachable ? "ok" : "degraded";
  return {
    status,
    database,
    provider: { mode: deps.providerSettings.mode, ...provider },
    time: deps.now().toISOString(),
  };
}

/** The route handler. */
export function healthHandler(deps: Pick<AppDeps, "db" | "providerSettings" | "now">): Handler {
  return async (c) => {
    const report = await checkHealth(deps);
    c.header("Cache-Control", "no-store");
    return c.json(report, report.status === "down" ? 503 : 200);
  };
}
