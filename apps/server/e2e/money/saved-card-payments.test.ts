// Paying with a saved card through the real server process, started the way
// `npm start` starts it, against a sandbox started separately: the server
// checks the card is the signed-in shopper's, stores the checkout's
// idempotency key before the call, and pays as the shopper's provider
// customer (provider: payer `{ type: "customer", id }` for a saved card).
import { randomBytes } from "node:crypto";
import type { Sandbox } from "mercadopago-sandbox";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCardToken } from "../support/card-token";
import { type LiveServerRun, startLiveServerRun } from "../support/live-server-run";
import { withServerDatabase } from "../support/server-database";
import type { ServerProcess } from "../support/server-process";
import { callProcedure, type HttpSession, signInOverHttp } from "../support/trpc-http";

let run: LiveServerRun;
let sandbox: Sandbox;
let server: ServerProcess;

beforeAll(async () => {
  run = await startLiveServerRun({ name: "saved-card" });
  ({ sandbox, server } = run);
}, 180_000);

afterAll(() => run?.close(), 60_000);

type Shopper = HttpSession;

function call<T>(shopper: Shopper | null, procedure: string, input: unknown, kind: "query" | "mutation" = "mutation") {
  return callProcedure<T>(server.url, shopper, procedure, input, kind);
}

async function signUp(): Promise<Shopper> {
  const email = `saver-${randomBytes(4).toString("hex")}@testuser.com`;
  const signedUp = await call(null, "auth.signUp", { email, password: "a-long-password-1", name: "Ana Saver" });
  expect(signedUp.status).toBe(200);
  // Sign-up signs nobody in (it answers alike for a taken address); an unverified shopper may sign in.
  return signInOverHttp(server.url, email, "a-long-password-1");
}

interface Checkout {
  checkoutId: string;
  checkoutToken: string;
}

async function openCheckout(shopper: Shopper): Promise<Checkout> {
  const catalog = await call<{ items: { id: string }[] }>(null, "catalog.list", { limit: 1 }, "query");
  const created = await call<Checkout>(shopper, "checkout.create", {
    items: [{ productId: catalog.data?.items[0]?.id ?? "", quantity: 1 }],
    payer: {
      email: shopper.email,
      firstName: "Ana",
      lastName: "Pérez",
      identification: { type: "DNI", number: "12345678" },
    },
  });
  if (!created.data) throw new Error(`checkout.create → ${created.status}`);
  return { checkoutId: created.data.checkoutId, checkoutToken: created.data.checkoutToken };
}

function cardToken(): Promise<string> {
  return createCardToken({
    providerUrl: sandbox.url,
    publicKey: sandbox.control.defaultSeller.publicKey,
    cardholder: "APRO",
  });
}

