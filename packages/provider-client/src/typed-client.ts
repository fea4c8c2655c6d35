/**
 * The openapi-fetch client wired to the provider transport, for any generated `paths` type.
 *
 * Resource modules call it with literal paths so the types infer, and wrap each call in `unwrap`:
 *
 * ```ts
 * const http = createTypedClient<paths>(options);
 * const payment = await unwrap(http.POST("/v1/payments", { body, ...toFetchOptions(callOptions) }));
 * ```
 */

import createClient, { type Client } from "openapi-fetch";
import {
  createProviderFetch,
  IDEMPOTENCY_KEY_HEADER,
  type ProviderClientOptions,
  resolveTransportOptions,
} from "./transport";

/** The openapi-fetch client for a generated `paths` type. */
export type TypedClient<Paths extends {}> = Client<Paths>;

/** Options a resource method accepts for one call. Nothing here outlives the call. */
export interface ProviderRequestOptions {
  /**
   * Use this `X-Idempotency-Key` for this call only (e.g. one derived from your order id, or the key carried by a
   * `ProviderTimeoutError` to repeat a call safely). Later calls get fresh keys.
   */
  idempotencyKey?: string;
  /** Cancels the whole call, including a pending backoff wait between retries. */
  signal?: AbortSignal;
  /** Act with another access token for this call only (e.g. a seller's OAuth token in a marketplace). */
  accessToken?: string;
}

/** The openapi-fetch init fields produced by `toFetchOptions`. */
export interface ProviderFetchOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Turns per-call options into openapi-fetch init fields (per-request headers and `signal`), to spread into one
 * call: `http.POST(path, { body, ...toFetchOptions(options) })`. Because they are per-request headers they cannot
 * leak into the shared client, unlike the official SDK (issue #481).
 */
export function toFetchOptions(options: ProviderRequestOptions = {}): ProviderFetchOptions {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  if (options.accessToken !== undefined) headers.Authorization = `Bearer ${options.accessToken}`;
  const result: ProviderFetchOptions = {};
  if (Object.keys(headers).length > 0) result.headers = headers;
  if (options.signal !== undefined) result.signal = options.signal;
  return result;
}

/**
 * Creates the openapi-fetch client for `Paths` with the provider transport as its `fetch`, which adds auth,
 * `User-Agent` and the idempotency key once per call (so every retry reuses the key). Every method rejects on a non-success status with a `ProviderError` subclass (thrown by
 * the transport after its final attempt), with `ProviderTimeoutError` / `ProviderConnectionError` when no response
 * arrived, or with the caller's abort reason; so `{ data }` is only ever a success. Use `unwrap` to get the data.
 *
 * @example
 * const http = createTypedClient<paths>({ accessToken: "APP_USR-…" });
 * const me = await unwrap(http.GET("/users/me"));
 */
export function createTypedClient<Paths extends {}>(options: ProviderClientOptions): TypedClient<Paths> {
  const resolved = resolveTransportOptions(options);
  return createClient<Paths>({ baseUrl: resolved.baseUrl, fetch: createProviderFetch(resolved) });
}

/** What a success without a body (204, or an empty 2xx) resolves to. */
export interface NoContentResult {
  status: number;
  headers: Headers;
}

/**
 * Result type of `unwrap`: the success body; `NoContentResult` when the operation's only success is body-less
 * (204); both when the spec allows either.
 */
export type Unwrapped<Data> = [Data] extends [undefined]
  ? NoContentResult
  : undefined extends Data
    ? Exclude<Data, undefined> | NoContentResult
    : Data;

/** The part of an openapi-fetch result `unwrap` reads. */
export interface FetchResultLike {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The data type of the success member of an openapi-fetch result union. Read from the member itself (not from an
 * optional `data?:` property, whose inference would drop the `undefined` that marks a 204).
 */
export type SuccessData<Result> = Result extends { data: infer Data; error?: never } ? Data : never;

/**
 * Awaits an openapi-fetch call and returns its typed success body, or `{ status, headers }` when the success has
 * no body (204). The client from `createTypedClient` rejects every failure with a typed error before a result
 * exists, so a result here is always a success.
 *
 * @example
 * const payment = await unwrap(http.GET("/v1/payments/{id}", { params: { path: { id } } }));
 * const { status } = await unwrap(http.DELETE("/v1/orders/{id}/transactions/{transaction_id}", { params }));
 */
export async function unwrap<Result extends FetchResultLike>(
  pending: Promise<Result>,
): Promise<Unwrapped<SuccessData<Result>>> {
  const { data, response } = await pending;
  if (data === undefined) {
    const noContent: NoContentResult = { status: response.status, headers: response.headers };
    return noContent as Unwrapped<SuccessData<Result>>;
  }
  return data as Unwrapped<SuccessData<Result>>;
}
