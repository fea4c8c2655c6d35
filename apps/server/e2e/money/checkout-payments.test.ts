// Money paths of the real server process, started the way `npm start` starts
// it, against a sandbox started separately (here, in the test process), so the
// server can crash while the provider keeps its state. Everything goes over
// HTTP; the assertions read what the provider received and what the server's
// database holds.
//
// The defect this guards against passed every in-process test: once the HTTP
// server replaced the global Request, each payment went out with a random
// idempotency key instead of the checkout's, and a retry charged twice.
import { randomBytes } from "node:crypto";
import type { Sandbox } from "mercadopago-sandbox";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCardToken } from "../support/card-token";
import { type LiveServerRun, startLiveServerRun } from "../support/live-server-run";
import { withServerDatabase } from "../support/server-database";
import type { ServerProcess } from "../support/server-process";
import { callProcedure } from "../support/trpc-http";

let run: LiveServerRun;
let sandbox: Sandbox;
let server: ServerProcess;

beforeAll(async () => {
  run = await startLiveServerRun({ name: "money", webhookRetryDelaysMs: [200] });
  ({ sandbox, server } = run);
}, 180_000);

afterAll(() => run?.close(), 60_000);

async function mutate<T>(procedure: string, input: unknown): Promise<{ status: number; data: T }> {
  const answer = await callProcedure<T>(server.url, null, procedure, input);
  if (answer.data === undefined) throw new Error(`${procedure} → ${answer.status}: ${JSON.stringify(answer.error)}`);
  return { status: answer.status, data: answer.data };
}

