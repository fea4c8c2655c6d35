// The tRPC errorFormatter: what a client sees when a procedure fails.
//
// - AppError → its own message, `field`, and the code/status from APP_ERROR_STATUS.
// - Invalid input (zod) → BAD_REQUEST with `fieldErrors` naming each field.
// - The database away (a restart, a failover) → SERVICE_UNAVAILABLE (503) with
//   retryAfterSeconds; app.ts's responseMeta adds the Retry-After header.
// - Anything else unexpected → INTERNAL with a generic message; the real error
//   goes to the request's log only (its lines carry the request id). Stacks are never sent.
//
// tRPC takes the HTTP status from `data.httpStatus`, so this is also where the
// status of every tRPC response is decided.

import { APP_ERROR_CODES } from "@cobro/contracts";
import type { TRPC_ERROR_CODE_KEY, TRPCDefaultErrorShape, TRPCError } from "@trpc/server";
import { type TRPC_ERROR_CODE_NUMBER, TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailableError,
} from "../db/database-errors";
import { AppError, type AppErrorCode, GENERIC_INTERNAL_MESSAGE } from "../errors/app-error";
import type { Logger } from "../logging/logger";
import { APP_ERROR_STATUS } from "./error-status";

/** Messages per input field, keyed by dotted path (`email`, `items.0.quantity`). */
export type FieldErrors = Record<string, string[]>;

export interface AppErrorData {
  code: TRPC_ERROR_CODE_KEY;
  httpStatus: number;
  path?: string;
  appCode: AppErrorCode;
  /** The one field an AppError points at, if any. */
  field: string | null;
  fieldErrors: FieldErrors | null;
  retryAfterSeconds: number | null;
  /** A translatable code for the failure (AppError `reason`), else null. */
  reason: string | null;
}

export interface AppErrorShape {
  message: string;
  code: TRPC_ERROR_CODE_NUMBER;
  data: AppErrorData;
}

type PathSegment = PropertyKey | { key: PropertyKey };

interface Issue {
  path: ReadonlyArray<PathSegment>;
  message: string;
  code?: string;
  /** unrecognized_keys: the fields the input must not have. */
  keys?: readonly string[];
  /** invalid_union: the issues of each alternative. */
  errors?: ReadonlyArray<ReadonlyArray<Issue>>;
}

