// The HTTP surface of the server, assembled in the order a request meets it:
// a request id and the request's logger and client address (one log line per
// request), security headers (every response), the three request-filter groups
// (admin area, API, pages; docs/architecture.md), then the routes, then the error pages.

import { resolve } from "node:path";
import { OAUTH_CALLBACK_PATH } from "@cobro/contracts";
import { trpcServer } from "@hono/trpc-server";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailableError,
} from "./db/database-errors";
import type { AppDeps } from "./deps";
import { isAppError } from "./errors/app-error";
import { PAYMENTS_CSV_PATH, paymentsCsvHandler } from "./http/admin-payments-csv";
import { apiGuard } from "./http/api-guard";
import type { AppEnv } from "./http/app-env";
import { provideWebAppShell, respondWithError } from "./http/error-pages";
import { healthHandler } from "./http/health";
import { rejectMalformedPaths } from "./http/malformed-path";
import { oauthCallbackHandler } from "./http/oauth-callback";
import { pageRecordExists } from "./http/page-records";
import { classifyPath } from "./http/path-groups";
import { providerImageOrigins } from "./http/provider-image-origins";
import { requestContext } from "./http/request-context";
import { securityHeaders } from "./http/security-headers";
import { adminGuard, refreshSession } from "./http/session-filter";
import { createWebAppShell, DEFAULT_WEB_DIST_DIR, serveWebApp } from "./http/static-web";
import { STORE_LOGO_ROUTE, storeLogoHandler } from "./http/store-logo";
import { trpcMethods } from "./http/trpc-methods";
import { browserSdkSettings } from "./provider/browser-sdk";
import { WEBHOOK_PATH } from "./provider/provider-setup";
import { httpStatusOf } from "./trpc/error-status";
import { databaseUnavailableIn } from "./trpc/format-error";
import { appRouter } from "./trpc/router";
import { createTrpcContext } from "./trpc/trpc";
import { mercadoPagoWebhookHandler } from "./webhooks/mercadopago-webhook";

/** Largest request body the API accepts (tRPC inputs and notifications are a few KB). */
export const API_BODY_LIMIT_BYTES = 100 * 1024;
/** The logo upload's path (alone: a batch of it with anything else gets the ordinary limit) and its limit. */
export const LOGO_UPLOAD_TRPC_PATH = "/api/trpc/admin.settings.uploadLogo";
export const LOGO_UPLOAD_BODY_LIMIT_BYTES = 800 * 1024;

/**
 * The one procedure that carries files: a chargeback's evidence, up to 10 MB in all (provider limit), sent as
 * base64 in JSON (4/3 of the bytes) plus the rest of the input. Only a request for it alone gets this limit.
 */
export const EVIDENCE_UPLOAD_PATH = "/api/trpc/admin.disputes.uploadEvidence";
export const EVIDENCE_BODY_LIMIT_BYTES = 15 * 1024 * 1024;

/** Most procedures one tRPC batch request may carry (the web client's batch link must not exceed it). */
export const TRPC_MAX_BATCH_SIZE = 10;

export interface CreateAppOptions {
  /** The built web app; default apps/web/dist. */
  webDistDir?: string;
  bodyLimitBytes?: number;
}

