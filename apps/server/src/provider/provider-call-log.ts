// The provider call log: one `provider_calls` row per logical call the provider client makes, written from the
// client's `onCallEnd` hook (so no caller has to remember it). Fire-and-forget: the insert never delays or fails
// the call; a failed insert is logged. Only what the hook reports is stored (method, path, status or error name,
// duration, attempts, idempotency key, resource id) — never a body, a token or card data.
import type { CallEndInfo } from "@cobro/provider-client";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { Logger } from "../logging/logger";

/** How long call rows are kept (the prune job deletes older ones). */
export const PROVIDER_CALL_RETENTION_DAYS = 30;

/** provider: paths about one payment: /v1/payments/{id}, /v1/payments/{id}/refunds… */
const PAYMENT_PATH = /^\/v1\/payments\/(\d+)(?:\/|$)/;
/** provider: paths about one order: /v1/orders/{ORD…}, /v1/orders/{ORD…}/refund, …/transactions/{pay_…} */
const ORDER_PATH = /^\/v1\/orders\/(ORD[0-9A-Za-z]+)(?:\/|$)/;
/** Responses whose id is not a resource to show (a card token is single-use card data). */
const NO_RESOURCE_ID_PATHS = /^\/v1\/card_tokens/;

/** The resource a call was about: the payment or order id in its path, else the response's id. */
export function resourceIdOfCall(info: Pick<CallEndInfo, "path" | "responseId">): string | null {
  const fromPath = PAYMENT_PATH.exec(info.path)?.[1] ?? ORDER_PATH.exec(info.path)?.[1];
  if (fromPath) return fromPath;
  if (NO_RESOURCE_ID_PATHS.test(info.path)) return null;
  return info.responseId;
}

export interface ProviderCallRecorder {
  /** Pass as the provider client's `onCallEnd`. */
  onCallEnd(info: CallEndInfo): void;
  /** Resolves when every insert started so far has ended (tests, shutdown). */
  flush(): Promise<void>;
}

/** Creates the hook that writes `provider_calls`; `now` stamps the rows. */
export function createProviderCallRecorder(options: {
  db: Kysely<DB>;
  logger: Logger;
  now?: () => Date;
}): ProviderCallRecorder {
  const pending = new Set<Promise<void>>();
  const now = options.now ?? (() => new Date());
  return {
    onCallEnd(info) {
      const insert = options.db
        .insertInto("provider_calls")
        .values({
          method: info.method,
          path: info.path,
          status: info.status,
          error: info.errorName,
          duration_ms: info.durationMs,
          attempts: info.attempts,
          idempotency_key: info.idempotencyKey ?? null,
          resource_id: resourceIdOfCall(info),
          created_at: now(),
        })
        .execute()
        .then(
          () => {},
          (error: unknown) => options.logger.warn({ err: error, path: info.path }, "recording a provider call failed"),
        );
      pending.add(insert);
      void insert.finally(() => pending.delete(insert));
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

/** Deletes call rows older than `olderThan`; returns how many. */
export async function pruneProviderCalls(options: { db: Kysely<DB>; olderThan: Date }): Promise<number> {
  const result = await options.db
    .deleteFrom("provider_calls")
    .where("created_at", "<", options.olderThan)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
