// Step 1 of every provider request: the intent, with its key, recorded inside the caller's short transaction so
// the domain row and the intent commit together (or not at all), before any call.
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB, JsonValue, ProviderRequest } from "../../db/schema";
import { AppError } from "../../errors/app-error";

/** How long after recording a request may still be called; after it, only reconciliation (see runProviderRequest). */
export const DEFAULT_CALL_WINDOW_MS = 5 * 60 * 1000;

export interface ProviderRequestIntent {
  kind: string;
  idempotencyKey: string;
  /** The account the call goes to (null: the store's own); every retry goes there. */
  providerAccountId: string | null;
  /** The request as the caller asked for it; a repeat of the key with another body is a conflict. */
  body: JsonValue;
  /** What the request acts on (e.g. `{ type: "payment", id: "123" }`). */
  resource: { type: string; id: string };
  now: Date;
  /** No call starts after this (default: DEFAULT_CALL_WINDOW_MS after `now`; null: none). */
  deadline?: Date | null;
}

/** JSON with object keys sorted, so two equal bodies hash alike whatever order their keys were written in. */
function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** sha256 of the kind, the resource and the canonical body. */
export function fingerprintOf(intent: Pick<ProviderRequestIntent, "kind" | "body" | "resource">): string {
  return createHash("sha256")
    .update(canonicalJson({ kind: intent.kind, resource: intent.resource, body: intent.body }))
    .digest("hex");
}

/** A stored request for the same key must be the same request: same kind, same resource, same body. */
function assertSameRequest(existing: ProviderRequest, intent: ProviderRequestIntent, fingerprint: string): void {
  const same =
    existing.kind === intent.kind &&
    existing.resource_type === intent.resource.type &&
    existing.resource_id === intent.resource.id &&
    (existing.fingerprint === null || existing.fingerprint === fingerprint);
  if (!same) {
    throw new AppError(
      "CONFLICT",
      `The idempotency key ${intent.idempotencyKey} was already used for another request. Start again with a new one.`,
      { field: "idempotencyKey", reason: "idempotency_key_reused" },
    );
  }
}

async function findByKey(trx: Kysely<DB>, idempotencyKey: string): Promise<ProviderRequest | undefined> {
  return trx
    .selectFrom("provider_requests")
    .selectAll()
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
}

/**
 * Records the intent (call it inside the transaction that writes the domain row), or finds the one already
 * recorded under its key. `beforeInsert` runs only for a new intent: the domain's checks that a repeat must not
 * re-run (a repeat of a full refund would find nothing left to refund).
 *
 * @example
 *   const { request, isNew } = await recordProviderRequest(trx, intent, { beforeInsert: () => checkBalance(trx) });
 *   if (isNew) await trx.insertInto("refunds").values({ ..., provider_request_id: request.id }).execute();
 */
export async function recordProviderRequest(
  trx: Kysely<DB>,
  intent: ProviderRequestIntent,
  options: { beforeInsert?: () => Promise<void> } = {},
): Promise<{ request: ProviderRequest; isNew: boolean }> {
  const fingerprint = fingerprintOf(intent);
  const existing = await findByKey(trx, intent.idempotencyKey);
  if (existing) {
    assertSameRequest(existing, intent, fingerprint);
    return { request: existing, isNew: false };
  }
  await options.beforeInsert?.();
  const deadline =
    intent.deadline === undefined ? new Date(intent.now.getTime() + DEFAULT_CALL_WINDOW_MS) : intent.deadline;
  const inserted = await trx
    .insertInto("provider_requests")
    .values({
      kind: intent.kind,
      idempotency_key: intent.idempotencyKey,
      provider_account_id: intent.providerAccountId,
      fingerprint,
      status: "pending",
      deadline_at: deadline,
      resource_type: intent.resource.type,
      resource_id: intent.resource.id,
      created_at: intent.now,
      updated_at: intent.now,
    })
    // Two requests with one key at once: the second waits for the first's commit, then finds its row.
    .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { request: inserted, isNew: true };
  const raced = await findByKey(trx, intent.idempotencyKey);
  if (!raced) throw new Error(`provider request ${intent.idempotencyKey} vanished while it was recorded`);
  assertSameRequest(raced, intent, fingerprint);
  return { request: raced, isNew: false };
}
