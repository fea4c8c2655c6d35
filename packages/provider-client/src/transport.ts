/**
 * Transport policy for Mercado Pago calls, in one place: auth, idempotency, per-attempt timeout, retry, typed errors.
 *
 * The policy is a handful of pure functions (`shouldRetry`, `retryDelayMs`, `needsIdempotencyKey`) plus
 * `createProviderFetch`, a `fetch`-compatible function that openapi-fetch uses as its `fetch` option (middleware runs
 * once per call and never re-sends, so retries must live here). `fetch` and `sleep` are injectable so tests run in
 * milliseconds without a network.
 *
 * Differences from the official SDK (mercadopago@3.6.1), on purpose:
 * - timeouts and network errors are not retried: the provider may have processed the request, and the typed error
 *   hands the idempotency key back so the caller decides;
 * - 429 is not retried (the caller sees `retryAfterSeconds`);
 * - a per-call idempotency key is a per-request header and never leaks into later calls (SDK issue #481).
 */

import {
  createProviderErrorFromResponse,
  errorCodeOf,
  ProviderConnectionError,
  type ProviderError,
  ProviderTimeoutError,
} from "./errors";

export const DEFAULT_BASE_URL = "https://api.mercadopago.com";
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_BACKOFF_BASE_MS = 1_000;
export const DEFAULT_USER_AGENT = "cobro-provider-client";
export const IDEMPOTENCY_KEY_HEADER = "X-Idempotency-Key";
export const REQUEST_ID_HEADER = "x-request-id";
/** provider: Orders answers 400 `invalid_idempotency_key_length` above 128 characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;

/** Waits `ms` milliseconds; must reject (with `signal.reason`) when `signal` aborts. */
export type SleepFunction = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The `fetch` the transport sends each attempt through. */
export type FetchFunction = (request: Request) => Promise<Response>;

/** What `onRetry` is told before each automatic retry. */
export interface RetryInfo {
  /** 1-based number of the attempt that just failed (the retry will be attempt `attempt + 1`). */
  attempt: number;
  /** Milliseconds the transport waits before the retry. */
  delayMs: number;
  /** HTTP status of the failed attempt. */
  status: number;
  /** The error the failed attempt would have raised. */
  error: ProviderError;
  method: string;
  path: string;
  /** Sent unchanged on the retry. */
  idempotencyKey: string | undefined;
}

/**
 * What `onCallEnd` is told once per logical call, after its last attempt. Never a body, a token or card data: only
 * the response's top-level `id` when its JSON body has one.
 */
export interface CallEndInfo {
  method: string;
  /** The URL's path, without the query string. */
  path: string;
  /** HTTP status of the last attempt; null when no response arrived (timeout, network error, abort). */
  status: number | null;
  /** The error's name when the call failed (`ProviderBadRequestError`, `ProviderTimeoutError`, `AbortError`…). */
  errorName: string | null;
  /** From the first attempt to the end of the last one, in milliseconds. */
  durationMs: number;
  /** How many attempts were sent (1 + retries). */
  attempts: number;
  idempotencyKey: string | undefined;
  /** The response body's top-level `id` (string or number as sent), or null. */
  responseId: string | null;
}

/** Options of the provider client (shared by every call made through it). */
export interface ProviderClientOptions {
  /** Mercado Pago access token (`APP_USR-…` or `TEST-…`), sent as `Authorization: Bearer <token>`. */
  accessToken: string;
  /** API root. Default `https://api.mercadopago.com`; point it at the local sandbox in tests. */
  baseUrl?: string;
  /** Time limit of each attempt, in milliseconds. Default 10 000. */
  timeoutMs?: number;
  /** Automatic retries after a 5xx (not after 4xx, timeouts or network errors). Default 2. */
  maxRetries?: number;
  /** Delay before retry n (0-based) is `backoffBaseMs · 2^n`. Default 1 000 (so 1 s, then 2 s). */
  backoffBaseMs?: number;
  /** `fetch` implementation. Default the global `fetch`. */
  fetch?: FetchFunction;
  /** Timer used between retries; must honour the AbortSignal. Default a `setTimeout`-based sleep. */
  sleep?: SleepFunction;
  /** Generates the idempotency key of each non-GET call. Default `crypto.randomUUID`. */
  idempotencyKey?: () => string;
  /** `User-Agent` header value. Default `cobro-provider-client`. */
  userAgent?: string;
  /** Called before each automatic retry (logging, metrics). Exceptions it throws are ignored. */
  onRetry?: (info: RetryInfo) => void;
  /** Called once per logical call after its last attempt (call logs, metrics). Exceptions it throws are ignored. */
  onCallEnd?: (info: CallEndInfo) => void;
}

