// Structured logs with pino: JSON lines in production, readable lines in
// development, silence in tests unless LOG_LEVEL asks. Secrets and card data
// are redacted here, by configuration, so no caller has to remember to.
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import { isDriverError, loggableDatabaseError } from "../db/database-errors";

export type { Logger };

/**
 * Paths pino blanks out wherever they appear in a logged object (up to three levels deep): credentials, session
 * and checkout tokens, card tokens, and anything card-shaped that must never reach a log.
 */
export const REDACTED_PATHS: readonly string[] = [
  "accessToken",
  "refreshToken",
  "access_token",
  "refresh_token",
  "authorization",
  "Authorization",
  "cookie",
  "password",
  "webhookSecret",
  "token",
  "cardToken",
  "saveCardToken",
  "checkoutToken",
  "card_number",
  "cardNumber",
  "security_code",
  "securityCode",
  "headers.authorization",
  "headers.cookie",
  "headers['x-signature']",
  // E-mail links carry a one-time token (verification, password reset), the outbox keeps it encrypted.
  "link",
  "resetLink",
  "tokenCiphertext",
  "text",
  "html",
].flatMap((path) => [path, `*.${path}`, `*.*.${path}`]);

export interface CreateLoggerOptions {
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  level: string;
  /** Human-readable lines (development) instead of JSON lines (production). */
  pretty: boolean;
  /** Where JSON lines go (default stdout); tests pass a stream they read. Ignored when `pretty`. */
  destination?: DestinationStream;
}

/**
 * pino's error serializer, except that a database driver's error is reduced to its message and codes: pg-pool
 * hangs the failed client on the error (`err.client`, its connection parameters and password with it) and a socket
 * error carries the database's address and port as fields. The same for its direct cause (an error wrapping a driver error).
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return pino.stdSerializers.err(error as Error);
  if (isDriverError(error)) return loggableDatabaseError(error);
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  if (isDriverError(error.cause) && error.cause instanceof Error) serialized.cause = loggableDatabaseError(error.cause);
  if ("client" in serialized) delete serialized.client;
  return serialized;
}

/** The process's root logger; requests and jobs log through its children. */
export function createLogger(options: CreateLoggerOptions): Logger {
  const settings = {
    level: options.level,
    base: { service: "cobro" },
    redact: { paths: [...REDACTED_PATHS], censor: "[redacted]" },
    serializers: { err: serializeError },
  };
  if (!options.pretty) return options.destination ? pino(settings, options.destination) : pino(settings);
  // Pretty lines are formatted on the main thread, not in a transport worker: a worker is a second JavaScript
  // engine (about 10 MB) kept alive for development output, and synchronous writes make sure the last lines
  // before an exit are printed. Loaded only when asked for (production logs JSON lines).
  const require = createRequire(import.meta.url);
  const { PinoPretty } = require("pino-pretty") as typeof import("pino-pretty");
  return pino(
    settings,
    PinoPretty({ colorize: process.stdout.isTTY === true, ignore: "pid,hostname,service", sync: true }),
  );
}

/** A logger that drops everything, for tests and tools. */
export function createSilentLogger(): Logger {
  return pino({ level: "silent" });
}

let fallback: Logger | undefined;

/**
 * For the few places that can run without AppDeps (a pool error before the app is built, a queue started without a
 * logger): JSON lines at info, with the same redaction. Code that has `deps.logger` uses that instead.
 */
export function fallbackLogger(): Logger {
  fallback ??= createLogger({ level: "info", pretty: false });
  return fallback;
}
