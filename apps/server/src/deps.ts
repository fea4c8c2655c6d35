// What the running server is made of. main.ts builds one AppDeps; the Hono app,
// the tRPC context, webhook handling and jobs all receive it, and tests build
// their own against a test database and a sandbox.
import type { ProviderClient } from "@cobro/provider-client";
import type { Kysely } from "kysely";
import type { DB } from "./db/schema";
import type { Env } from "./env";
import type { Logger } from "./logging/logger";
import type { Mailer } from "./mail/mailer";

/** Background work on the PostgreSQL job queue. */
export interface JobQueue {
  /** Queues a job; `singletonKey` makes a second job with the same key a no-op while the first is queued. */
  enqueue(
    name: string,
    data: Record<string, unknown>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
}

export interface ProviderSettings {
  /** "sandbox" when the embedded sandbox plays Mercado Pago, "live" with a real access token. */
  mode: "sandbox" | "live";
  /** Base URL of the provider API (the sandbox's URL in sandbox mode). */
  apiUrl: string;
  /** Public key for browser card tokenization (safe to send to the browser). */
  publicKey: string;
  /** Secret that signs webhooks (never sent anywhere). */
  webhookSecret: string;
}

export interface AppDeps {
  env: Env;
  db: Kysely<DB>;
  /** The provider client acting for the store's own account. */
  provider: ProviderClient;
  providerSettings: ProviderSettings;
  jobs: JobQueue;
  /** 32-byte key for AES-256-GCM encryption of OAuth tokens at rest. */
  tokenEncryptionKey: Uint8Array;
  /** Public origin of the app, e.g. http://127.0.0.1:3000 (for back_urls and notification_url). */
  publicUrl: string;
  /** Sends e-mail over SMTP (the outbox's send job is its only user). */
  mailer: Mailer;
  /** Injectable clock for tests. */
  now: () => Date;
  /** Where this unit of work logs: the root logger, or a request's or job's child (with its request id). */
  logger: Logger;
}
