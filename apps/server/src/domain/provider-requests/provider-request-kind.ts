// What the engine knows of a kind of provider request: how its domain row completes when the outcome is known,
// and how to read the provider for a request whose answer was never seen. One definition serves the first call
// (runProviderRequest), every repeat of its key, and the reconcile loop.
import type { Kysely } from "kysely";
import type { DB, JsonValue, ProviderRequest } from "../../db/schema";
import type { AppDeps } from "../../deps";
import type { ConnectedProviderDeps } from "../../provider/provider-for-account";

/** What went wrong, as stored in `provider_requests.error`: words and numbers safe to show staff, never a token. */
export interface ProviderRequestError {
  /** `refused` (the provider said no), `unanswered` (no answer seen), `not_found` (reconciliation found no effect). */
  type: "refused" | "unanswered" | "not_found";
  /** The HTTP status the provider answered with, when it answered. */
  httpStatus: number | null;
  /** The provider's own error code, when it gave one. */
  code: string | null;
  /** A short explanation safe to show staff. */
  message: string | null;
}

/** Where a request ended, as its domain sees it. `unknown` may still become either of the others. */
export type ProviderRequestOutcome<Answer> =
  | { status: "succeeded"; answer: Answer }
  | { status: "failed"; error: ProviderRequestError }
  | {
      status: "unknown";
      error: ProviderRequestError | null;
      /** Another call with this key holds the lease right now: wait for it rather than call again. */
      inFlight: boolean;
    };

/** What a reconciler concluded: the effect exists (with the answer it read), it certainly does not, or not yet. */
export type ProviderRequestVerdict<Answer> =
  | { status: "succeeded"; answer: Answer }
  | { status: "failed"; error: ProviderRequestError }
  | null;

export type ProviderRequestDeps = ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;

export interface ProviderRequestKind<Answer extends JsonValue | object> {
  /** Stored in `provider_requests.kind`, e.g. `payment.refund`. */
  kind: string;
  /**
   * Completes the domain's own row (and its audit line) in the transaction that records the outcome in the ledger,
   * so the two never disagree. Runs once per request for a final outcome, and for each `unknown`.
   */
  onOutcome(
    trx: Kysely<DB>,
    request: ProviderRequest,
    outcome: ProviderRequestOutcome<Answer>,
    context: { now: Date; by: "call" | "reconcile" },
  ): Promise<void>;
  /**
   * Reads the provider for a request left `unknown` (or `pending` by a process that died mid-call). Only reads:
   * never repeats the effect. Null while the provider cannot tell yet.
   */
  reconcile(deps: ProviderRequestDeps, request: ProviderRequest): Promise<ProviderRequestVerdict<Answer>>;
  /** After a reconcile settled a request, outside any transaction (e.g. re-read the payment into the mirror). */
  afterReconcile?(deps: ProviderRequestDeps, request: ProviderRequest): Promise<void>;
}
