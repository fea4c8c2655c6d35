/**
 * Typed errors for provider calls.
 *
 * Two families:
 * - `ProviderError` and its subclasses: the provider answered with a non-success status. They keep the parsed body
 *   whole (both the classic `{message, error, status, cause[]}` shape and the Orders `{errors[], data}` shape).
 * - `ProviderConnectionError` / `ProviderTimeoutError`: no answer arrived. The request may or may not have been
 *   processed, so they carry the idempotency key the caller needs to repeat the call safely.
 *
 * Nothing here ever holds the access token: every message and body goes through `redactSecrets` first.
 */

const REDACTED = "[REDACTED]";

/** Upper bound for the body excerpt quoted in a message when the body is not JSON (HTML error pages…). */
const MAX_TEXT_EXCERPT = 300;

/** Matches what Mercado Pago access tokens look like (`APP_USR-…`, `TEST-…`), whatever token was configured. */
const TOKEN_PATTERN = /\b(?:APP_USR|TEST)-[A-Za-z0-9-]{16,}/g;
const BEARER_PATTERN = /\bBearer\s+[^\s"',;]+/gi;

/** One entry of the classic error body's `cause` array. */
export interface ClassicErrorCause {
  code?: number | string;
  description?: string;
  data?: string | null;
}

/** Error body of the classic APIs (payments, preferences, customers, preapproval, oauth…). */
export interface ClassicErrorBody {
  message?: string;
  error?: string;
  status?: number;
  cause?: ClassicErrorCause[];
}

/** One entry of the Orders API error body's `errors` array. */
export interface OrdersErrorItem {
  code: string;
  message?: string;
  details?: string[];
}

/** Error body of the Orders API; `data` is the order snapshot (e.g. a declined order on 402). */
export interface OrdersErrorBody {
  errors: OrdersErrorItem[];
  data?: Record<string, unknown>;
}

/** Error body of some legacy endpoints (seen on 404s). */
export interface LegacyErrorBody {
  ErrorMessage?: string;
  ErrorCode?: string;
  ErrorStatus?: number;
  ErrorCause?: unknown[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * True when `body` has the Orders API error shape `{ errors: [{ code, message?, details? }], data? }`.
 *
 * @example
 * if (error instanceof ProviderError && isOrdersErrorBody(error.body)) console.log(error.body.errors[0]?.code);
 */
export function isOrdersErrorBody(body: unknown): body is OrdersErrorBody {
  return (
    isRecord(body) &&
    Array.isArray(body.errors) &&
    body.errors.every((item) => isRecord(item) && typeof item.code === "string")
  );
}

/**
 * True when `body` has the classic error shape `{ message, error, status, cause[] }`. Gateway errors such as
 * `{ status: 502, message: "Bad Gateway" }` also match: at least one of `message` / `error` is a string.
 */
export function isClassicErrorBody(body: unknown): body is ClassicErrorBody {
  if (!isRecord(body) || isOrdersErrorBody(body)) return false;
  if (typeof body.message !== "string" && typeof body.error !== "string") return false;
  return body.cause === undefined || body.cause === null || Array.isArray(body.cause);
}

/** True when `body` has the legacy `{ ErrorMessage, ErrorCode, ErrorStatus, ErrorCause }` shape. */
export function isLegacyErrorBody(body: unknown): body is LegacyErrorBody {
  return isRecord(body) && (typeof body.ErrorMessage === "string" || typeof body.ErrorCode === "string");
}

/**
 * Replaces every occurrence of the given secrets, of `Bearer <anything>` and of anything shaped like a Mercado Pago
 * access token with `[REDACTED]`. Used on every message and body an error keeps, so a provider that echoes the
 * token back cannot leak it into logs.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length > 0) result = result.split(secret).join(REDACTED);
  }
  return result.replace(BEARER_PATTERN, `Bearer ${REDACTED}`).replace(TOKEN_PATTERN, REDACTED);
}

/** Deep copy of a parsed JSON value with every string (keys included) passed through `redactSecrets`. */
export function redactValue(value: unknown, secrets: readonly string[] = []): unknown {
  if (typeof value === "string") return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (isRecord(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[redactSecrets(key, secrets)] = redactValue(item, secrets);
    return copy;
  }
  return value;
}

/**
 * Parses a `Retry-After` header into whole seconds: either delta-seconds (`"2"`) or an HTTP date, measured from
 * `nowMs`. Returns `undefined` when absent or unparseable.
 */
export function parseRetryAfterSeconds(
  value: string | null | undefined,
  nowMs: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number.parseInt(trimmed, 10);
  const dateMs = Date.parse(trimmed);
  if (Number.isNaN(dateMs)) return undefined;
  return Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
}

function describeClassicBody(body: ClassicErrorBody): string {
  const headline = body.message ?? body.error ?? "";
  const parts: string[] = [];
  if (body.error !== undefined && body.error !== headline) parts.push(body.error);
  const causes = (body.cause ?? [])
    .filter(isRecord)
    .map((cause) => [cause.code, cause.description].filter((part) => part !== undefined && part !== "").join(" "))
    .filter((text) => text.length > 0);
  if (causes.length > 0) parts.push(`cause: ${causes.join(", ")}`);
  return parts.length > 0 ? `${headline} (${parts.join("; ")})` : headline;
}

function describeOrdersBody(body: OrdersErrorBody): string {
  return body.errors
    .map((item) => {
      let text = item.message ? `${item.code}: ${item.message}` : item.code;
      if (Array.isArray(item.details) && item.details.length > 0) text += ` (${item.details.join(", ")})`;
      return text;
    })
    .join("; ");
}

/** Human summary of a provider error body, whatever its shape. */
export function describeErrorBody(body: unknown): string {
  if (isOrdersErrorBody(body) && body.errors.length > 0) return describeOrdersBody(body);
  if (isClassicErrorBody(body)) return describeClassicBody(body);
  if (isLegacyErrorBody(body)) {
    const message = body.ErrorMessage ?? body.ErrorCode ?? "";
    return body.ErrorCode && body.ErrorCode !== message ? `${message} (${body.ErrorCode})` : message;
  }
  if (typeof body === "string") {
    const collapsed = body.replace(/\s+/g, " ").trim();
    return collapsed.length > MAX_TEXT_EXCERPT ? `${collapsed.slice(0, MAX_TEXT_EXCERPT)}…` : collapsed;
  }
  if (body === undefined || body === null) return "";
  return JSON.stringify(body).slice(0, MAX_TEXT_EXCERPT);
}

/** Machine-readable code of an error body: the first Orders error code, the classic `error`, or the legacy code. */
export function errorCodeOf(body: unknown): string | undefined {
  if (isOrdersErrorBody(body)) return body.errors[0]?.code;
  if (isClassicErrorBody(body)) return body.error;
  if (isLegacyErrorBody(body)) return body.ErrorCode;
  return undefined;
}

/** What every provider error knows about the call it came from. */
export interface ProviderCallContext {
  /** HTTP method, upper case. */
  method: string;
  /** URL path of the call (no query string, which could carry personal data). */
  path: string;
  /** The `X-Idempotency-Key` the call was sent with (undefined for GET). Repeat the call with it to stay safe. */
  idempotencyKey?: string | undefined;
}

/**
 * What both error families share: the call they came from, with every secret redacted from the message and the
 * path, and the same structured-log shape. Not exported: callers tell the families apart by `ProviderError` /
 * `ProviderConnectionError`.
 */
abstract class ProviderCallError extends Error {
  readonly idempotencyKey: string | undefined;
  readonly method: string;
  readonly path: string;

  protected constructor(
    message: string,
    init: ProviderCallContext & { secrets?: readonly string[] | undefined },
    options?: ErrorOptions,
  ) {
    const secrets = init.secrets ?? [];
    super(redactSecrets(message, secrets), options);
    this.name = new.target.name;
    this.idempotencyKey = init.idempotencyKey;
    this.method = init.method;
    this.path = redactSecrets(init.path, secrets);
  }

  /** Plain object for structured logs; contains nothing secret. `details` go between the message and the call. */
  protected logFields(details: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      ...details,
      idempotencyKey: this.idempotencyKey,
      method: this.method,
      path: this.path,
    };
  }
}

/** Input of `ProviderError` and `createProviderError`. */
export interface ProviderErrorInit extends ProviderCallContext {
  status: number;
  /** Parsed JSON body, or the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
  /** `x-request-id` response header: quote it to the provider's support. */
  requestId?: string | undefined;
  /** Seconds from `Retry-After` (only kept by `ProviderRateLimitError`). */
  retryAfterSeconds?: number | undefined;
  /** Strings that must never appear in the error (the access tokens used for the call). Not stored. */
  secrets?: readonly string[];
}

/** Base class of errors raised when the provider answered with a non-success status. */
export class ProviderError extends ProviderCallError {
  readonly status: number;
  /** The provider body kept whole (secrets redacted): classic, Orders, legacy, other JSON, text, or undefined. */
  readonly body: unknown;
  /** First Orders error code, classic `error`, or legacy `ErrorCode`. */
  readonly code: string | undefined;
  readonly requestId: string | undefined;

  constructor(init: ProviderErrorInit) {
    const body = redactValue(init.body, init.secrets ?? []);
    const detail = describeErrorBody(body);
    let message = `Mercado Pago responded ${init.status} to ${init.method} ${init.path}`;
    if (detail) message += `: ${detail}`;
    if (init.requestId) message += ` [x-request-id ${init.requestId}]`;
    super(message, init);
    this.status = init.status;
    this.body = body;
    this.code = errorCodeOf(body);
    this.requestId = init.requestId;
  }

  /** Plain object for structured logs; contains nothing secret. */
  toJSON(): Record<string, unknown> {
    return {
      ...this.logFields({ status: this.status, code: this.code, requestId: this.requestId }),
      body: this.body,
    };
  }
}

/** 400 and 422 (and 404 through `ProviderNotFoundError`): the request is wrong; repeating it will not help. */
export class ProviderBadRequestError extends ProviderError {}

/** 404: the resource does not exist (or belongs to another account). */
export class ProviderNotFoundError extends ProviderBadRequestError {}

/** 401: the access token is missing, invalid, expired, or live credentials were used in a test flow. */
export class ProviderAuthenticationError extends ProviderError {}

/** 402: the Orders API declined the transaction; `data` is the order snapshot (status `failed`). */
export class ProviderPaymentRequiredError extends ProviderError {
  /** The order returned alongside the failure (Orders API `data`), if any. */
  get data(): Record<string, unknown> | undefined {
    return isOrdersErrorBody(this.body) ? this.body.data : undefined;
  }
}

/** 403: the credentials may not do this (e.g. "Payer email forbidden"). */
export class ProviderPermissionError extends ProviderError {}

/**
 * 409 and 423. provider: 409 `idempotency_key_already_used` means the same key was sent with a different body;
 * 423 `resource_locked` means the first request with this key is still in flight ("retry in a moment").
 */
export class ProviderConflictError extends ProviderError {}

/** 429: too many requests. Never retried automatically; `retryAfterSeconds` tells when to try again. */
export class ProviderRateLimitError extends ProviderError {
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ProviderErrorInit) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterSeconds: this.retryAfterSeconds };
  }
}

