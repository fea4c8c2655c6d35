// Steps 2 and 3 of every provider request: claim the call under a lease, call the provider outside any
// transaction with the stored key and account, and record the answer (or its absence) in the ledger and the
// domain row together. Repeats of the key go through here too: a settled request answers from the ledger, an
// open one calls again with the same key, and the provider replays instead of acting twice.
import { type ProviderClient, ProviderError } from "@cobro/provider-client";
import { sql } from "kysely";
import { type JsonValue, type ProviderRequest, toJsonb } from "../../db/schema";
import { providerForAccount } from "../../provider/provider-for-account";
import {
  isRefusedWithoutPayment,
  PAYMENT_CALL_DEADLINE_MS,
  PAYMENT_LEASE_MS,
} from "../checkout/payment-attempt-policy";
import type {
  ProviderRequestDeps,
  ProviderRequestError,
  ProviderRequestKind,
  ProviderRequestOutcome,
} from "./provider-request-kind";

/** The stored outcome of a request: final, or unknown (in flight while another instance's lease is live). */
export function storedOutcome<Answer>(request: ProviderRequest, now: Date): ProviderRequestOutcome<Answer> {
  if (request.status === "succeeded") return { status: "succeeded", answer: request.answer as Answer };
  if (request.status === "failed") return { status: "failed", error: request.error as unknown as ProviderRequestError };
  return {
    status: "unknown",
    error: (request.error as unknown as ProviderRequestError | null) ?? null,
    inFlight: request.lease_until !== null && request.lease_until.getTime() > now.getTime(),
  };
}

/** The ledger's words for a failed call: the provider's status and code, never its body (it may echo a token). */
export function errorOf(error: unknown, type: ProviderRequestError["type"], message: string | null) {
  return {
    type,
    httpStatus: error instanceof ProviderError ? error.status : null,
    code: error instanceof ProviderError ? (error.code ?? null) : null,
    message,
  } satisfies ProviderRequestError;
}

/**
 * Records an outcome in the ledger and, in the same transaction, the domain row (`kind.onOutcome`). Only an open
 * request changes: when a reconcile and a late answer race, the first to record wins and the other reads it.
 */
export async function recordOutcome<Answer extends JsonValue | object>(
  deps: Pick<ProviderRequestDeps, "db" | "now">,
  kind: ProviderRequestKind<Answer>,
  request: ProviderRequest,
  outcome: ProviderRequestOutcome<Answer>,
  by: "call" | "reconcile",
): Promise<ProviderRequestOutcome<Answer>> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("provider_requests")
      .set({
        status: outcome.status,
        answer: outcome.status === "succeeded" ? toJsonb(outcome.answer) : null,
        error: outcome.status === "succeeded" || outcome.error === null ? null : toJsonb(outcome.error),
        lease_until: null,
        completed_at: outcome.status === "unknown" ? null : now,
        updated_at: now,
      })
      .where("id", "=", request.id)
      .where("status", "in", ["pending", "unknown"])
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      const settled = await trx
        .selectFrom("provider_requests")
        .selectAll()
        .where("id", "=", request.id)
        .executeTakeFirstOrThrow();
      return storedOutcome<Answer>(settled, now);
    }
    await kind.onOutcome(trx, updated, outcome, { now, by });
    return outcome;
  });
}

/**
 * Claims the right to call: only an open request, past any other instance's lease, before its deadline. Returns
 * the claimed row, or null (settled meanwhile, another call is out, or the deadline passed).
 */
async function claim(deps: Pick<ProviderRequestDeps, "db" | "now">, request: ProviderRequest, retryRefused: boolean) {
  const now = deps.now();
  return deps.db
    .updateTable("provider_requests")
    .set({
      status: "pending",
      lease_until: new Date(now.getTime() + PAYMENT_LEASE_MS),
      attempts: sql<number>`attempts + 1`,
      attempted_at: now,
      completed_at: null,
      updated_at: now,
    })
    .where("id", "=", request.id)
    .where("status", "in", retryRefused ? ["pending", "unknown", "failed"] : ["pending", "unknown"])
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
    .where((eb) => eb.or([eb("deadline_at", "is", null), eb("deadline_at", ">", now)]))
    .returningAll()
    .executeTakeFirst();
}

