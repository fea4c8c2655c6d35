// The one error type domain code throws, and the one table that turns its code
// into a tRPC code and an HTTP status. Domain functions know nothing of tRPC or
// HTTP: they throw `new AppError("CONFLICT", "…", { field: "email" })` and the
// tRPC layer (trpc.ts) and the HTTP layer both map it through `APP_ERROR_STATUS`.
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

export const APP_ERROR_CODES = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "TOO_MANY_REQUESTS",
  "PAYMENT_DECLINED",
  "PROVIDER_UNAVAILABLE",
  "INTERNAL",
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** The single mapping from our codes to tRPC codes and HTTP statuses. */
export const APP_ERROR_STATUS: Readonly<Record<AppErrorCode, { trpcCode: TRPC_ERROR_CODE_KEY; httpStatus: number }>> = {
  BAD_REQUEST: { trpcCode: "BAD_REQUEST", httpStatus: 400 },
  UNAUTHORIZED: { trpcCode: "UNAUTHORIZED", httpStatus: 401 },
  FORBIDDEN: { trpcCode: "FORBIDDEN", httpStatus: 403 },
  NOT_FOUND: { trpcCode: "NOT_FOUND", httpStatus: 404 },
  CONFLICT: { trpcCode: "CONFLICT", httpStatus: 409 },
  TOO_MANY_REQUESTS: { trpcCode: "TOO_MANY_REQUESTS", httpStatus: 429 },
  // A declined card is the payer's problem to fix (another card), like 402 in card APIs.
  PAYMENT_DECLINED: { trpcCode: "PAYMENT_REQUIRED", httpStatus: 402 },
  // The provider failed or timed out after the client's retries: try again later.
  PROVIDER_UNAVAILABLE: { trpcCode: "SERVICE_UNAVAILABLE", httpStatus: 503 },
  INTERNAL: { trpcCode: "INTERNAL_SERVER_ERROR", httpStatus: 500 },
};

/** The message shown for failures we do not explain (the details go to the log only). */
export const GENERIC_INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";

export interface AppErrorOptions {
  /** The input field at fault (e.g. "email"), so a form can show the message next to it. */
  field?: string;
  /** For TOO_MANY_REQUESTS / PROVIDER_UNAVAILABLE: when trying again makes sense. */
  retryAfterSeconds?: number;
  /** A translatable code the web app can look up (e.g. `cc_rejected_insufficient_amount`, `invalid_card_token`). */
  reason?: string;
  /** The underlying error, for logs only; never shown to the user. */
  cause?: unknown;
}

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

  get httpStatus(): number {
    return APP_ERROR_STATUS[this.code].httpStatus;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
