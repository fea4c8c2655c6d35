// Starts a sandbox on a real HTTP port: state, clock, webhooks, faults, the app,
// and a `control` object that mirrors the control API for tests.

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { buildSandboxApp } from "./app";
import type { RegisterRoutes, SandboxConfig, SandboxContext, SandboxEnv, SiteId } from "./context";
import { createSandboxControl, type SandboxControl } from "./control/sandbox-control";
import { createClock } from "./core/clock";
import { DEFAULT_WEBHOOK_SECRET, isSiteId } from "./core/credentials";
import { createFaultInjector } from "./core/faults";
import { QUIET_LOGGER, type SandboxLogger } from "./core/logger";
import { asOpenApiDocument, type OpenApiDocument } from "./core/spec";
import { createStateStore, type PresetSeller } from "./core/state";
import { getProviderSpecValidator, SpecValidator } from "./core/validation";
import { createWebhookDispatcher } from "./core/webhooks";

export interface CreateSandboxOptions {
  /** 0 (default) picks a free port. The CLI defaults to 8787. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Base URL the sandbox puts in links (init_point, ticket_url); default `http://<host>:<port>`. */
  publicUrl?: string;
  /** Secret that signs webhooks; default `DEFAULT_WEBHOOK_SECRET`. */
  webhookSecret?: string;
  /** Persist state as JSON under this directory and reload it on start; in memory when absent. */
  dataDir?: string | null;
  /** Where notifications go when a resource has no notification_url. */
  defaultNotificationUrl?: string | null;
  /** Origins allowed to call /v1/card_tokens from a browser; default `["*"]`. */
  corsOrigins?: string[];
  /** Site of sellers created on first sight of a token; default MLA. */
  defaultSiteId?: SiteId;
  /** Delays between webhook attempts; default 15 min steps like the provider. Tests pass e.g. [50, 100, 200]. */
  webhookRetryDelaysMs?: number[];
  /** Sellers with fixed credentials, in addition to the default seller. */
  sellers?: PresetSeller[];
  /** The OpenAPI document to validate against; default the bundled provider spec. `null` turns spec checks off. */
  spec?: OpenApiDocument | null;
  /** Resource route groups; default every group of `resources/`. Tests pass their own. */
  routes?: RegisterRoutes[];
  /** Route groups added after `routes` (e.g. a test-only handler next to the real resources). */
  extraRoutes?: RegisterRoutes[];
  /** The fetch that delivers webhooks (default: the global fetch). */
  webhookFetch?: typeof fetch;
  /** Default: errors only. */
  logger?: SandboxLogger;
  /** Real interval of clock tickers in ms (0 disables); default 1000. */
  tickIntervalMs?: number;
}

export interface Sandbox {
  app: Hono<SandboxEnv>;
  /** e.g. http://127.0.0.1:54321 (no trailing slash). */
  url: string;
  /** The context resource handlers see (store, clock, webhooks, config). */
  context: SandboxContext;
  /** The control API as functions. */
  control: SandboxControl;
  /** Stops the server, timers and webhook retries, ends hanging requests and writes state to disk. */
  close(): Promise<void>;
}

function resolveValidator(spec: OpenApiDocument | null | undefined): SpecValidator | null {
  if (spec === null) return null;
  if (spec) return new SpecValidator(asOpenApiDocument(spec));
  try {
    return getProviderSpecValidator();
  } catch (error) {
    throw new Error(
      `provider-sandbox: could not load the provider spec (${error instanceof Error ? error.message : String(error)}). Run \`npm run generate --workspace @cobro/spec\`.`,
    );
  }
}

/**
 * The real resource groups, imported only when used: a sandbox started with its
 * own `routes` (the core's tests) then never loads the resource handlers.
 */
async function loadResourceRoutes(): Promise<RegisterRoutes[]> {
  const { RESOURCE_ROUTES } = await import("./resources");
  return RESOURCE_ROUTES;
}

function listen(server: Server): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    const ready = () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    };
    if (server.listening) ready();
    else server.once("listening", ready);
  });
}

function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Starts a sandbox and resolves when it listens. Every option has a default,
 * so `createSandbox()` gives an empty in-memory sandbox on a random port with
 * the default seller (`DEFAULT_SELLER`).
 *
 * @example
 * const sandbox = await createSandbox({ webhookRetryDelaysMs: [50, 100] });
 * const res = await fetch(`${sandbox.url}/users/me`, { headers: { authorization: `Bearer ${sandbox.control.defaultSeller.accessToken}` } });
 * await sandbox.close();
 */
export async function createSandbox(options: CreateSandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1";
  const logger = options.logger ?? QUIET_LOGGER;
  const defaultSiteId = options.defaultSiteId ?? "MLA";
  if (!isSiteId(defaultSiteId)) throw new Error(`provider-sandbox: unknown site ${String(defaultSiteId)}`);
  const validator = resolveValidator(options.spec);

  const config: SandboxConfig = {
    publicUrl: options.publicUrl ?? "",
    webhookSecret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
    defaultNotificationUrl: options.defaultNotificationUrl ?? null,
    corsOrigins: options.corsOrigins ?? ["*"],
    defaultSiteId,
  };
  const store = createStateStore({ dataDir: options.dataDir ?? null, defaultSiteId, sellers: options.sellers, logger });
  const clock = createClock({ tickIntervalMs: options.tickIntervalMs, logger });
  const webhooks = createWebhookDispatcher({
    config,
    clock,
    store,
    retryDelaysMs: options.webhookRetryDelaysMs,
    ...(options.webhookFetch ? { fetch: options.webhookFetch } : {}),
    logger,
  });
  const faults = createFaultInjector();
  const context: SandboxContext = { config, store, clock, webhooks };
  const control = createSandboxControl({ store, clock, webhooks, faults });
  const app = buildSandboxApp(context, {
    validator,
    faults,
    control,
    routes: [...(options.routes ?? (await loadResourceRoutes())), ...(options.extraRoutes ?? [])],
    logger,
  });

  const server = serve({
    fetch: app.fetch,
    port: options.port ?? 0,
    hostname: host,
    // Tests run a client and this server in one process: keep the global Request/Response untouched.
    overrideGlobalObjects: false,
  }) as Server;
  let address: AddressInfo;
  try {
    address = await listen(server);
  } catch (error) {
    store.close();
    throw error;
  }
  const url = `http://${hostForUrl(host)}:${address.port}`;
  if (!options.publicUrl) config.publicUrl = url;
  clock.start();

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      faults.close();
      webhooks.close();
      await clock.stop();
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 500);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      store.close();
    })();
    return closing;
  };

  return { app, url, context, control, close };
}
