// Requests to a sandbox as a seller, through its contract-checking fetch: a raw
// caller that hands back the Response, and a JSON client that parses it.

import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { SiteId } from "../context";
import { authHeaders, DEFAULT_SELLER, type TestSandbox } from "../testing";

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  readonly token: string;
  get<T = unknown>(path: string): Promise<JsonResponse<T>>;
  post<T = unknown>(path: string, body?: unknown): Promise<JsonResponse<T>>;
  put<T = unknown>(path: string, body: unknown): Promise<JsonResponse<T>>;
  del<T = unknown>(path: string): Promise<JsonResponse<T>>;
}

/** `(method, path, body?, token?)` → the sandbox's Response; the token defaults to the default seller's. */
export type RawCall = (method: string, path: string, body?: unknown, token?: string) => Promise<Response>;

export interface CallerOptions {
  /** Send a fresh X-Idempotency-Key with every write (the Orders API requires one). Default false. */
  idempotencyKeys?: boolean;
}

/** Sends one JSON request with a seller's bearer token. */
function send(
  sandbox: TestSandbox,
  request: { method: string; path: string; body: unknown; token: string | undefined; idempotencyKey: boolean },
): Promise<Response> {
  const headers = authHeaders(request.token);
  if (request.idempotencyKey && request.method !== "GET") headers["x-idempotency-key"] = randomUUID();
  return sandbox.fetch(`${sandbox.url}${request.path}`, {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
}

/**
 * A raw caller for one sandbox: JSON body when given, the default seller's
 * token unless another is passed, and the Response untouched so a test can
 * assert status and body itself.
 *
 * @example
 * const call = callerFor(sandbox);
 * const res = await call("POST", "/preapproval_plan/", plan, OTHER_SELLER);
 */
export function callerFor(sandbox: TestSandbox, options: CallerOptions = {}): RawCall {
  const idempotencyKey = options.idempotencyKeys ?? false;
  return (method, path, body, token) => send(sandbox, { method, path, body, token, idempotencyKey });
}

/** Asserts a response's status and returns its parsed JSON body. */
export async function expectJson<T>(res: Response, status = 200): Promise<T> {
  expect(res.status).toBe(status);
  return (await res.json()) as T;
}

/** A JSON client for one access token; every write carries a fresh X-Idempotency-Key. */
export function apiFor(sandbox: TestSandbox, token: string = DEFAULT_SELLER.accessToken): ApiClient {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>> => {
    const res = await send(sandbox, { method, path, body, token, idempotencyKey: true });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
  };
  return {
    token,
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
    put: (path, body) => call("PUT", path, body),
    del: (path) => call("DELETE", path),
  };
}

/** A new seller of a site, with its own client. */
export function sellerApi(sandbox: TestSandbox, siteId: SiteId): { api: ApiClient; userId: number; publicKey: string } {
  const seller = sandbox.control.createSeller({ siteId });
  return { api: apiFor(sandbox, seller.accessToken), userId: seller.userId, publicKey: seller.publicKey };
}
