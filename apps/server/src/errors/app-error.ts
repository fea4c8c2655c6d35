// The one error type domain code throws. Domain functions know nothing of tRPC
// or HTTP: they throw `new AppError("CONFLICT", "…", { field: "email" })`, and
// the transport layers map the code to their own statuses in one table
// (trpc/error-status.ts). Codes and reasons come from @cobro/contracts, so the
// web app knows every reason the server can send.
import type { AppErrorCode, AppErrorReason } from "@cobro/contracts";

export type { AppErrorCode, AppErrorReason };

/** The message shown for failures we do not explain (the details go to the log only). */
export const GENERIC_INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";

export interface AppErrorOptions {
  /** The input field at fault (e.g. "email"), so a form can show the message next to it. */
  field?: string;
  /** For TOO_MANY_REQUESTS / PROVIDER_UNAVAILABLE: when trying again makes sense. */
  retryAfterSeconds?: number;
  /**
   * A translatable code the web app can look up: one of the contract's reasons, or a declined payment's
   * provider `status_detail` (e.g. `cc_rejected_insufficient_amount`).
   */
  reason?: AppErrorReason | ProviderStatusDetail;
  /** The underlying error, for logs only; never shown to the user. */
  cause?: unknown;
}

/** A provider `status_detail` passed on as a reason (`cc_rejected_…`, `pending_…`), branded by its prefix. */
export type ProviderStatusDetail = `cc_${string}` | `pending_${string}` | `rejected_${string}`;

/**
 * An expected failure with a message safe to show to the user. Never put
 * secrets, provider bodies or stack details in `message`; keep those in `cause`.
 */
export class AppError extends Error {
  override readonly name = "AppError";
  readonly code: AppErrorCode;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly reason: string | undefined;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.reason = options.reason;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
