/**
 * Test helpers for the resource modules (used by `*.test.ts` only): a provider client whose injected `fetch`
 * records every request and answers canned JSON, so tests see exactly what goes on the wire without a network.
 */

import { createProviderClient, type ProviderClient } from "../client";

/** What a test needs to know about one request the client sent. */
export interface RecordedRequest {
  method: string;
  /** URL path as sent (percent-encoding kept). */
  path: string;
  /** Query string as sent, including the leading `?` (empty when none). */
  search: string;
  headers: Headers;
  /** The JSON body parsed, or `undefined` when the request had no body. */
  body: unknown;
}

/** A JSON body parsed; any other body (a multipart upload) as its text. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Builds the response to one request; gets the recorded request (its body already read). */
export type Responder = (request: RecordedRequest) => Response;

export const TEST_BASE_URL = "https://api.mercadopago.test";
export const CONFIGURED_TOKEN = "TEST-configured-token";

/** A responder answering `body` as JSON with `status` (default 200) to every request. */
export function respondJson(body: unknown, status = 200): Responder {
  return () => Response.json(body, { status });
}

/**
 * Creates a provider client with a recording `fetch`. Generated idempotency keys are `generated-1`, `generated-2`…
 * and retries wait for nothing.
 */
export function createRecordingClient(respond: Responder = respondJson({})): {
  client: ProviderClient;
  requests: RecordedRequest[];
  /** The last recorded request; throws when nothing was sent. */
  last(): RecordedRequest;
} {
  const requests: RecordedRequest[] = [];
  let keyCount = 0;
  const client = createProviderClient({
    accessToken: CONFIGURED_TOKEN,
    baseUrl: TEST_BASE_URL,
    maxRetries: 0,
    sleep: async () => {},
    idempotencyKey: () => `generated-${++keyCount}`,
    fetch: async (request) => {
      const url = new URL(request.url);
      const text = await request.text();
      const recorded: RecordedRequest = {
        method: request.method,
        path: url.pathname,
        search: url.search,
        headers: request.headers,
        body: text === "" ? undefined : parseBody(text),
      };
      requests.push(recorded);
      return respond(recorded);
    },
  });
  return {
    client,
    requests,
    last() {
      const request = requests.at(-1);
      if (!request) throw new Error("no request was sent");
      return request;
    },
  };
}

/**
 * The wire a test expects, to compare with `wireOf`: no query string and no body unless given.
 *
 * @example
 * expect(wireOf(last())).toEqual(wire("GET", "/v1/payments/search", { search: "?limit=1" }));
 */
export function wire(
  method: string,
  path: string,
  rest: { search?: string; body?: unknown } = {},
): { method: string; path: string; search: string; body: unknown } {
  return { method, path, search: rest.search ?? "", body: rest.body };
}

/** The parts of a request the resource tests compare: method, path, query string and JSON body. */
export function wireOf(request: RecordedRequest): { method: string; path: string; search: string; body: unknown } {
  return { method: request.method, path: request.path, search: request.search, body: request.body };
}