/**
 * Builds the Hono app over `deps`. Tests call `app.request()` on it; main.ts
 * serves it with @hono/node-server.
 */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const webDistDir = resolve(options.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  const webAppShell = createWebAppShell(webDistDir);

  // X-Request-Id: the caller's if it is a plain token (a proxy's or the provider's), else a new UUID; echoed back.
  app.use("*", requestId());
  app.use("*", requestContext({ logger: deps.logger, trustProxy: deps.env.TRUST_PROXY }));

  // HTML error pages are drawn in the web app's index.html (see error-pages.ts).
  app.use("*", provideWebAppShell(webAppShell));
  // Every response, error pages included: the handler runs first, then the headers are set.
  const sdk = browserSdkSettings(deps.providerSettings, deps.env);
  app.use(
    "*",
    securityHeaders({
      providerApiOrigin: deps.providerSettings.apiUrl,
      imageOrigins: providerImageOrigins(deps.providerSettings),
      sdkScriptOrigin: sdk.scriptOrigin,
      sdkFrameOrigins: sdk.frameOrigins,
    }),
  );
  app.use("*", rejectMalformedPaths());

  // Group 1, the admin area: admins only.
  // "/admin/*" matches "/admin" itself too.
  app.use("/admin/*", adminGuard(deps));

  // Group 2, the API: never cached (answers are per user and per moment), bounded JSON bodies, no cross-site
  // state changes. Rate limits live where the knowledge is: tRPC middlewares on the procedures that need them,
  // and the webhook handler (after the signature check).
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  const tooLarge = (c: Context) => respondWithError(c, 413, { message: "The request body is too large." });
  const apiBodyLimit = bodyLimit({ maxSize: options.bodyLimitBytes ?? API_BODY_LIMIT_BYTES, onError: tooLarge });
  // Two uploads carry larger bodies, each on its own path only: the store logo (512 KB of image as base64) and a
  // dispute's evidence (10 MB of files as base64).
  const logoBodyLimit = bodyLimit({ maxSize: LOGO_UPLOAD_BODY_LIMIT_BYTES, onError: tooLarge });
  const evidenceBodyLimit = bodyLimit({
    maxSize: EVIDENCE_BODY_LIMIT_BYTES,
    onError: (c) => respondWithError(c, 413, { message: "The files are more than 10 MB in all." }),
  });
  const bodyLimitFor = (path: string) =>
    path === LOGO_UPLOAD_TRPC_PATH ? logoBodyLimit : path === EVIDENCE_UPLOAD_PATH ? evidenceBodyLimit : apiBodyLimit;
  app.use("/api/*", (c, next) => bodyLimitFor(c.req.path)(c, next));
  // The provider calls the webhook from its servers: it carries no Origin of ours, and its signature is the check.
  app.use("/api/*", apiGuard({ allowedOrigins: [deps.publicUrl], isCsrfExempt: (path) => path === WEBHOOK_PATH }));

  // Group 3, pages: everything else but static files, image optimisation and the favicon.
  const refresh = refreshSession(deps);
  app.use("*", async (c, next) => (classifyPath(c.req.path) === "page" ? refresh(c, next) : next()));

  app.get("/api/health", healthHandler(deps));
  app.all("/api/health", (c) => respondWithError(c, 405, { headers: { Allow: "GET, HEAD" } }));
  app.post(WEBHOOK_PATH, mercadoPagoWebhookHandler(deps));
  app.all(WEBHOOK_PATH, (c) => respondWithError(c, 405, { headers: { Allow: "POST" } }));
  app.get(PAYMENTS_CSV_PATH, paymentsCsvHandler(deps));
  app.all(PAYMENTS_CSV_PATH, (c) => respondWithError(c, 405, { headers: { Allow: "GET, HEAD" } }));
  app.get(OAUTH_CALLBACK_PATH, oauthCallbackHandler(deps));
  app.get(STORE_LOGO_ROUTE, storeLogoHandler(deps));
  app.all(OAUTH_CALLBACK_PATH, (c) => respondWithError(c, 405, { headers: { Allow: "GET, HEAD" } }));
  app.use("/api/trpc/*", trpcMethods({ router: appRouter }));
  app.use(
    "/api/trpc/*",
    trpcServer({
      router: appRouter,
      endpoint: "/api/trpc",
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: createTrpcContext(deps),
      // The formatter answers 503 while the database is away; the header tells clients when to try again. Here,
      // not in a middleware, because the context (the session lookup) is the first thing to need the database.
      responseMeta: ({ errors }) =>
        errors.some(databaseUnavailableIn) ? { headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } } : {},
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
    if (isDatabaseUnavailableError(error)) {
      // A passing state (PostgreSQL restarting, failing over): a 503 that says when to try again, not a 500. The
      // provider delivers a refused notification again later.
      (c.get("logger") ?? deps.logger).warn(
        { err: error, method: c.req.method, path: c.req.path },
        "database unavailable",
      );
      return respondWithError(c, 503, {
        code: "SERVICE_UNAVAILABLE",
        message: DATABASE_UNAVAILABLE_MESSAGE,
        headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      });
    }
    if (isAppError(error)) {
      return respondWithError(c, httpStatusOf(error.code) as ContentfulStatusCode, {
        code: error.code,
        message: error.message,
      });
    }
    // The details go to the request's log only; the visitor sees the generic 500 page.
    (c.get("logger") ?? deps.logger).error({ err: error, method: c.req.method, path: c.req.path }, "request failed");
    return respondWithError(c, 500);
  });
  return app;
}