/** 5xx: the provider failed. Retried automatically (same idempotency key) before this is thrown. */
export class ProviderServerError extends ProviderError {}

/** Constructor type shared by every `ProviderError` subclass. */
export type ProviderErrorClass = new (init: ProviderErrorInit) => ProviderError;

/** The error class for an HTTP status, by status family (plain `ProviderError` for anything unmapped). */
export function providerErrorClassForStatus(status: number): ProviderErrorClass {
  if (status >= 500) return ProviderServerError;
  switch (status) {
    case 400:
    case 422:
      return ProviderBadRequestError;
    case 401:
      return ProviderAuthenticationError;
    case 402:
      return ProviderPaymentRequiredError;
    case 403:
      return ProviderPermissionError;
    case 404:
      return ProviderNotFoundError;
    case 409:
    case 423:
      return ProviderConflictError;
    case 429:
      return ProviderRateLimitError;
    default:
      return ProviderError;
  }
}

/** Builds the right `ProviderError` subclass for `init.status`. */
export function createProviderError(init: ProviderErrorInit): ProviderError {
  const ErrorClass = providerErrorClassForStatus(init.status);
  return new ErrorClass(init);
}

/** Parses a body as JSON when possible; keeps non-JSON text as is, and an empty body as `undefined`. */
export function parseErrorBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Reads a non-success `Response` and builds the matching typed error, with `x-request-id`, `Retry-After`, the call
 * context and the secrets to redact. Consumes the response body.
 */
