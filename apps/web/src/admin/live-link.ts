// The console's live updates: tRPC subscriptions over server-sent events (an EventSource to `/api/trpc`, which
// sends the session cookie, same origin). Installed by the pages that follow something live, so the shop's
// bundle stays without it. Where the browser has no EventSource, nothing is installed and pages poll instead.
import { httpSubscriptionLink } from "@trpc/client";
import { type AppRouter, installSubscriptionLink, TRPC_URL } from "../trpc";

/** Whether this browser can follow a stream (else the page polls). */
export function canFollowLive(): boolean {
  return typeof EventSource !== "undefined";
}

/** Installs the SSE link once; safe to call from every page that subscribes. */
export function installLiveLink(): void {
  if (!canFollowLive()) return;
  installSubscriptionLink(httpSubscriptionLink<AppRouter, typeof EventSource>({ url: TRPC_URL }));
}