/** `ProviderClientOptions` with every default applied and validated. */
export interface ResolvedTransportOptions {
  accessToken: string;
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  backoffBaseMs: number;
  fetch: FetchFunction;
  sleep: SleepFunction;
  idempotencyKey: () => string;
  userAgent: string;
  onRetry: ((info: RetryInfo) => void) | undefined;
  onCallEnd: ((info: CallEndInfo) => void) | undefined;
}

/**
 * Default `sleep`: a `setTimeout` that rejects with `signal.reason` as soon as the signal aborts, so a caller's
 * abort also cancels a pending backoff wait.
 */
export function sleepWithSignal(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("This operation was aborted", "AbortError");
}

function defaultFetch(request: Request): Promise<Response> {
  // Read at call time so a test or runtime that swaps the global after import is honoured.
  return globalThis.fetch(request);
}

function defaultIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

function assertNonNegativeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

/**
 * Applies defaults to `ProviderClientOptions` and validates them. Throws `TypeError` / `RangeError` for a missing
 * token or nonsensical numbers; the messages never include the token.
 */
export function resolveTransportOptions(options: ProviderClientOptions): ResolvedTransportOptions {
  if (typeof options.accessToken !== "string" || options.accessToken.trim() === "") {
    throw new TypeError("accessToken is required");
  }
  if (/\s/.test(options.accessToken)) throw new TypeError("accessToken must not contain whitespace");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError("timeoutMs must be a positive number");
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  assertNonNegativeInteger("maxRetries", maxRetries);
  const backoffBaseMs = options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
  if (!Number.isFinite(backoffBaseMs) || backoffBaseMs < 0) {
    throw new RangeError("backoffBaseMs must be a non-negative number");
  }
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  // Throws a TypeError for a malformed URL now rather than on the first call.
  new URL(baseUrl);
  return {
    accessToken: options.accessToken,
    baseUrl,
    timeoutMs,
    maxRetries,
    backoffBaseMs,
    fetch: options.fetch ?? defaultFetch,
    sleep: options.sleep ?? sleepWithSignal,
    idempotencyKey: options.idempotencyKey ?? defaultIdempotencyKey,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    onRetry: options.onRetry,
    onCallEnd: options.onCallEnd,
  };
}

/**
 * True for methods that change state and therefore carry `X-Idempotency-Key`: POST, PUT, PATCH, DELETE.
 * provider: the SDK sends the key on every non-GET call; GET never needs it.
 */
export function needsIdempotencyKey(method: string): boolean {
  const upper = method.toUpperCase();
  return upper === "POST" || upper === "PUT" || upper === "PATCH" || upper === "DELETE";
}

/** What `shouldRetry` looks at: the status and, when available, the parsed error body. */
export interface RetryDecisionInput {
  status: number;
  body?: unknown;
}

/**
 * Retry policy: only a 5xx is retried (with the same idempotency key). 4xx never is — 409/423 are idempotency
 * conflicts the caller must resolve and 429 asks the caller to slow down.
 * provider: Orders 500 `idempotency_validation_failed` must be retried with a *new* key, so it is not retried here.
 */
export function shouldRetry({ status, body }: RetryDecisionInput): boolean {
  if (status < 500) return false;
  return errorCodeOf(body) !== "idempotency_validation_failed";
}

/**
 * Delay before retry number `retryIndex` (0-based): `backoffBaseMs · 2^retryIndex`.
 *
 * @example
 * retryDelayMs(0, 1000); // 1000
 * retryDelayMs(1, 1000); // 2000
 */
export function retryDelayMs(retryIndex: number, backoffBaseMs: number): number {
  return backoffBaseMs * 2 ** retryIndex;
}

