// [lifecycle][shutdown] Ctrl-C in the terminal while a shopper's payment is in
// flight: the whole foreground process group gets SIGINT. The server must stop
// taking connections, let the payment finish and answer it, stop the job
// queue, the pool and then its PostgreSQL, log "Stopped." and exit 0.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCardToken } from "../support/card-token";
import { isAlive, postmasterPidOf, type ServerProcess, startServerProcess } from "../support/server-process";

/** How long the sandbox holds the payment creation: long enough to send the signal while it is in flight. */
const PAYMENT_LATENCY_MS = 3000;

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess();
}, 120_000);

afterAll(() => server?.dispose());

async function trpc<T>(
  path: string,
  input: unknown,
  method: "GET" | "POST" = "POST",
): Promise<Response & { data?: T }> {
  const search = method === "GET" && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : "";
  const url = `${server.url}/api/trpc/${path}${search}`;
  return fetch(url, {
    method,
    headers: { "content-type": "application/json", origin: server.url },
    ...(method === "POST" ? { body: JSON.stringify(input) } : {}),
  });
}

async function dataOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { result: { data: T } }).result.data;
}

async function sandboxFaults(): Promise<{ remaining: number }[]> {
  const response = await fetch(`${server.sandboxUrl}/__sandbox/faults`);
  return ((await response.json()) as { faults: { remaining: number }[] }).faults;
}

describe("[lifecycle][shutdown] SIGINT to the process group during a payment", () => {
  it("answers the payment in flight, stops in order, logs Stopped and exits 0 with no PostgreSQL left", async () => {
    const postmasterPid = postmasterPidOf(server);
    expect(isAlive(postmasterPid)).toBe(true);

    const product = await dataOf<{ id: string }>(await trpc("catalog.get", { slug: "mate-calabaza" }, "GET"));
    const identification = { type: "DNI", number: "12345678" };
    const checkout = await dataOf<{ checkoutId: string; checkoutToken: string }>(
      await trpc("checkout.create", {
        items: [{ productId: product.id, quantity: 1 }],
        payer: { email: "buyer@testuser.com", firstName: "Ana", lastName: "Pérez", identification },
      }),
    );
    const config = await dataOf<{ publicKey: string }>(await trpc("system.publicConfig", undefined, "GET"));
    const cardToken = await createCardToken({
      providerUrl: server.sandboxUrl,
      publicKey: config.publicKey,
      cardholder: "APRO",
    });

    // The provider takes its time with the next payment creation.
    const fault = await fetch(`${server.sandboxUrl}/__sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        method: "POST",
        path: "/v1/payments",
        action: { type: "latency", ms: PAYMENT_LATENCY_MS },
      }),
    });
    expect(fault.status).toBeLessThan(300);
    expect(await sandboxFaults()).toEqual([expect.objectContaining({ remaining: 1 })]);

    const payment = trpc("checkout.payWithCard", {
      checkoutId: checkout.checkoutId,
      checkoutToken: checkout.checkoutToken,
      cardToken,
      paymentMethodId: "visa",
      installments: 1,
    });
    payment.catch(() => {}); // awaited below; this only keeps an early failure from also reporting it unhandled
    // In flight: the sandbox has taken the request (the fault is used up) and is holding it.
    const waiting = async () => (await sandboxFaults()).filter((rule) => rule.remaining > 0).length;
    await expect.poll(waiting, { timeout: 10_000, interval: 50 }).toBe(0);

    const signalledAt = Date.now();
    server.signalGroup("SIGINT");

    // No new connections once shutdown has begun.
    await expect
      .poll(
        async () =>
          fetch(`${server.url}/api/health`).then(
            () => "accepted",
            () => "refused",
          ),
        { timeout: 5000, interval: 50 },
      )
      .toBe("refused");

    const paid = await dataOf<{ status: string }>(await payment);
    expect(paid.status).toBe("approved");
    // The answer came after the provider's delay, i.e. the request really was held through the signal.
    expect(Date.now() - signalledAt).toBeGreaterThan(PAYMENT_LATENCY_MS / 2);

    expect(await server.exited).toBe(0);
    const messages = server.messages();
    expect(messages).toContain("SIGINT: shutting down…");
    expect(messages.at(-1)).toBe("Stopped.");
    // Nothing failed on the way down (a pool error or a failed stop would be logged).
    expect(server.output()).not.toMatch(/failed|"level":50|"level":60/);
    expect(isAlive(postmasterPid)).toBe(false);
  }, 60_000);
});
