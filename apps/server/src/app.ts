// The HTTP surface of the server, assembled in the order a request meets it:
// security headers (every response), the three request-filter groups of
// seed-spec §2 (admin area, API, pages), then the routes, then the error pages.

import { resolve } from "node:path";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppDeps } from "./deps";
import { isAppError } from "./errors/app-error";
import { apiGuard } from "./http/api-guard";
import { provideWebAppShell, respondWithError } from "./http/error-pages";
import { healthHandler } from "./http/health";
import { rejectMalformedPaths } from "./http/malformed-path";
import { pageRecordExists } from "./http/page-records";
import { classifyPath } from "./http/path-groups";
import { type HttpRateLimitRule, rateLimit } from "./http/rate-limit";
import { securityHeaders } from "./http/security-headers";
import { adminGuard, refreshSession } from "./http/session-filter";
import { createWebAppShell, DEFAULT_WEB_DIST_DIR, serveWebApp } from "./http/static-web";
import { trpcMethods } from "./http/trpc-methods";
import { WEBHOOK_PATH } from "./provider/provider-setup";
import { httpStatusOf } from "./trpc/error-status";
import { appRouter } from "./trpc/router";
import { createTrpcContext } from "./trpc/trpc";
import { mercadoPagoWebhookHandler } from "./webhooks/mercadopago-webhook";

/** Largest request body the API accepts (tRPC inputs and notifications are a few KB). */
export const API_BODY_LIMIT_BYTES = 100 * 1024;

/** Most procedures one tRPC batch request may carry (the web client's batch link must not exceed it). */
export const TRPC_MAX_BATCH_SIZE = 10;

/**
 * tRPC procedures that take a password, limited per IP against guessing and
 * account spam (the sign-in domain adds its own per-account limit on failures).
 */
export const SIGN_IN_PROCEDURES: readonly string[] = ["auth.signIn", "auth.signUp"];

export const DEFAULT_RATE_LIMITS: Readonly<{ signIn: HttpRateLimitRule; webhooks: HttpRateLimitRule }> = {
  signIn: { name: "sign-in", limit: 10, windowMs: 60_000 },
  // provider: notifications come from a few provider addresses, in bursts after outages.
  webhooks: { name: "webhooks", limit: 600, windowMs: 60_000 },
};

export interface CreateAppOptions {
  /** The built web app; default apps/web/dist. */
  webDistDir?: string;
  bodyLimitBytes?: number;
  rateLimits?: Partial<typeof DEFAULT_RATE_LIMITS>;
}

/** The procedure names of a tRPC request path (`/api/trpc/a.b,c.d` → ["a.b", "c.d"]). */
export function trpcProcedureNames(path: string): string[] {
  const prefix = "/api/trpc/";
  if (!path.startsWith(prefix)) return [];
  return decodeURIComponent(path.slice(prefix.length))
    .split(",")
    .filter((name) => name !== "");
}

/**
 * Builds the Hono app over `deps`. Tests call `app.request()` on it; main.ts
 * serves it with @hono/node-server.
 */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Hono {
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const app = new Hono();
  const webDistDir = resolve(options.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  const webAppShell = createWebAppShell(webDistDir);

  // HTML error pages are drawn in the web app's index.html (see error-pages.ts).
  app.use("*", provideWebAppShell(webAppShell));
  // Every response, error pages included: the handler runs first, then the headers are set.
  app.use("*", securityHeaders({ providerApiOrigin: deps.providerSettings.apiUrl }));
  app.use("*", rejectMalformedPaths());

  // Group 1, the admin area: admins only.
  // "/admin/*" matches "/admin" itself too.
  app.use("/admin/*", adminGuard(deps));

  // Group 2, the API: bounded JSON bodies, no cross-site state changes, rate limits.
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: options.bodyLimitBytes ?? API_BODY_LIMIT_BYTES,
      onError: (c) => respondWithError(c, 413, { message: "The request body is too large." }),
    }),
  );
  // The provider calls the webhook from its servers: it carries no Origin of ours, and its signature is the check.
  app.use("/api/*", apiGuard({ allowedOrigins: [deps.publicUrl], isCsrfExempt: (path) => path === WEBHOOK_PATH }));
  app.use(WEBHOOK_PATH, rateLimit({ db: deps.db, rule: rateLimits.webhooks, now: deps.now }));
  app.use(
    "/api/trpc/*",
    rateLimit({
      db: deps.db,
      rule: rateLimits.signIn,
      now: deps.now,
      applies: (c) => trpcProcedureNames(c.req.path).some((name) => SIGN_IN_PROCEDURES.includes(name)),
    }),
  );

  // Group 3, pages: everything else but static files, image optimisation and the favicon.
  const refresh = refreshSession(deps);
  app.use("*", async (c, next) => (classifyPath(c.req.path) === "page" ? refresh(c, next) : next()));

  app.get("/api/health", healthHandler(deps));
  app.all("/api/health", (c) => respondWithError(c, 405, { headers: { Allow: "GET, HEAD" } }));
  app.post(WEBHOOK_PATH, mercadoPagoWebhookHandler(deps));
  app.all(WEBHOOK_PATH, (c) => respondWithError(c, 405, { headers: { Allow: "POST" } }));
  app.use("/api/trpc/*", trpcMethods({ router: appRouter, procedureNames: trpcProcedureNames }));
  app.use(
    "/api/trpc/*",
    trpcServer({
      router: appRouter,
      endpoint: "/api/trpc",
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: createTrpcContext(deps),
    }),
  );
  app.all("/api/*", (c) => respondWithError(c, 404));
  app.all(
    "*",
    serveWebApp({
      root: webDistDir,
      shell: webAppShell,
      pageExists: (match) => pageRecordExists({ deps, match }),
    }),
  );

  app.notFound((c) => respondWithError(c, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return respondWithError(c, error.status);
    if (isAppError(error)) {
      return respondWithError(c, httpStatusOf(error.code) as ContentfulStatusCode, {
        code: error.code,
        message: error.message,
      });
    }
    // The details go to the server log only; the visitor sees the generic 500 page.
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    return respondWithError(c, 500);
  });
  return app;
}
