// The virtual terminal (Orders API) through the real server process, started the way `npm start` starts it,
// against a sandbox started separately, called over HTTP as a signed-in operator: the create's idempotency key is
// committed before the provider call (held open by the sandbox's fault injection), the provider receives that
// very key, a repeat of the same charge makes no second order, and a refund of part of a transaction goes through.
import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSandbox, type Sandbox } from "mercadopago-sandbox";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCardToken } from "../support/card-token";
import { withServerDatabase } from "../support/server-database";
import { type ServerProcess, startServerProcess } from "../support/server-process";

let runDir: string;
let sandbox: Sandbox;
let server: ServerProcess;

beforeAll(async () => {
  runDir = mkdtempSync(path.join(tmpdir(), "cobro-terminal-e2e-"));
  // PostgreSQL runs as the postgres user when we are root: it must be able to enter the directory.
  chmodSync(runDir, 0o755);
  mkdirSync(path.join(runDir, "server"));
  const webhookSecret = randomBytes(16).toString("hex");
  sandbox = await createSandbox({ webhookSecret, dataDir: path.join(runDir, "sandbox") });
  const seller = sandbox.control.defaultSeller;
  server = await startServerProcess(
    {
      MP_ACCESS_TOKEN: seller.accessToken,
      MP_PUBLIC_KEY: seller.publicKey,
      MP_WEBHOOK_SECRET: webhookSecret,
      MP_API_URL: sandbox.url,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    },
    { dataDir: path.join(runDir, "server") },
  );
}, 180_000);

afterAll(async () => {
  await server?.dispose();
  await sandbox?.close();
  if (runDir) rmSync(runDir, { recursive: true, force: true });
}, 60_000);

function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  return withServerDatabase(server.databaseUrl(), use);
}

interface TrpcAnswer<T> {
  status: number;
  data?: T;
  error?: { message?: string; data?: { field?: string; reason?: string } };
}

async function call<T>(cookie: string, procedure: string, input: unknown, kind: "query" | "mutation" = "mutation") {
  const headers: Record<string, string> = { origin: server.url, cookie };
  const response =
    kind === "mutation"
      ? await fetch(`${server.url}/api/trpc/${procedure}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(input),
        })
      : await fetch(`${server.url}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers,
        });
  const body = (await response.json()) as { result?: { data: T }; error?: TrpcAnswer<T>["error"] };
  return { status: response.status, data: body.result?.data, error: body.error } as TrpcAnswer<T>;
}