export async function createProviderErrorFromResponse(
  response: Response,
  context: ProviderCallContext & { secrets?: readonly string[] },
): Promise<ProviderError> {
  let text = "";
  try {
    text = await response.text();
  } catch {
    // A body that breaks mid-read still leaves the status, which is what decides the error class.
  }
  return createProviderError({
    ...context,
    status: response.status,
    body: parseErrorBody(text),
    requestId: response.headers.get("x-request-id") ?? undefined,
    retryAfterSeconds: parseRetryAfterSeconds(response.headers.get("retry-after")),
  });
}

/** Input of `ProviderConnectionError`. */
export interface ProviderConnectionErrorInit extends ProviderCallContext {
  /** The underlying failure (redacted copy if its message held a secret). */
  cause?: unknown;
  secrets?: readonly string[];
}

function safeCause(cause: unknown, secrets: readonly string[]): unknown {
  if (cause instanceof Error) {
    const text = `${cause.message}\n${cause.stack ?? ""}`;
    if (redactSecrets(text, secrets) === text) return cause;
    const copy = new Error(redactSecrets(cause.message, secrets));
    copy.name = cause.name;
    return copy;
  }
  if (typeof cause === "string") return redactSecrets(cause, secrets);
  return cause === undefined ? undefined : redactValue(cause, secrets);
}

