// A stand-in for Cobro's server and the provider's card_tokens endpoint, at the
// `fetch` level: the app's real tRPC client (httpBatchLink) talks to it, so a
// component test exercises the same hooks, batching and error parsing the
// browser does. Each procedure answers from a handler; every call is recorded.

/** What a failing procedure answers: the server's error shape (see apps/server/src/trpc/format-error.ts). */
export class FakeTrpcError extends Error {
  readonly data: Record<string, unknown>;

  constructor(message: string, data: { code: string; httpStatus: number } & Record<string, unknown>) {
    super(message);
    this.data = { appCode: data.code, field: null, fieldErrors: null, retryAfterSeconds: null, reason: null, ...data };
  }
}

export type ProcedureHandler = (input: unknown) => unknown;

export interface RecordedCall {
  path: string;
  input: unknown;
}

const TRPC_PREFIX = "/api/trpc/";

/** The provider API base URL the fake `system.publicConfig` hands out. */
export const FAKE_PROVIDER_URL = "https://provider.test";

/** The SDK script URL the fake `system.publicConfig` hands out (tests install a fake `window.MercadoPago`). */
export const FAKE_SDK_URL = "https://provider.test/js/v2";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export class FakeTrpcServer {
  /** Every tRPC procedure call, in order. */
  readonly calls: RecordedCall[] = [];
  private readonly handlers: Map<string, ProcedureHandler>;

  constructor(handlers: Record<string, ProcedureHandler>) {
    this.handlers = new Map(Object.entries(handlers));
  }

  /** Replaces (or adds) a procedure's handler. */
  on(path: string, handler: ProcedureHandler): this {
    this.handlers.set(path, handler);
    return this;
  }

  callsTo(path: string): unknown[] {
    return this.calls.filter((call) => call.path === path).map((call) => call.input);
  }

  /** A `fetch` to install with `vi.stubGlobal("fetch", server.fetch)`. */
  readonly fetch = async (resource: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(resource instanceof Request ? resource.url : String(resource), "http://cobro.test");
    if (!url.pathname.startsWith(TRPC_PREFIX)) return json({ message: `no fake for ${url.href}` }, 404);

    const paths = decodeURIComponent(url.pathname.slice(TRPC_PREFIX.length)).split(",");
    const rawInputs = init.method === "POST" ? String(init.body ?? "{}") : (url.searchParams.get("input") ?? "{}");
    const inputs = JSON.parse(rawInputs) as Record<string, unknown>;
    const answers = await Promise.all(paths.map((path, index) => this.answer(path, inputs[String(index)])));
    // One call answers with its own status; a batch with 207 when some failed, as tRPC's server does.
    const statuses = answers.map((answer) => answer.status);
    const status = statuses.length === 1 ? (statuses[0] ?? 200) : statuses.every((s) => s === 200) ? 200 : 207;
    return json(
      answers.map((answer) => answer.body),
      status,
    );
  };

  private async answer(path: string, input: unknown): Promise<{ status: number; body: unknown }> {
    this.calls.push({ path, input });
    const handler = this.handlers.get(path);
    try {
      if (!handler) throw new FakeTrpcError(`No procedure ${path}`, { code: "NOT_FOUND", httpStatus: 404 });
      return { status: 200, body: { result: { data: await handler(input) } } };
    } catch (error) {
      const failure =
        error instanceof FakeTrpcError
          ? error
          : new FakeTrpcError("Internal error", { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 });
      const body = { error: { message: failure.message, code: -32600, data: { ...failure.data, path } } };
      return { status: Number(failure.data.httpStatus), body };
    }
  }
}