export function formatTrpcError(options: {
  shape: TRPCDefaultErrorShape;
  error: TRPCError;
  path: string | undefined;
  /** The request's context; undefined when building it failed (createTrpcContext logged that already). */
  ctx?: { deps: { logger: Logger } } | undefined;
}): AppErrorShape {
  const { error, path } = options;
  const cause = error.cause;
  const logInternalError = (failure: unknown) =>
    options.ctx?.deps.logger.error({ err: failure, procedure: path ?? null }, "tRPC procedure failed");

  if (databaseUnavailableIn(error)) {
    options.ctx?.deps.logger.warn({ err: cause ?? error, procedure: path ?? null }, "database unavailable");
    return shapeOf({
      appCode: "SERVICE_UNAVAILABLE",
      message: DATABASE_UNAVAILABLE_MESSAGE,
      path,
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }

  if (cause instanceof AppError) {
    if (cause.code === "INTERNAL") logInternalError(cause.cause ?? cause);
    return shapeOf({
      appCode: cause.code,
      message: cause.message,
      path,
      field: cause.field ?? null,
      fieldErrors: cause.field ? { [cause.field]: [cause.message] } : null,
      retryAfterSeconds: cause.retryAfterSeconds ?? null,
      reason: cause.reason ?? null,
    });
  }

  const issues = issuesOf(cause);
  if (error.code === "BAD_REQUEST" && issues !== null) {
    const fieldErrors = fieldErrorsOf(issues);
    return shapeOf({ appCode: "BAD_REQUEST", message: summarise(fieldErrors), path, fieldErrors });
  }

  const status = options.shape.data.httpStatus;
  if (status >= 500) {
    logInternalError(cause ?? error);
    return shapeOf({ appCode: "INTERNAL", message: GENERIC_INTERNAL_MESSAGE, path });
  }

  // tRPC's own 4xx (unknown procedure, wrong method, unparsable body, batch
  // too large): its message is about the request, safe to show.
  return {
    message: error.message,
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    data: {
      code: error.code,
      httpStatus: status,
      ...(path !== undefined ? { path } : {}),
      appCode: appCodeForStatus(status),
      field: null,
      fieldErrors: null,
      retryAfterSeconds: null,
      reason: null,
    },
  };
}

/**
 * Whether a procedure failed because the database is away: the error tRPC caught, or the cause of an INTERNAL
 * AppError that wrapped it. Not deeper (see isDatabaseUnavailableError).
 */
export function databaseUnavailableIn(error: TRPCError): boolean {
  const cause = error.cause;
  if (cause instanceof AppError) return cause.code === "INTERNAL" && isDatabaseUnavailableError(cause.cause);
  return isDatabaseUnavailableError(cause);
}

function shapeOf(options: {
  appCode: AppErrorCode;
  message: string;
  path: string | undefined;
  field?: string | null;
  fieldErrors?: FieldErrors | null;
  retryAfterSeconds?: number | null;
  reason?: string | null;
}): AppErrorShape {
  const { trpcCode, httpStatus } = APP_ERROR_STATUS[options.appCode];
  return {
    message: options.message,
    code: TRPC_ERROR_CODES_BY_KEY[trpcCode],
    data: {
      code: trpcCode,
      httpStatus,
      ...(options.path !== undefined ? { path: options.path } : {}),
      appCode: options.appCode,
      field: options.field ?? null,
      fieldErrors: options.fieldErrors ?? null,
      retryAfterSeconds: options.retryAfterSeconds ?? null,
      reason: options.reason ?? null,
    },
  };
}

function isIssue(value: unknown): value is Issue {
  return (
    typeof value === "object" &&
    value !== null &&
    "message" in value &&
    typeof value.message === "string" &&
    "path" in value &&
    Array.isArray(value.path)
  );
}

/** zod's ZodError and Standard Schema errors both carry `issues`. */
function issuesOf(cause: unknown): Issue[] | null {
  if (typeof cause !== "object" || cause === null || !("issues" in cause) || !Array.isArray(cause.issues)) return null;
  return cause.issues.filter(isIssue);
}

/**
 * Issues as they concern fields: an unknown key becomes an issue of that key ("items.0.price: Unknown field"), and
 * a union that matched no alternative reports the issues of the alternative that came closest (fewest issues), so
 * the shopper reads which field is wrong instead of "input: Invalid input".
 */
function fieldIssuesOf(issues: readonly Issue[], prefix: readonly PathSegment[] = []): Issue[] {
  const expanded: Issue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "unrecognized_keys" && issue.keys && issue.keys.length > 0) {
      for (const key of issue.keys) expanded.push({ path: [...path, key], message: "Unknown field" });
    } else if (issue.code === "invalid_union" && issue.errors && issue.errors.length > 0) {
      const alternatives = issue.errors.map((alternative) => fieldIssuesOf(alternative.filter(isIssue), path));
      const closest = alternatives.reduce((best, next) => (next.length < best.length ? next : best));
      expanded.push(...(closest.length > 0 ? closest : [{ ...issue, path }]));
    } else {
      expanded.push({ ...issue, path });
    }
  }
  return expanded;
}

export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  // No prototype: a field named `__proto__` or `constructor` (a key of the input itself) is a key like any other,
  // not Object.prototype's.
  const fieldErrors: FieldErrors = Object.create(null);
  for (const issue of fieldIssuesOf(issues)) {
    const key =
      issue.path.map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".") || "input";
    const messages = fieldErrors[key] ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    fieldErrors[key] = messages;
  }
  return fieldErrors;
}

function summarise(fieldErrors: FieldErrors): string {
  const entries = Object.entries(fieldErrors);
  const [first] = entries;
  if (!first) return "Invalid input.";
  const [field, messages] = first;
  const more = entries.length > 1 ? ` (and ${entries.length - 1} more field${entries.length > 2 ? "s" : ""})` : "";
  return `${field}: ${messages[0] ?? "invalid"}${more}`;
}

function appCodeForStatus(status: number): AppErrorCode {
  return APP_ERROR_CODES.find((code) => APP_ERROR_STATUS[code].httpStatus === status) ?? "BAD_REQUEST";
}
