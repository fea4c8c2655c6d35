// The contract between the sandbox's core (state, clock, webhooks, faults,
// validation, idempotency) and its resource handlers (`resources/*.ts`).
// Resource handlers only ever talk to the core through these interfaces.

import type { Hono } from "hono";

export type SiteId = "MLA" | "MLB" | "MLM" | "MLC" | "MCO" | "MPE" | "MLU";

/** A seller account of the sandbox: what an access token belongs to. */
export interface Seller {
  /** The provider's numeric user id (collector_id, user_id). */
  userId: number;
  siteId: SiteId;
  nickname: string;
  email: string;
  /** Public key for browser tokenization (`public_key` query parameter). */
  publicKey: string;
  /** OAuth client id when this seller is an application (platform), else null. */
  clientId: string | null;
}

/**
 * A typed view of one collection of one seller's data, e.g. the payments of
 * seller 123. Objects are stored as plain JSON so that `--data DIR` can persist
 * them; never store functions, Dates or Maps in them.
 */
export interface Collection<T> {
  get(id: string | number): T | undefined;
  /** Inserts or replaces by id; returns the stored object. */
  put(id: string | number, value: T): T;
  delete(id: string | number): boolean;
  /** Every object, in insertion order. */
  list(): T[];
}

export interface StateStore {
  /** The collection `name` of seller `userId` (created empty on first use). */
  collection<T>(userId: number, name: string): Collection<T>;
  /** A collection shared by all sellers (e.g. card tokens made with a public key, OAuth codes). */
  global<T>(name: string): Collection<T>;
  /** The next integer of a named sequence (payment ids, refund ids, ...), shared by all sellers. */
  nextId(sequence: string, start?: number): number;
  /** Every seller known to the sandbox. */
  sellers(): Seller[];
  sellerByUserId(userId: number): Seller | undefined;
  /** The seller an access token belongs to, creating one on first sight for `TEST-`/`APP_USR-` tokens. */
  sellerForAccessToken(token: string): Seller | undefined;
  sellerForPublicKey(publicKey: string): Seller | undefined;
  /** Registers a new seller with fresh credentials (used by OAuth and the control API). */
  createSeller(input: {
    siteId?: SiteId;
    clientId?: string | null;
    nickname?: string;
    /** Prefix of the issued tokens: `TEST` (default) or `APP_USR` (e.g. OAuth-connected sellers). */
    tokenPrefix?: "TEST" | "APP_USR";
    /** The application the issued access token belongs to (an OAuth app's client id); random when absent. */
    applicationId?: string;
  }): {
    seller: Seller;
    accessToken: string;
    refreshToken: string;
  };
  /**
   * Binds an extra access token to a seller (e.g. a refreshed OAuth token); `revoke` drops an old one,
   * and a revoked token stays refused (it is not re-created on sight).
   */
  bindAccessToken(token: string, userId: number): void;
  revokeAccessToken(token: string): void;
  /** Marks state changed so that `--data` persistence writes it soon. */
  touch(): void;
  /** Forgets everything (control API reset). */
  reset(): void;
}

/** The sandbox's clock: real time plus an offset that the control API can advance. */
export interface SandboxClock {
  now(): Date;
  /** ISO-8601 with milliseconds and the provider's `-04:00`-style offset is not needed; UTC `Z` is fine. */
  nowIso(): string;
  /** Moves time forward and runs every ticker (subscription charges, expiries, ...). */
  advance(ms: number): Promise<void>;
  /**
   * Registers work that runs whenever time moves (on `advance` and on a real
   * timer every second). Tickers must be idempotent: they look at `now` and do
   * whatever is due.
   */
  onTick(ticker: (now: Date) => void | Promise<void>): void;
}

export type WebhookTopic =
  | "payment"
  | "order"
  | "merchant_order"
  | "subscription_preapproval"
  | "subscription_preapproval_plan"
  | "subscription_authorized_payment"
  | "point_integration_wh"
  | "mp-connect"
  // provider: the Webhooks names of the chargeback and claim topics (docs/provider-facts.md §9.2).
  | "topic_chargebacks_wh"
  | "topic_claims_integration_wh";

export interface WebhookNotice {
  sellerUserId: number;
  /** The topic: query `type` and body `type`. */
  topic: WebhookTopic;
  /** e.g. `payment.created`, `payment.updated`, `order.updated`. */
  action: string;
  /** The resource id: query `data.id` and body `data.id`. */
  dataId: string;
  /** The resource's own `notification_url`; the sandbox's default URL is used when absent. */
  notificationUrl?: string | null;
}

export interface WebhookDelivery {
  id: string;
  notificationId: number;
  url: string;
  topic: WebhookTopic;
  action: string;
  dataId: string;
  sellerUserId: number;
  requestId: string;
  attempts: { at: string; status: number | null; error: string | null }[];
  state: "pending" | "delivered" | "failed";
  body: Record<string, unknown>;
  /** When the next attempt is due (sandbox clock, ISO), null when none is scheduled. */
  nextAttemptAt?: string | null;
}

export interface WebhookDispatcher {
  /** Queues a signed notification; delivery and retries happen in the background. */
  notify(notice: WebhookNotice): void;
  deliveries(): WebhookDelivery[];
  /** Resolves when no delivery is pending or in flight (for tests and the control API). */
  idle(): Promise<void>;
}

export interface SandboxConfig {
  /** The sandbox's own base URL, e.g. http://127.0.0.1:8787 (for init_point, ticket_url, ...). */
  publicUrl: string;
  webhookSecret: string;
  /** Where notifications go when a resource has no notification_url. */
  defaultNotificationUrl: string | null;
  /** Origins allowed to tokenize cards from a browser (CORS on /v1/card_tokens). `*` allows any. */
  corsOrigins: string[];
  /** Site of sellers created on first sight of a token. */
  defaultSiteId: SiteId;
}

/** Everything a resource handler may use. */
export interface SandboxContext {
  config: SandboxConfig;
  store: StateStore;
  clock: SandboxClock;
  webhooks: WebhookDispatcher;
}

/** Per-request values set by the core middlewares before a resource handler runs. */
export interface SandboxVariables {
  /** The authenticated seller (bearer token, or public key for browser card tokens). */
  seller: Seller;
  /** How the caller authenticated. */
  authKind: "bearer" | "public_key";
  /** The id of the application the access token was issued to (`application_id` of what the call creates). */
  applicationId: number;
  /** The request's X-Idempotency-Key, when sent. */
  idempotencyKey: string | null;
  /** The request body parsed as JSON (undefined when the request has none). */
  jsonBody: unknown;
}

export type SandboxEnv = { Variables: SandboxVariables };

/** Each `resources/<group>.ts` exports one of these: it adds its routes to the app. */
export type RegisterRoutes = (app: Hono<SandboxEnv>, ctx: SandboxContext) => void;