function causeMessage(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : "";
    return `${cause.message}${inner}`;
  }
  return cause === undefined ? "" : String(cause);
}

function repeatAdvice(context: ProviderCallContext): string {
  return context.idempotencyKey
    ? `It may or may not have been processed: repeat it with X-Idempotency-Key ${context.idempotencyKey} to avoid a duplicate.`
    : "It was not retried; repeating a read is safe.";
}

/**
 * The request got no response (DNS failure, refused or reset connection, broken body). Not retried automatically:
 * the provider may have processed it, so repeat the call with `idempotencyKey` (the provider replays the result).
 */
export class ProviderConnectionError extends ProviderCallError {
  constructor(init: ProviderConnectionErrorInit, headline?: string) {
    const cause = safeCause(init.cause, init.secrets ?? []);
    const reason = causeMessage(cause);
    const first =
      headline ?? `Could not reach Mercado Pago for ${init.method} ${init.path}${reason ? ` (${reason})` : ""}.`;
    super(`${first} ${repeatAdvice(init)}`, init, cause === undefined ? undefined : { cause });
  }

  /** Plain object for structured logs; contains nothing secret. */
  toJSON(): Record<string, unknown> {
    return this.logFields();
  }
}

/** Input of `ProviderTimeoutError`. */
export interface ProviderTimeoutErrorInit extends ProviderConnectionErrorInit {
  timeoutMs: number;
}

/** One attempt took longer than `timeoutMs`. Not retried automatically, for the same reason as connection errors. */
export class ProviderTimeoutError extends ProviderConnectionError {
  readonly timeoutMs: number;

  constructor(init: ProviderTimeoutErrorInit) {
    super(init, `Mercado Pago did not answer ${init.method} ${init.path} within ${init.timeoutMs} ms.`);
    this.timeoutMs = init.timeoutMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), timeoutMs: this.timeoutMs };
  }
}