/** What the SDK makes from a saved card id and the CVV typed in its secure field. */
async function savedCardToken(cardId: string): Promise<string> {
  const response = await fetch(
    `${sandbox.url}/v1/card_tokens?public_key=${encodeURIComponent(sandbox.control.defaultSeller.publicKey)}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ card_id: cardId, security_code: "123" }),
    },
  );
  if (!response.ok) throw new Error(`saved card token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A shopper whose first payment saved the test Visa: the shopper and the card's id. */
async function shopperWithSavedCard(): Promise<{ shopper: Shopper; cardId: string }> {
  const shopper = await signUp();
  const first = await openCheckout(shopper);
  const paid = await call<{ status: string; cardSaved?: boolean }>(shopper, "checkout.payWithCard", {
    ...first,
    cardToken: await cardToken(),
    paymentMethodId: "visa",
    installments: 1,
    saveCard: true,
    saveCardToken: await cardToken(),
  });
  expect(paid.data).toMatchObject({ status: "approved", cardSaved: true });
  const cards = await call<{ id: string; lastFour: string }[]>(shopper, "account.cards.list", undefined, "query");
  const cardId = cards.data?.[0]?.id;
  if (!cardId) throw new Error("the card was not saved");
  return { shopper, cardId };
}

function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  return withServerDatabase(server.databaseUrl(), use);
}

async function providerPayment(paymentId: number) {
  const response = await fetch(`${sandbox.url}/v1/payments/${paymentId}`, {
    headers: { authorization: `Bearer ${sandbox.control.defaultSeller.accessToken}` },
  });
  return (await response.json()) as { payer: { type?: string | null; id?: string | null }; external_reference: string };
}

async function providerPaymentsOf(checkoutId: string): Promise<unknown[]> {
  const response = await fetch(`${sandbox.url}/v1/payments/search?external_reference=${checkoutId}`, {
    headers: { authorization: `Bearer ${sandbox.control.defaultSeller.accessToken}` },
  });
  return ((await response.json()) as { results: unknown[] }).results;
}

describe("[money][cards] paying with a saved card, the real server process", () => {
  it("stores the key before the call, pays as the shopper's provider customer, and the provider holds that key", async () => {
    const { shopper, cardId } = await shopperWithSavedCard();
    const checkout = await openCheckout(shopper);
    // The provider is slow to answer: while the call is in flight, the key must already be committed.
    sandbox.control.addFault({ method: "POST", path: "/v1/payments", action: { type: "latency", ms: 1_500 } });
    const paying = call<{ status: string; paymentId: number }>(shopper, "checkout.payWithCard", {
      ...checkout,
      cardToken: await savedCardToken(cardId),
      savedCardId: cardId,
      paymentMethodId: "visa",
      installments: 1,
    });
    // In flight: the checkout's provider request claimed (pending under a lease) with the checkout's key.
    let inFlight: { idempotency_key: string | null; request_key: string | null; status: string | null } | undefined;
    for (let attempt = 0; attempt < 100 && inFlight?.status !== "in_flight"; attempt += 1) {
      inFlight = await withDatabase(async (client) => {
        const { rows } = await client.query(
          `select c.idempotency_key, r.idempotency_key as request_key,
             case when r.status = 'pending' and r.lease_until is not null then 'in_flight' else r.status end as status
           from checkouts c left join provider_requests r on r.id = c.provider_request_id where c.id = $1`,
          [checkout.checkoutId],
        );
        return rows[0];
      });
      if (inFlight?.status !== "in_flight") await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(inFlight?.status).toBe("in_flight");
    expect(inFlight?.idempotency_key).toMatch(/\S{8,}/);
    expect(inFlight?.request_key).toBe(inFlight?.idempotency_key);
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(0);

    const paid = await paying;
    expect(paid.data?.status).toBe("approved");
    const customerId = await withDatabase(async (client) => {
      const { rows } = await client.query("select provider_customer_id from users where email = $1", [shopper.email]);
      return rows[0]?.provider_customer_id as string;
    });
    const payment = await providerPayment(paid.data?.paymentId ?? 0);
    expect(payment.payer).toMatchObject({ type: "customer", id: customerId });
    expect(payment.external_reference).toBe(checkout.checkoutId);

    // The provider holds the stored key: the same key with another body is refused, and no second payment exists.
    const reuse = await fetch(`${sandbox.url}/v1/payments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${sandbox.control.defaultSeller.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": inFlight?.idempotency_key ?? "",
      },
      body: JSON.stringify({
        transaction_amount: 1,
        token: await cardToken(),
        payment_method_id: "visa",
        installments: 1,
        payer: { email: "someone-else@testuser.com" },
      }),
    });
    expect(reuse.status).toBe(409);
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("refuses another shopper's saved card with a 404 naming savedCardId, and calls no payment", async () => {
    const { cardId } = await shopperWithSavedCard();
    const intruder = await signUp();
    const checkout = await openCheckout(intruder);
    const refused = await call(intruder, "checkout.payWithCard", {
      ...checkout,
      cardToken: await savedCardToken(cardId),
      savedCardId: cardId,
      paymentMethodId: "visa",
      installments: 1,
    });
    expect(refused.status).toBe(404);
    expect(refused.error?.data?.field).toBe("savedCardId");
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(0);
  });
});
