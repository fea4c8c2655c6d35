// The sandbox's Hono app: the core middleware chain in front of the resource
// handlers. Order, outer to inner:
//   request id → faults → (control API skips the rest) → CORS for card tokens
//   → auth → JSON body → spec validation → idempotency → resource routes.

import { randomUUID } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { BROWSER_API_PATHS } from "./browser-sdk/browser-api";
import type { RegisterRoutes, SandboxContext, SandboxEnv } from "./context";
import { registerControlRoutes } from "./control/control-routes";
import type { SandboxControl } from "./control/sandbox-control";
import { createAuthMiddleware } from "./core/auth";
import { createJsonBodyMiddleware } from "./core/body";
import { classicError, isOrdersPath, ordersError, SandboxHttpError } from "./core/errors";
import { createFaultInjector, type FaultInjector } from "./core/faults";
import { createIdempotencyMiddleware } from "./core/idempotency";
import { QUIET_LOGGER, type SandboxLogger } from "./core/logger";
import { isPublicPath } from "./core/public-paths";
import { TrailingSlashTolerantRouter } from "./core/router";
import { createValidationMiddleware, getProviderSpecValidator, type SpecValidator } from "./core/validation";

/** Paths a browser calls directly with a public key (CORS applies only to these). */
export const BROWSER_PATHS: readonly string[] = [
  "/v1/card_tokens",
  "/v1/card_tokens/*",
  "/v1/identification_types",
  ...BROWSER_API_PATHS,
];

export interface SandboxAppDeps {
  /** Validates requests and decides security and idempotency from the spec; null turns spec checks off. */
  validator: SpecValidator | null;
  faults: FaultInjector;
  /** The control API's implementation; without it `/__sandbox/*` core routes are not registered. */
  control: SandboxControl | null;
  /**
   * Resource route groups, registered after the core and control routes. `createSandbox()` passes every
   * group of `resources/` (`RESOURCE_ROUTES`); tests may pass their own.
   */
  routes: RegisterRoutes[];
  logger: SandboxLogger;
}

function errorResponse(c: Parameters<MiddlewareHandler<SandboxEnv>>[0], error: SandboxHttpError): Response {
  return c.json(error.body, error.status as ContentfulStatusCode, error.headers);
}

/**
 * Builds the sandbox app for a context: core middleware, the control API and
 * the given resource groups (`RESOURCE_ROUTES` for the full sandbox). Serve it
 * with `createSandbox()`, or call `app.request()` in a test (faults that drop
 * connections need a real server).
 *
 * @example buildSandboxApp(ctx, { routes: RESOURCE_ROUTES, control })
 */
export function buildSandboxApp(
  ctx: SandboxContext,
  deps: Partial<SandboxAppDeps> & Pick<SandboxAppDeps, "routes">,
): Hono<SandboxEnv> {
  const validator = deps.validator === undefined ? getProviderSpecValidator() : deps.validator;
  const faults = deps.faults ?? createFaultInjector();
  const logger = deps.logger ?? QUIET_LOGGER;
  const app = new Hono<SandboxEnv>({ strict: false, router: new TrailingSlashTolerantRouter() });
  const publicPath = (path: string) => isPublicPath(app, path);
  /** Wraps a middleware that only provider calls go through (not the control API nor public pages). */
  const providerOnly =
    (middleware: MiddlewareHandler<SandboxEnv>): MiddlewareHandler<SandboxEnv> =>
    (c, next) =>
      publicPath(c.req.path) ? next() : middleware(c, next);

  app.use("*", async (c, next) => {
    const requestId = randomUUID();
    await next();
    // Some responses (e.g. Response.redirect) have immutable headers; the id is a courtesy, not a contract.
    try {
      if (!c.res.headers.has("x-request-id")) c.res.headers.set("x-request-id", requestId);
    } catch {}
  });
  app.use("*", faults.middleware());
  const corsMiddleware = cors({
    origin: ctx.config.corsOrigins.includes("*") ? "*" : [...ctx.config.corsOrigins],
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Content-Type", "Authorization", "X-Idempotency-Key", "X-Product-Id", "X-Tracking-Id"],
    exposeHeaders: ["x-request-id"],
    maxAge: 600,
  });
  for (const path of BROWSER_PATHS) app.use(path, corsMiddleware);
  app.use("*", createAuthMiddleware({ store: ctx.store, index: validator?.index ?? null, isPublicPath: publicPath }));
  app.use("*", createJsonBodyMiddleware());
  if (validator) app.use("*", providerOnly(createValidationMiddleware(validator)));
  app.use(
    "*",
    providerOnly(createIdempotencyMiddleware({ store: ctx.store, clock: ctx.clock, index: validator?.index ?? null })),
  );

  if (deps.control) registerControlRoutes(app, deps.control);
  for (const register of deps.routes) register(app, ctx);

  app.notFound((c) => {
    const path = c.req.path;
    if (isOrdersPath(path))
      return errorResponse(c, ordersError(404, "not_found", `no route for ${c.req.method} ${path}`));
    return errorResponse(
      c,
      classicError(404, "resource not found", {
        cause: [{ code: "not_found", description: `no route for ${c.req.method} ${path}`, data: null }],
      }),
    );
  });

  app.onError((error, c) => {
    if (error instanceof SandboxHttpError) return errorResponse(c, error);
    if (error instanceof HTTPException) return error.getResponse();
    logger.error(`unexpected error on ${c.req.method} ${c.req.path}`, error);
    const path = c.req.path;
    return errorResponse(
      c,
      isOrdersPath(path)
        ? ordersError(500, "internal_error", "internal error")
        : classicError(500, "internal_error", { error: "internal_error" }),
    );
  });

  return app;
}
