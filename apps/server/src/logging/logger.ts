// Structured logs with pino: JSON lines in production, readable lines in
// development, silence in tests unless LOG_LEVEL asks. Secrets and card data
// are redacted here, by configuration, so no caller has to remember to.
import pino, { type DestinationStream, type Logger } from "pino";

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
].flatMap((path) => [path, `*.${path}`, `*.*.${path}`]);

export interface CreateLoggerOptions {
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  level: string;
  /** Human-readable lines (development) instead of JSON lines (production). */
  pretty: boolean;
  /** Where JSON lines go (default stdout); tests pass a stream they read. Ignored when `pretty`. */
  destination?: DestinationStream;
}

/** The process's root logger; requests and jobs log through its children. */
export function createLogger(options: CreateLoggerOptions): Logger {
  const settings = {
    level: options.level,
    base: { service: "cobro" },
    redact: { paths: [...REDACTED_PATHS], censor: "[redacted]" },
  };
  if (options.pretty) {
    return pino({
      ...settings,
      transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname,service" } },
    });
  }
  return options.destination ? pino(settings, options.destination) : pino(settings);
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
