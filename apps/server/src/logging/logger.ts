// Structured logs with pino: JSON lines in production, readable lines in
// development, silence in tests unless LOG_LEVEL asks. Secrets and card data
// are redacted here, by configuration, so no caller has to remember to.
import pino, { type Logger } from "pino";

export type { Logger };

/**
 * Paths pino blanks out wherever they appear in a logged object (one or two levels deep): credentials, session
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
].flatMap((path) => [path, `*.${path}`]);

export interface CreateLoggerOptions {
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  level: string;
  /** Human-readable lines (development) instead of JSON lines (production). */
  pretty: boolean;
}

/** The process's root logger; requests and jobs log through its children. */
export function createLogger(options: CreateLoggerOptions): Logger {
  return pino({
    level: options.level,
    base: { service: "cobro" },
    redact: { paths: [...REDACTED_PATHS], censor: "[redacted]" },
    ...(options.pretty
      ? { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname,service" } } }
      : {}),
  });
}

/** A logger that drops everything, for tests and tools. */
export function createSilentLogger(): Logger {
  return pino({ level: "silent" });
}
