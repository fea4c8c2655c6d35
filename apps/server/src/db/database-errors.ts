// What a failed database call means to the rest of the server, in one place:
// - "unavailable" (PostgreSQL restarting, failing over, unreachable) is a
//   passing state: requests are refused with a 503 and Retry-After, jobs are
//   retried, and the pool reconnects by itself once PostgreSQL is back;
// - what of a driver error may be logged: its message and codes, never the
//   client pg-pool attaches to it (`err.client`) with its connection
//   parameters (host, port, user, password).
import pg from "pg";

/** What a client is told to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The message of a refusal while the database is away (safe to show: it names no host or detail). */
export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable right now. Try again in a few seconds.";

/** Socket-level failures reaching PostgreSQL (Node's error codes). */
const SOCKET_ERROR_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs that mean "the server is going or not there yet" (PostgreSQL's Appendix A): class 08 is
 * connection_exception; 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * or a standby not yet promoted); 53300 too_many_connections; 25006 read_only_sql_transaction (a write reached
 * a server that became a standby in a failover).
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);

/** pg's own messages for a connection that ended or never came (they carry no code). */
const UNAVAILABLE_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
];

function codeOf(error: object): string | null {
  return "code" in error && typeof error.code === "string" ? error.code : null;
}

/**
 * Whether `error` (as thrown by a query or by taking a connection from the pool) says PostgreSQL cannot be reached
 * right now. Only the error itself is examined, not its causes: a provider call that failed with ECONNREFUSED
 * comes wrapped (fetch's TypeError, an AppError) and must not read as the database being away.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = codeOf(error);
  if (code !== null && SOCKET_ERROR_CODES.has(code)) return true;
  // SQLSTATEs only from PostgreSQL itself: other errors carry codes of their own (the provider's, for one).
  if (
    error instanceof pg.DatabaseError &&
    code !== null &&
    (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08"))
  ) {
    return true;
  }
  const message = error instanceof Error ? error.message : "";
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** A driver error as pg raises it: from PostgreSQL (`DatabaseError`), or one pg-pool tagged with its client. */
export function isDriverError(error: unknown): boolean {
  return (
    error instanceof pg.DatabaseError ||
    (typeof error === "object" && error !== null && "client" in error) ||
    isDatabaseUnavailableError(error)
  );
}

/** What of a driver error goes to the logs. */
export interface LoggedDatabaseError {
  type: string;
  message: string;
  code?: string;
  severity?: string;
}

/**
 * The loggable part of a driver error: its message, code and severity. Everything else stays out: pg-pool's
 * `client` (connection parameters, the password among them), a socket error's address and port, and a
 * DatabaseError's detail (it can quote the row's values).
 */
export function loggableDatabaseError(error: Error): LoggedDatabaseError {
  const code = codeOf(error);
  const severity = "severity" in error && typeof error.severity === "string" ? error.severity : null;
  return {
    type: error.constructor?.name ?? "Error",
    message: error.message,
    ...(code !== null ? { code } : {}),
    ...(severity !== null ? { severity } : {}),
  };
}