async function query<T>(procedure: string, input: unknown): Promise<T> {
  const answer = await callProcedure<T>(server.url, null, procedure, input, "query");
  if (answer.data === undefined) throw new Error(`${procedure} → ${answer.status}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

function cardToken(cardholder: string): Promise<string> {
  return createCardToken({ providerUrl: sandbox.url, publicKey: sandbox.control.defaultSeller.publicKey, cardholder });
}

interface Checkout {
  checkoutId: string;
  checkoutToken: string;
}

async function openCheckout(): Promise<Checkout> {
  const catalog = await query<{ items: { id: string }[] }>("catalog.list", { limit: 1 });
  const productId = catalog.items[0]?.id ?? "";
  const created = await mutate<Checkout>("checkout.create", {
    items: [{ productId, quantity: 1 }],
    payer: {
      email: `buyer-${randomBytes(4).toString("hex")}@testuser.com`,
      firstName: "Ana",
      lastName: "Pérez",
      identification: { type: "DNI", number: "12345678" },
    },
  });
  return { checkoutId: created.data.checkoutId, checkoutToken: created.data.checkoutToken };
}

function payWithCard(checkout: Checkout, token: string) {
  return mutate<{ status: string; paymentId: number | null }>("checkout.payWithCard", {
    ...checkout,
    cardToken: token,
    paymentMethodId: "visa",
    installments: 1,
  });
}

async function providerPaymentsOf(checkoutId: string): Promise<{ id: number; status: string }[]> {
  const response = await fetch(`${sandbox.url}/v1/payments/search?external_reference=${checkoutId}`, {
    headers: { authorization: `Bearer ${sandbox.control.defaultSeller.accessToken}` },
  });
  return ((await response.json()) as { results: { id: number; status: string }[] }).results;
}

function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  return withServerDatabase(server.databaseUrl(), use);
}

async function checkoutRow(checkoutId: string) {
  return withDatabase(async (client) => {
    const { rows } = await client.query(
      `select c.status, c.idempotency_key, c.external_reference, c.provider_payment_id::text,
         r.status as payment_request_status
       from checkouts c left join provider_requests r on r.id = c.provider_request_id where c.id = $1`,
      [checkoutId],
    );
    return rows[0] as {
      status: string;
      idempotency_key: string;
      external_reference: string;
      provider_payment_id: string | null;
      payment_request_status: string | null;
    };
  });
}

describe("[money][checkout] the real server process against a separate sandbox", () => {
  it("a declined card, then a cash ticket: a replacement checkout pays once under its own key; the old one is replaced once", async () => {
    const declined = await openCheckout();
    const first = await payWithCard(declined, await cardToken("OTHE"));
    expect(first.data.status).toBe("rejected");

    const replaced = await mutate<Checkout>("checkout.replace", declined);
    const replacement = { data: { checkoutId: replaced.data.checkoutId, checkoutToken: replaced.data.checkoutToken } };
    expect(replacement.data.checkoutId).not.toBe(declined.checkoutId);
    // A second replacement of the same checkout (another tab) is refused: it never opens a second payment.
    const again = await callProcedure(server.url, null, "checkout.replace", declined);
    expect(again.status).toBe(409);

    const ticket = await mutate<{ status: string; paymentId: number | null }>("checkout.payOffline", {
      ...replacement.data,
      paymentMethodId: "rapipago",
    });
    expect(ticket.data.status).toBe("pending");
    // The provider holds one payment per checkout: the declined card and the ticket.
    expect((await providerPaymentsOf(declined.checkoutId)).map((payment) => payment.status)).toEqual(["rejected"]);
    expect((await providerPaymentsOf(replacement.data.checkoutId)).map((payment) => payment.status)).toEqual([
      "pending",
    ]);
    // The ticket went out under the replacement's stored key, never the declined checkout's.
    const [oldRow, newRow] = [await checkoutRow(declined.checkoutId), await checkoutRow(replacement.data.checkoutId)];
    expect(newRow.idempotency_key).not.toBe(oldRow.idempotency_key);
    const reuse = await fetch(`${sandbox.url}/v1/payments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${sandbox.control.defaultSeller.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": newRow.idempotency_key,
      },
      body: JSON.stringify({
        transaction_amount: 1,
        payment_method_id: "rapipago",
        payer: { email: "x@testuser.com" },
      }),
    });
    expect(reuse.status).toBe(409);
    // A repeated ticket request answers the same payment; nothing new reaches the provider.
    const repeated = await mutate<{ paymentId: number | null }>("checkout.payOffline", {
      ...replacement.data,
      paymentMethodId: "rapipago",
    });
    expect(repeated.data.paymentId).toBe(ticket.data.paymentId);
    expect(await providerPaymentsOf(replacement.data.checkoutId)).toHaveLength(1);
  });

  it("sends the checkout's stored idempotency key: the provider reports it used (same key, another body → 409)", async () => {
    const checkout = await openCheckout();
    const paid = await payWithCard(checkout, await cardToken("APRO"));
    expect(paid.data.status).toBe("approved");
    const row = await checkoutRow(checkout.checkoutId);

    const reuse = await fetch(`${sandbox.url}/v1/payments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${sandbox.control.defaultSeller.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": row.idempotency_key,
      },
      body: JSON.stringify({
        transaction_amount: 1,
        token: await cardToken("APRO"),
        payment_method_id: "visa",
        installments: 1,
        payer: { email: "someone-else@testuser.com" },
      }),
    });
    expect(reuse.status).toBe(409);
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("a lost answer, then the shopper's retry with a new card token: one payment, never 'failed'", async () => {
    const checkout = await openCheckout();
    sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const lost = await payWithCard(checkout, await cardToken("APRO"));
    expect(lost.status).toBe(200);
    expect(lost.data.status).toBe("confirming");

    const retried = await payWithCard(checkout, await cardToken("APRO"));
    expect(retried.data.status).toBe("approved");
    const payments = await providerPaymentsOf(checkout.checkoutId);
    expect(payments).toHaveLength(1);
    expect(retried.data.paymentId).toBe(payments[0]?.id);
  });

  it("an unseen answer, then a crash: after the restart, reconciliation settles the checkout paid without the shopper", async () => {
    const checkout = await openCheckout();
    // The provider charges, then the connection drops: the server records an unknown outcome and says so.
    sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const unseen = await payWithCard(checkout, await cardToken("APRO"));
    expect(unseen.data.status).toBe("confirming");
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
    // Then the server dies before anything else happens.
    await server.crash();

    server = await run.restart();
    // The unknown outcome survived the crash; nobody asks for the result: the job alone must settle it.
    expect((await checkoutRow(checkout.checkoutId)).payment_request_status).toBe("unknown");
    let row = await checkoutRow(checkout.checkoutId);
    const deadline = Date.now() + 75_000;
    // Settling is two writes (the payment's mirror, then the attempt's outcome): wait for both.
    while ((row.status !== "paid" || row.payment_request_status !== "succeeded") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      row = await checkoutRow(checkout.checkoutId);
    }
    expect(row).toMatchObject({ status: "paid", payment_request_status: "succeeded" });

    // Paying again returns the one payment instead of making another.
    const again = await payWithCard(checkout, await cardToken("APRO"));
    expect(again.data.status).toBe("approved");
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  }, 150_000);
});
