// The tRPC client and React Query wiring. Types only come from the server:
// `import type` is erased at build time, so no server code reaches the bundle.

import type { AppRouter } from "@cobro/server/router";
import { QueryClient } from "@tanstack/react-query";
import { httpBatchLink, type OperationLink, TRPCClientError, type TRPCLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";

export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const trpc = createTRPCReact<AppRouter>();

/** Where the server mounts tRPC. */
export const TRPC_URL = "/api/trpc";

/** The server refuses batches of more than 10 calls. */
export const MAX_BATCH_ITEMS = 10;

/** Queries retried after a failure that may pass (network, 5xx): this many times. */
export const MAX_QUERY_RETRIES = 2;

/** The HTTP status of a failed tRPC call, or null when no response arrived. */
export function httpStatusOf(error: unknown): number | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  if (typeof data === "object" && data !== null && "httpStatus" in data && typeof data.httpStatus === "number") {
    return data.httpStatus;
  }
  return null;
}

/**
 * Whether React Query should run a failed query again: never for 4xx (the answer will not change: bad input, not
 * signed in, not found, rate limited), otherwise up to `MAX_QUERY_RETRIES` times.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== null && status >= 400 && status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** React Query defaults: mutations never retry by themselves (a payment is sent once, by the shopper). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The link subscriptions go through (server-sent events). Only the console subscribes, so the console installs it
 * (`installSubscriptionLink`, from `admin/live-link.ts`) and the shop's bundle never carries the SSE client.
 */
let subscriptionLinkFactory: TRPCLink<AppRouter> | null = null;

export function installSubscriptionLink(link: TRPCLink<AppRouter>): void {
  subscriptionLinkFactory ??= link;
}

/**
 * The links of every tRPC client: subscriptions to the installed live link, everything else batched HTTP to
 * `/api/trpc`, cookies same-origin only. Pages subscribe only where the live link is installed (else they poll);
 * the batch link would refuse a subscription. One small link rather than `splitLink`: it runs in every shop page.
 */
export function createTrpcLinks(options: { url?: string; fetch?: typeof fetch } = {}): TRPCLink<AppRouter>[] {
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const batch = httpBatchLink<AppRouter>({
    url: options.url ?? TRPC_URL,
    maxItems: MAX_BATCH_ITEMS,
    // Long GET batches become several requests rather than one the server or a proxy refuses.
    maxURLLength: 2000,
    fetch: (input, init) => baseFetch(input, { ...init, credentials: "same-origin" }),
  });
  return [
    (runtime) => {
      const batched = batch(runtime);
      let live: OperationLink<AppRouter> | null = null;
      return (operation) => {
        if (operation.op.type !== "subscription" || subscriptionLinkFactory === null) return batched(operation);
        live ??= subscriptionLinkFactory(runtime);
        return live(operation);
      };
    },
  ];
}

/** The client the React hooks use. */
export function createTrpcClient(options: { url?: string; fetch?: typeof fetch } = {}) {
  return trpc.createClient({ links: createTrpcLinks(options) });
}
