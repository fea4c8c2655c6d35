// @vitest-environment jsdom
// The console's SSE link speaks tRPC's SSE protocol (the real server and browser are covered by the Playwright
// terminal test; here a stand-in EventSource plays the events): values become data, a refusal becomes a
// TRPCClientError with its HTTP status, `return` completes, and unsubscribing closes the stream.
import { createTRPCClient } from "@trpc/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AppRouter, httpStatusOf } from "../trpc";
import { eventSourceLink } from "./live-link";

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: data === undefined ? "" : JSON.stringify(data) }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.last = null;
});

function follow() {
  vi.stubGlobal("EventSource", FakeEventSource);
  const client = createTRPCClient<AppRouter>({ links: [eventSourceLink("/api/trpc")] });
  const seen: unknown[] = [];
  const outcome: { error: unknown; completed: boolean } = { error: null, completed: false };
  const subscription = client.admin.terminals.intentUpdates.subscribe(
    { id: "0b6f8a52-3f1e-4f39-9d55-0c1d2e3f4a5b" },
    {
      onData: (data) => seen.push(data),
      onError: (error) => {
        outcome.error = error;
      },
      onComplete: () => {
        outcome.completed = true;
      },
    },
  );
  const source = FakeEventSource.last;
  if (!source) throw new Error("no EventSource was opened");
  return { seen, outcome, subscription, source };
}

describe("eventSourceLink", () => {
  it("opens the procedure's SSE URL, passes each value on, and completes on `return`", () => {
    const { seen, outcome, source } = follow();
    expect(source.url).toBe(
      `/api/trpc/admin.terminals.intentUpdates?input=${encodeURIComponent('{"id":"0b6f8a52-3f1e-4f39-9d55-0c1d2e3f4a5b"}')}`,
    );
    source.emit("connected", { reconnectAfterInactivityMs: 25_000 });
    source.emit("message", { state: "OPEN", final: false });
    source.emit("ping");
    source.emit("message", { state: "FINISHED", final: true });
    source.emit("return");
    expect(seen).toEqual([
      { state: "OPEN", final: false },
      { state: "FINISHED", final: true },
    ]);
    expect(outcome).toEqual({ error: null, completed: true });
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("turns the server's refusal into an error with its HTTP status, and closes the stream", () => {
    const { seen, outcome, source } = follow();
    source.emit("serialized-error", {
      message: "Sign in to continue.",
      code: -32001,
      data: { code: "UNAUTHORIZED", httpStatus: 401 },
    });
    expect(seen).toEqual([]);
    expect(httpStatusOf(outcome.error)).toBe(401);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("unsubscribing closes the stream; a stream the browser gave up on is an error (the page then polls)", () => {
    const first = follow();
    first.subscription.unsubscribe();
    expect(first.source.readyState).toBe(FakeEventSource.CLOSED);

    const second = follow();
    second.source.readyState = FakeEventSource.CLOSED;
    second.source.dispatchEvent(new Event("error"));
    expect(second.outcome.error).toBeInstanceOf(Error);
  });
});