/** Signs up over HTTP, is made an operator in the server's database, then signs in: the session cookie. */
async function signInOperator(): Promise<string> {
  const email = `operator-${randomBytes(4).toString("hex")}@e2e.test`;
  const password = "a-long-password-1";
  const signUp = await fetch(`${server.url}/api/trpc/auth.signUp`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ email, password, name: "Olga Operator" }),
  });
  expect(signUp.status).toBe(200);
  await withDatabase((client) => client.query("update users set role = 'operator' where email = $1", [email]));
  const signIn = await fetch(`${server.url}/api/trpc/auth.signIn`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function chargeInput(amountMinor: number) {
  return {
    idempotencyKey: randomUUID(),
    amountMinor,
    currency: "ARS",
    description: "Mail order",
    payer: { email: "buyer@testuser.com", identification: { type: "DNI", number: "12345678" } },
    processingMode: "automatic",
    captureMode: "automatic",
    card: {
      cardToken: await createCardToken({
        providerUrl: sandbox.url,
        publicKey: sandbox.control.defaultSeller.publicKey,
        cardholder: "APRO",
      }),
      paymentMethodId: "visa",
      installments: 1,
    },
  };
}

async function providerOrder(orderId: string) {
  const response = await fetch(`${sandbox.url}/v1/orders/${orderId}`, {
    headers: { authorization: `Bearer ${sandbox.control.defaultSeller.accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    status: string;
    status_detail: string;
    transactions: { payments: { id: string; refunded_amount?: string }[] };
  };
}

interface OrderOutcome {
  orderId: string;
  outcome: string;
  status: string | null;
}

describe("[money][orders] the virtual terminal, the real server process", () => {
  it("commits the create's key before the call, sends that key, and a repeat of the charge makes one order", async () => {
    const cookie = await signInOperator();
    const input = await chargeInput(150_00);
    // The provider is slow to answer: while the call is in flight, the key must already be committed.
    sandbox.control.addFault({ method: "POST", path: "/v1/orders", action: { type: "latency", ms: 1_500 } });
    const charging = call<OrderOutcome>(cookie, "admin.orders.create", input);
    let claimed: { create_status: string; provider_order_id: string | null } | undefined;
    for (let attempt = 0; attempt < 100 && claimed === undefined; attempt += 1) {
      claimed = await withDatabase(async (client) => {
        const { rows } = await client.query(
          "select q.status as create_status, o.provider_order_id from orders o join provider_requests q on q.id = o.provider_request_id where q.idempotency_key = $1",
          [input.idempotencyKey],
        );
        return rows[0];
      });
      if (claimed === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(claimed).toEqual({ create_status: "pending", provider_order_id: null });

    const charged = await charging;
    expect(charged.status).toBe(200);
    expect(charged.data).toMatchObject({ outcome: "done", status: "processed" });
    const providerOrderId = await withDatabase(async (client) => {
      const { rows } = await client.query(
        "select o.provider_order_id from orders o join provider_requests q on q.id = o.provider_request_id where q.idempotency_key = $1",
        [input.idempotencyKey],
      );
      return rows[0]?.provider_order_id as string;
    });
    expect((await providerOrder(providerOrderId)).status).toBe("processed");

    // The provider holds the stored key: the same key with another body is refused as already used.
    const reuse = await fetch(`${sandbox.url}/v1/orders`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${sandbox.control.defaultSeller.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": input.idempotencyKey,
      },
      body: JSON.stringify({
        type: "online",
        total_amount: "1.00",
        payer: { email: "someone-else@testuser.com" },
        transactions: {
          payments: [
            {
              amount: "1.00",
              payment_method: { id: "visa", type: "credit_card", token: (await chargeInput(100)).card.cardToken },
            },
          ],
        },
      }),
    });
    expect(reuse.status).toBe(409);
    expect(((await reuse.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
      "idempotency_key_already_used",
    );

    // The same charge again (a double submit, a retry): the same order, and no second call to the provider.
    const again = await call<OrderOutcome>(cookie, "admin.orders.create", input);
    expect(again.data).toEqual(charged.data);
    const stored = await withDatabase(async (client) => {
      const orders = await client.query(
        "select o.id from orders o join provider_requests q on q.id = o.provider_request_id where q.idempotency_key = $1",
        [input.idempotencyKey],
      );
      const calls = await client.query(
        "select status from provider_calls where path = '/v1/orders' and idempotency_key = $1",
        [input.idempotencyKey],
      );
      return { orders: orders.rowCount, calls: calls.rows };
    });
    expect(stored.orders).toBe(1);
    expect(stored.calls).toEqual([{ status: 201 }]);
  });

  it("refunds part of an order's transaction through the server; the provider and the database agree", async () => {
    const cookie = await signInOperator();
    const charged = await call<OrderOutcome>(cookie, "admin.orders.create", await chargeInput(80_00));
    const orderId = charged.data?.orderId ?? "";
    const detail = await call<{ providerOrderId: string; transactions: { id: string }[] }>(
      cookie,
      "admin.orders.get",
      { orderId },
      "query",
    );
    const transactionId = detail.data?.transactions[0]?.id ?? "";
    const idempotencyKey = randomUUID();
    const refund = { orderId, transactionId, amountMinor: 30_00, reason: "requested_by_customer", idempotencyKey };
    const refunded = await call<OrderOutcome & { statusDetail: string }>(cookie, "admin.orders.refund", refund);
    expect(refunded.data).toMatchObject({ outcome: "done", status: "processed", statusDetail: "partially_refunded" });
    // A refund larger than what is left is refused naming the amount.
    const tooMuch = await call(cookie, "admin.orders.refund", {
      ...refund,
      amountMinor: 50_01,
      idempotencyKey: randomUUID(),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error?.data).toMatchObject({ field: "amountMinor", reason: "refund_exceeds_balance" });

    const atProvider = await providerOrder(detail.data?.providerOrderId ?? "");
    expect(atProvider.transactions.payments[0]?.refunded_amount).toBe("30.00");
    const row = await withDatabase(async (client) => {
      const { rows } = await client.query(
        "select o.refunded_minor, q.status, q.idempotency_key from orders o join order_actions a on a.order_id = o.id join provider_requests q on q.id = a.provider_request_id where o.id = $1",
        [orderId],
      );
      return rows;
    });
    expect(row).toEqual([{ refunded_minor: "3000", status: "succeeded", idempotency_key: idempotencyKey }]);
  });
});
