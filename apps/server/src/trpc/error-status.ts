// The single mapping from AppError codes to tRPC codes and HTTP statuses, used
// by the tRPC layer (trpc.ts, format-error.ts) and the HTTP layer (app.ts).
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { AppErrorCode } from "../errors/app-error";

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
  // The database is away for a moment (a restart, a failover): try again shortly.
  SERVICE_UNAVAILABLE: { trpcCode: "SERVICE_UNAVAILABLE", httpStatus: 503 },
  INTERNAL: { trpcCode: "INTERNAL_SERVER_ERROR", httpStatus: 500 },
};

/** The HTTP status of an AppError code. */
export function httpStatusOf(code: AppErrorCode): number {
  return APP_ERROR_STATUS[code].httpStatus;
}
