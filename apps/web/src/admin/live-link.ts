// The console's live updates: tRPC subscriptions over server-sent events, read with the browser's EventSource (same
// origin, so the session cookie goes along). Not tRPC's `httpSubscriptionLink`: it lives in @trpc/client's main
// module, and importing it here would pull it into the shop's bundle (+2.7 kB gzip on /checkout, measured), so this
// link speaks tRPC's SSE protocol itself. A stream silent past the server's inactivity limit is reopened (the server
// sends the current state first); without EventSource nothing is installed and pages poll.
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { type AppRouter, installSubscriptionLink, TRPC_URL } from "../trpc";

/** Whether this browser can follow a stream (else the page polls). */
export function canFollowLive(): boolean {
  return typeof EventSource !== "undefined";
}

function parse(data: unknown): unknown {
  return typeof data === "string" && data !== "" ? JSON.parse(data) : undefined;
}

/** Subscriptions over EventSource, as tRPC's SSE server answers them. */
export function eventSourceLink(url: string = TRPC_URL): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const query = op.input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(op.input))}`;
        const target = `${url}/${op.path}${query}`;
        let source: EventSource | null = null;
        let inactivityMs = 0;
        let watchdog: ReturnType<typeof setTimeout> | undefined;
        let done = false;

        const stop = () => {
          done = true;
          clearTimeout(watchdog);
          source?.close();
        };
        const touch = () => {
          clearTimeout(watchdog);
          if (inactivityMs > 0 && !done) watchdog = setTimeout(open, inactivityMs);
        };
        function open() {
          source?.close();
          const current = new EventSource(target);
          source = current;
          current.addEventListener("connected", (event) => {
            const options = parse((event as MessageEvent).data) as { reconnectAfterInactivityMs?: number } | undefined;
            inactivityMs = options?.reconnectAfterInactivityMs ?? 0;
            observer.next({ result: { type: "started" } });
            touch();
          });
          current.addEventListener("ping", touch);
          current.addEventListener("message", (event) => {
            touch();
            observer.next({ result: { type: "data", data: parse(event.data) as never } });
          });
          current.addEventListener("serialized-error", (event) => {
            stop();
            const error = parse((event as MessageEvent).data) as { message?: string } | undefined;
            observer.error(TRPCClientError.from({ error: error as never }));
          });
          current.addEventListener("return", () => {
            stop();
            observer.next({ result: { type: "stopped" } });
            observer.complete();
          });
          current.addEventListener("error", () => {
            // CONNECTING: the browser retries by itself; CLOSED: it gave up (e.g. the server answered non-SSE).
            if (current.readyState === EventSource.CLOSED && !done) {
              stop();
              observer.error(TRPCClientError.from(new Error("The live connection closed.")));
            }
          });
        }
        open();
        return stop;
      });
}

/** Installs the live link once; safe to call from every page that subscribes. */
export function installLiveLink(): void {
  if (!canFollowLive()) return;
  installSubscriptionLink(eventSourceLink());
}