function validateIdempotencyKey(key: string, source: string): string {
  if (key.trim() === "") throw new TypeError(`${source} produced an empty idempotency key`);
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new RangeError(`idempotency key is longer than ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  return key;
}

/**
 * Returns `request` with the headers every provider call needs, adding only what is missing so per-call values
 * win: `Authorization` (the configured token unless the call brought its own, e.g. a seller's OAuth token),
 * `User-Agent`, and for POST/PUT/PATCH/DELETE one `X-Idempotency-Key` (the caller's if given, else a fresh one).
 * Idempotent: preparing an already prepared request changes nothing, so the key is created once per call.
 */
export function prepareProviderRequest(request: Request, options: ResolvedTransportOptions): Request {
  const missing: [string, string][] = [];
  if (!request.headers.has("authorization")) missing.push(["authorization", `Bearer ${options.accessToken}`]);
  if (!request.headers.has("user-agent")) missing.push(["user-agent", options.userAgent]);
  const existingKey = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (existingKey !== null) {
    validateIdempotencyKey(existingKey, "the caller");
  } else if (needsIdempotencyKey(request.method)) {
    missing.push([
      IDEMPOTENCY_KEY_HEADER,
      validateIdempotencyKey(options.idempotencyKey(), "the idempotencyKey option"),
    ]);
  }
  if (missing.length === 0) return request;
  try {
    // A Request's own headers are mutable; setting them in place avoids re-wrapping (and re-streaming) the body.
    for (const [name, value] of missing) request.headers.set(name, value);
    return request;
  } catch {
    const headers = new Headers(request.headers);
    for (const [name, value] of missing) headers.set(name, value);
    return new Request(request, { headers });
  }
}

/** The tokens a call may expose: the configured one and the one actually sent (they differ for per-call tokens). */
function secretsOf(request: Request, options: ResolvedTransportOptions): string[] {
  const secrets = [options.accessToken];
  const sent = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "");
  if (sent && sent !== options.accessToken) secrets.push(sent);
  return secrets;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  // Guarantees the timeout and the caller's abort even with a `fetch` that ignores its signal.
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

interface AttemptContext {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  secrets: string[];
  callerSignal: AbortSignal;
  options: ResolvedTransportOptions;
}

/**
 * Sends one attempt with its own timeout. The whole body is read inside the attempt so the timeout also covers a
 * body that stalls; provider bodies are small JSON documents.
 */
async function sendAttempt(
  request: Request,
  requestBody: ArrayBuffer | null,
  context: AttemptContext,
): Promise<Response> {
  const { callerSignal, options } = context;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("attempt timed out", "TimeoutError"));
  }, options.timeoutMs);
  const onCallerAbort = () => controller.abort(abortReason(callerSignal));
  callerSignal.addEventListener("abort", onCallerAbort, { once: true });
  try {
    const attemptRequest = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: requestBody,
      signal: controller.signal,
    });
    const response = await raceAbort(options.fetch(attemptRequest), controller.signal);
    const body = NULL_BODY_STATUSES.has(response.status)
      ? null
      : await raceAbort(response.arrayBuffer(), controller.signal);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch (cause) {
    if (callerSignal.aborted) throw abortReason(callerSignal);
    const errorContext = {
      method: context.method,
      path: context.path,
      idempotencyKey: context.idempotencyKey,
      secrets: context.secrets,
    };
    if (timedOut) throw new ProviderTimeoutError({ ...errorContext, timeoutMs: options.timeoutMs });
    throw new ProviderConnectionError({ ...errorContext, cause });
  } finally {
    clearTimeout(timer);
    callerSignal.removeEventListener("abort", onCallerAbort);
  }
}

/**
 * Whether `input` is a Request. Deliberately not `instanceof Request`: a server may replace the global `Request`
 * after this client was created (@hono/node-server's `serve()` installs a subclass), and a request made with the
 * original class then fails `instanceof` — which once sent every checkout payment with a fresh idempotency key and
 * the platform's token instead of the caller's, because its headers were dropped.
 */
function isRequest(input: Request | string | URL): input is Request {
  return typeof input === "object" && !(input instanceof URL) && "headers" in input && "method" in input;
}

function toRequest(input: Request | string | URL, init: RequestInit | undefined, baseUrl: string): Request {
  if (isRequest(input)) return init ? new Request(input, init) : input;
  const url = typeof input === "string" && input.startsWith("/") ? `${baseUrl}${input}` : input;
  const headers = new Headers(init?.headers);
  // A string body would otherwise go out as text/plain; provider bodies are JSON.
  if (typeof init?.body === "string" && !headers.has("content-type")) headers.set("content-type", "application/json");
  return new Request(url, { ...init, headers });
}

/** A `fetch`-compatible function carrying the provider transport policy. */
export type ProviderFetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Creates the provider `fetch`: pass it as openapi-fetch's `fetch` option, or call it directly (a path starting
 * with `/` is resolved against `baseUrl`). Per logical call it prepares the headers once (see
 * `prepareProviderRequest`), then sends the same buffered body on every attempt, each with its own `timeoutMs` signal.
 *
 * Resolves with the (fully buffered) `Response` on 2xx. Otherwise rejects with: a `ProviderError` subclass for a
 * non-success status (after up to `maxRetries` retries for a 5xx, waiting `backoffBaseMs · 2^n`);
 * `ProviderTimeoutError` / `ProviderConnectionError` (never retried) when no response arrived; or the caller's
 * abort reason when the request's signal aborts, including during a backoff wait.
 *
 * @example
 * const providerFetch = createProviderFetch({ accessToken: process.env.MP_ACCESS_TOKEN ?? "" });
 * const response = await providerFetch("/users/me");
 */
export function createProviderFetch(options: ProviderClientOptions): ProviderFetch {
  const resolved = resolveTransportOptions(options);
  return async function providerFetch(input, init) {
    const request = prepareProviderRequest(toRequest(input, init, resolved.baseUrl), resolved);
    const callerSignal = request.signal;
    const context: AttemptContext = {
      method: request.method,
      path: new URL(request.url).pathname,
      idempotencyKey: request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? undefined,
      secrets: secretsOf(request, resolved),
      callerSignal,
      options: resolved,
    };
    // Provider bodies are small JSON documents: read once, then every attempt sends the same bytes (a body stream
    // could be sent only once).
    const requestBody = request.body === null ? null : await request.arrayBuffer();
    const startedAt = performance.now();
    let attempts = 0;
    let lastStatus: number | null = null;
    try {
      for (let attempt = 1; ; attempt++) {
        if (callerSignal.aborted) throw abortReason(callerSignal);
        attempts = attempt;
        lastStatus = null;
        const response = await sendAttempt(request, requestBody, context);
        lastStatus = response.status;
        if (response.ok) {
          if (resolved.onCallEnd) {
            notifyCallEnd(resolved, {
              ...callEndBase(context, startedAt, attempts, response.status),
              errorName: null,
              responseId: await responseIdOf(response),
            });
          }
          return response;
        }
        const error = await createProviderErrorFromResponse(response, context);
        const retryIndex = attempt - 1;
        if (retryIndex >= resolved.maxRetries || !shouldRetry({ status: error.status, body: error.body })) throw error;
        const delayMs = retryDelayMs(retryIndex, resolved.backoffBaseMs);
        notifyRetry(resolved, {
          attempt,
          delayMs,
          status: error.status,
          error,
          method: context.method,
          path: context.path,
          idempotencyKey: context.idempotencyKey,
        });
        await raceAbort(resolved.sleep(delayMs, callerSignal), callerSignal);
      }
    } catch (error) {
      notifyCallEnd(resolved, {
        ...callEndBase(context, startedAt, attempts, lastStatus),
        errorName: error instanceof Error ? error.name : "Error",
        responseId: null,
      });
      throw error;
    }
  };
}

function callEndBase(context: AttemptContext, startedAt: number, attempts: number, status: number | null) {
  return {
    method: context.method,
    path: context.path,
    status,
    durationMs: Math.max(0, Math.round(performance.now() - startedAt)),
    attempts,
    idempotencyKey: context.idempotencyKey,
  };
}

/** The top-level `id` of a JSON body, read from a clone so the caller still gets the whole body. */
async function responseIdOf(response: Response): Promise<string | null> {
  if (!(response.headers.get("content-type") ?? "").includes("json")) return null;
  try {
    const body: unknown = await response.clone().json();
    if (typeof body !== "object" || body === null || !("id" in body)) return null;
    const id = body.id;
    return typeof id === "string" || typeof id === "number" ? String(id) : null;
  } catch {
    return null;
  }
}

function notifyCallEnd(options: ResolvedTransportOptions, info: CallEndInfo): void {
  try {
    options.onCallEnd?.(info);
  } catch {
    // A call log must not change whether a payment call succeeds.
  }
}

function notifyRetry(options: ResolvedTransportOptions, info: RetryInfo): void {
  try {
    options.onRetry?.(info);
  } catch {
    // A logging hook must not change whether a payment call succeeds.
  }
}
