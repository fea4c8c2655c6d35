import { createTRPCClient, TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import {
  type AppRouter,
  createQueryClient,
  createTrpcLinks,
  httpStatusOf,
  MAX_BATCH_ITEMS,
  shouldRetryQuery,
} from "./trpc";

interface RecordedCall {
  url: string;
  init: RequestInit | undefined;
}

/** A fake server answering every call of a batch with `answer(path)`. */
function fakeTrpcServer(answer: (path: string) => { status: number; body: unknown }) {
  const calls: RecordedCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    calls.push({ url, init });
    const paths = decodeURIComponent(new URL(url, "http://web.test").pathname.replace("/api/trpc/", "")).split(",");
    const answers = paths.map(answer);
    const status = answers.every((a) => a.status === 200)
      ? 200
      : (answers.find((a) => a.status !== 200)?.status ?? 500);
    return new Response(JSON.stringify(answers.map((a) => a.body)), {
      status: answers.length > 1 && status !== 200 ? 207 : status,
      headers: { "content-type": "application/json" },
    });
  };
  return { calls, fetch: fetchImpl as typeof fetch };
}

function errorBody(httpStatus: number, data: Record<string, unknown>, message = "Nope") {
  return { status: httpStatus, body: { error: { message, code: -32600, data: { httpStatus, ...data } } } };
}

describe("createTrpcClient", () => {
  it("batches calls to /api/trpc, at most 10 per request, with same-origin cookies", async () => {
    const server = fakeTrpcServer(() => ({ status: 200, body: { result: { data: { user: null } } } }));
    const client = createTRPCClient<AppRouter>({ links: createTrpcLinks({ fetch: server.fetch }) });
    const results = await Promise.all(Array.from({ length: 11 }, () => client.auth.me.query()));
    expect(results).toHaveLength(11);
    expect(results[10]).toEqual({ user: null });
    expect(server.calls).toHaveLength(2);
    const sizes = server.calls.map(
      (call) => decodeURIComponent(new URL(call.url, "http://web.test").pathname).split(",").length,
    );
    expect(sizes.sort()).toEqual([1, MAX_BATCH_ITEMS]);
    for (const call of server.calls) {
      expect(call.url.startsWith("/api/trpc/auth.me")).toBe(true);
      expect(call.init?.credentials).toBe("same-origin");
    }
  });

  it("surfaces the server's error data", async () => {
    const server = fakeTrpcServer(() => errorBody(404, { appCode: "NOT_FOUND", code: "NOT_FOUND" }, "No such product"));
    const client = createTRPCClient<AppRouter>({ links: createTrpcLinks({ fetch: server.fetch }) });
    const failure = client.auth.me.query();
    await expect(failure).rejects.toBeInstanceOf(TRPCClientError);
    const error = await failure.catch((caught: unknown) => caught);
    expect(httpStatusOf(error)).toBe(404);
  });
});

describe("shouldRetryQuery", () => {
  const clientError = (httpStatus: number) =>
    new TRPCClientError("x", { result: { error: { message: "x", code: -32600, data: { httpStatus } } } });

  it("never retries a 4xx", () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetryQuery(0, clientError(status))).toBe(false);
  });

  it("retries 5xx and network failures twice", () => {
    expect(shouldRetryQuery(0, clientError(503))).toBe(true);
    expect(shouldRetryQuery(1, new TRPCClientError("fetch failed"))).toBe(true);
    expect(shouldRetryQuery(2, clientError(500))).toBe(false);
  });
});

describe("createQueryClient", () => {
  it("never retries mutations by itself", () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });

  it("waits 2 s, 4 s, then at most 8 s between a failed query's tries (component tests run without the wait)", async () => {
    // src/test-setup.ts drops the back-off for component tests; the app's own client keeps it.
    const actual = await vi.importActual<typeof import("./trpc")>("./trpc");
    const delayOf = (client: ReturnType<typeof createQueryClient>, attempt: number) => {
      const retryDelay = client.getDefaultOptions().queries?.retryDelay;
      return typeof retryDelay === "function" ? retryDelay(attempt, new Error("down")) : retryDelay;
    };
    const app = actual.createQueryClient();
    expect([1, 2, 3, 4].map((attempt) => delayOf(app, attempt))).toEqual([2000, 4000, 8000, 8000]);
    expect(app.getDefaultOptions().queries?.retry).toBe(actual.shouldRetryQuery);
    const tests = createQueryClient();
    expect(delayOf(tests, 1)).toBe(0);
    expect(tests.getDefaultOptions().queries?.retry).toBe(actual.shouldRetryQuery);
  });
});
