/**
 * Test helpers for the transport layer (used by `*.test.ts` only): a `fetch` that answers from a script and records
 * what it was sent, a `sleep` that records its delays without waiting, and idempotency keys `key-1`, `key-2`…
 */

import { vi } from "vitest";

/** One scripted answer: a response, a thrown error, a hang (aborted by the signal, or not at all), or a function. */
export type Step =
  | Response
  | Error
  | "hang"
  | "hang-ignoring-signal"
  | ((request: Request) => Response | Promise<Response>);

/** What a test needs to know about one request the transport sent. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Headers;
  /** The body as text ("" when none). */
  body: string;
  signal: AbortSignal;
}

/** A JSON response with `status`, as the provider sends it. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/** A `fetch` that answers from a script and records what it was sent; a request beyond the script rejects. */
export function scriptedFetch(...steps: Step[]) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (request: Request): Promise<Response> => {
    sent.push({
      method: request.method,
      url: request.url,
      headers: new Headers(request.headers),
      body: await request.text(),
      signal: request.signal,
    });
    const step = steps.shift();
    if (step === undefined) throw new Error("unexpected extra request");
    if (step === "hang-ignoring-signal") return new Promise<Response>(() => {});
    if (step === "hang") {
      // Like real fetch: never answers, but rejects with the signal's reason when aborted.
      return new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
      });
    }
    if (step instanceof Error) throw step;
    if (typeof step === "function") return step(request);
    return step;
  });
  return { fetch, sent };
}

/** A `sleep` that returns at once and records the delays it was asked for. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = vi.fn(async (ms: number) => {
    delays.push(ms);
  });
  return { sleep, delays };
}

/** Idempotency keys `key-1`, `key-2`… (or another prefix), as a mock to count calls. */
export function sequentialKeys(prefix = "key") {
  let n = 0;
  return vi.fn(() => `${prefix}-${++n}`);
}

/**
 * The injectable parts of a transport for one test: a scripted `fetch`, a recording `sleep` and sequential
 * idempotency keys, plus what they recorded. Spread `fetch`, `sleep` and `idempotencyKey` into the client options.
 */
export function scriptedTransport(steps: Step[]) {
  const { fetch, sent } = scriptedFetch(...steps);
  const { sleep, delays } = recordingSleep();
  const idempotencyKey = sequentialKeys();
  return { fetch, sent, sleep, delays, idempotencyKey };
}
