// AppDeps for tests that exercise the database, sessions and tRPC without the
// provider: the provider client points at a closed port (a test that needs the
// provider builds deps around a sandbox instead), jobs are recorded in memory.
import { randomBytes } from "node:crypto";
import { createProviderClient } from "@cobro/provider-client";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { AppDeps, JobQueue } from "../deps";
import { loadEnv } from "../env";
import { createSilentLogger } from "../logging/logger";
import type { MailMessage } from "../mail/mailer";

export interface RecordedJob {
  name: string;
  data: Record<string, unknown>;
  options?: { singletonKey?: string; startAfterSeconds?: number };
}

export interface TestDeps extends AppDeps {
  /** Jobs enqueued through `jobs`. */
  enqueuedJobs: RecordedJob[];
  /** Messages handed to `mailer` (no SMTP in these tests). */
  sentMails: MailMessage[];
}

const UNREACHABLE_PROVIDER_URL = "http://127.0.0.1:9";

export function createTestDeps(options: { db: Kysely<DB>; now?: () => Date; publicUrl?: string }): TestDeps {
  const enqueuedJobs: RecordedJob[] = [];
  const sentMails: MailMessage[] = [];
  const jobs: JobQueue = {
    async enqueue(name, data, jobOptions) {
      enqueuedJobs.push({ name, data, ...(jobOptions ? { options: jobOptions } : {}) });
      return `job-${enqueuedJobs.length}`;
    },
  };
  return {
    env: loadEnv({ NODE_ENV: "test" }),
    db: options.db,
    provider: createProviderClient({
      accessToken: "TEST-unused",
      baseUrl: UNREACHABLE_PROVIDER_URL,
      maxRetries: 0,
      timeoutMs: 1_000,
    }),
    providerSettings: {
      mode: "sandbox",
      apiUrl: UNREACHABLE_PROVIDER_URL,
      publicKey: "TEST-public-key",
      webhookSecret: "test-webhook-secret",
    },
    jobs,
    tokenEncryptionKey: new Uint8Array(randomBytes(32)),
    publicUrl: options.publicUrl ?? "http://127.0.0.1:3000",
    now: options.now ?? (() => new Date()),
    logger: createSilentLogger(),
    mailer: {
      async send(message) {
        sentMails.push(message);
      },
      close() {},
    },
    enqueuedJobs,
    sentMails,
  };
}
