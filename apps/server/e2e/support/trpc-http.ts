// Calling the server's tRPC procedures over HTTP the way the browser does: a
// session cookie from signing in, the page's Origin, JSON bodies for mutations
// and `?input=` for queries. Nothing reaches into the server process.
import { expect } from "vitest";

/** A browser's session: the cookie the server set at sign-in, sent back on every call. */
export interface HttpSession {
  cookie: string;
  email: string;
}

export interface ProcedureAnswer<T> {
  status: number;
  data?: T;
  error?: { message?: string; data?: { field?: string; httpStatus?: number; reason?: string } };
}

/** Calls `procedure` on the server at `serverUrl`, as `session` (null: anonymous). */
export async function callProcedure<T>(
  serverUrl: string,
  session: HttpSession | null,
  procedure: string,
  input: unknown,
  kind: "query" | "mutation" = "mutation",
): Promise<ProcedureAnswer<T>> {
  const headers: Record<string, string> = { origin: serverUrl };
  if (session) headers.cookie = session.cookie;
  const response =
    kind === "mutation"
      ? await fetch(`${serverUrl}/api/trpc/${procedure}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(input),
        })
      : await fetch(
          `${serverUrl}/api/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          { headers },
        );
  const body = (await response.json()) as { result?: { data: T }; error?: ProcedureAnswer<T>["error"] };
  return { status: response.status, data: body.result?.data, error: body.error };
}

/** Signs in with a password and returns the session the server set. */
export async function signInOverHttp(serverUrl: string, email: string, password: string): Promise<HttpSession> {
  const response = await fetch(`${serverUrl}/api/trpc/auth.signIn`, {
    method: "POST",
    headers: { origin: serverUrl, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  expect(cookie).not.toBe("");
  return { cookie, email };
}

/** Polls `read` every 20 ms until `done` holds (at most `timeoutMs`), and returns the last value read. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}
