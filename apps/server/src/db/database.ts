// One kysely instance over one pg.Pool, used for the embedded PostgreSQL and an
// external DATABASE_URL alike.
//
// bigint decision: PostgreSQL int8 (count(*), *_minor amounts, provider ids)
// is parsed to a JS number, and a value beyond Number.MAX_SAFE_INTEGER throws
// instead of silently losing digits. Minor-unit amounts and provider ids stay
// far below 2^53, so numbers are safe and far easier to use than strings. The
// parser is installed on this pool only (not on pg's global type registry), so
// other pools in the process (pg-boss) keep pg's defaults.

import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { fallbackLogger } from "../logging/logger";
import type { DB } from "./schema";

const INT8_OID = 20;

/** Parses an int8 text value to a number, refusing values a double cannot hold exactly. */
export function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) {
    throw new RangeError(`bigint value ${value} is outside the safe integer range`);
  }
  return parsed;
}

export interface CreateDatabaseOptions {
  /** Pool size. Default 10. */
  maxConnections?: number;
  /** Called when an idle pooled connection fails (e.g. the server restarts). Default: logged at error. */
  onPoolError?: (error: Error) => void;
  /** How long taking a new connection may wait for PostgreSQL before the query fails. Default 5 s. */
  connectionTimeoutMs?: number;
}

/** Default `connectionTimeoutMs`: a failover's unreachable host fails a request in seconds instead of hanging it. */
export const DATABASE_CONNECTION_TIMEOUT_MS = 5000;

/**
 * Opens a kysely database over a pg.Pool for the given connection string. The
 * pool connects lazily; call `db.destroy()` to close it.
 */
export function createDatabase(connectionString: string, options: CreateDatabaseOptions = {}): Kysely<DB> {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, parseInt8);
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? DATABASE_CONNECTION_TIMEOUT_MS,
    // Finds a connection whose server vanished without a word (a failover, a dropped network) instead of waiting
    // on it forever.
    keepAlive: true,
    types,
  });
  // Without a listener, an idle client's error (server shut down, network
  // blip) is an uncaught 'error' event that kills the process.
  const onPoolError =
    options.onPoolError ??
    ((error: Error) => fallbackLogger().error({ err: error }, "idle database connection failed"));
  pool.on("error", onPoolError);
  // pg-pool listens only while a client is idle. A client kysely holds (a query running, a transaction between
  // two queries) emits 'error' too when PostgreSQL shuts down or the socket breaks, and with no listener that
  // ends the process. The failure already reaches its caller (the running query rejects, the next one finds the
  // client unusable, and the pool drops it when released), so this listener only keeps the process alive.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