export interface RunProviderRequestOptions<Answer extends JsonValue | object> {
  deps: ProviderRequestDeps;
  kind: ProviderRequestKind<Answer>;
  request: ProviderRequest;
  /** The one provider call; `provider` acts for the request's account, `idempotencyKey` is the stored key. */
  call(context: { provider: ProviderClient; idempotencyKey: string; signal: AbortSignal }): Promise<Answer>;
  /** Words stored with a refusal, safe to show staff (e.g. "Mercado Pago refused the refund."), or made from it. */
  refusedMessage: string | ((error: unknown) => string);
  /**
   * Whether a failed call was refused without effect (default `isRefusedWithoutPayment`). A kind whose API says
   * more (the Orders API's 409 `cannot_capture_order` is a refusal, its 409 `idempotency_key_already_used` is not)
   * gives its own rule.
   */
  isRefused?: (error: unknown) => boolean;
  /**
   * While another call holds the lease, wait up to this long for it to record its outcome (a double submit then
   * hears the same answer as the first), instead of answering `unknown` (in flight) at once. Default: no wait.
   */
  waitInFlightMs?: number;
  /**
   * A request the provider refused (or reconciliation found without effect) may be tried again under the same key:
   * for intents the shopper repeats with new details (a checkout paid again after a declined card token).
   */
  retryRefused?: boolean;
  /** Right after this caller claimed the call, before it goes out (e.g. an audit line "attempted"). */
  onClaimed?(request: ProviderRequest): Promise<void>;
}

export interface RunProviderRequestResult<Answer> {
  outcome: ProviderRequestOutcome<Answer>;
  /** Whether this run made the call (false: answered from the ledger, or another call holds the lease). */
  called: boolean;
  /** The raw error of this run's call, if any: for logs and the caller's own error, never stored. */
  cause: unknown;
}

/** How often a caller waiting for another call's outcome re-reads the ledger. */
const IN_FLIGHT_POLL_MS = 100;

/** Re-reads the request until it is settled, its lease is over, or `waitMs` passed; returns the last read. */
async function waitWhileInFlight(deps: Pick<ProviderRequestDeps, "db" | "now">, requestId: string, waitMs: number) {
  const until = Date.now() + waitMs;
  for (;;) {
    const current = await deps.db
      .selectFrom("provider_requests")
      .selectAll()
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow();
    const live = current.lease_until !== null && current.lease_until.getTime() > deps.now().getTime();
    const open = current.status === "pending" || current.status === "unknown";
    if (!open || !live || Date.now() >= until) return current;
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
  }
}

/**
 * Calls the provider for a recorded request (never inside a transaction) and records the outcome: `succeeded`
 * with the answer, `failed` when the provider refused without effect, `unknown` when no answer was seen. A
 * request already settled answers from the ledger without a call.
 */
export async function runProviderRequest<Answer extends JsonValue | object>(
  options: RunProviderRequestOptions<Answer>,
): Promise<RunProviderRequestResult<Answer>> {
  const { deps, kind, request } = options;
  const retryRefused = options.retryRefused ?? false;
  if (request.status === "succeeded" || (request.status === "failed" && !retryRefused)) {
    return { outcome: storedOutcome(request, deps.now()), called: false, cause: null };
  }
  // The account of the first try, resolved before the claim: an ended connection claims nothing.
  const provider = await providerForAccount(deps, request.provider_account_id);
  const claimed = await claim(deps, request, retryRefused);
  if (!claimed) {
    const current = await waitWhileInFlight(deps, request.id, options.waitInFlightMs ?? 0);
    return { outcome: storedOutcome(current, deps.now()), called: false, cause: null };
  }
  await options.onClaimed?.(claimed);
  let outcome: ProviderRequestOutcome<Answer>;
  let cause: unknown = null;
  try {
    const answer = await options.call({
      provider,
      idempotencyKey: claimed.idempotency_key,
      signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
    });
    outcome = { status: "succeeded", answer };
  } catch (error) {
    cause = error;
    const refused = (options.isRefused ?? isRefusedWithoutPayment)(error);
    const message = typeof options.refusedMessage === "string" ? options.refusedMessage : options.refusedMessage(error);
    outcome = refused
      ? { status: "failed", error: errorOf(error, "refused", message) }
      : { status: "unknown", error: errorOf(error, "unanswered", null), inFlight: false };
  }
  return { outcome: await recordOutcome(deps, kind, claimed, outcome, "call"), called: true, cause };
}
