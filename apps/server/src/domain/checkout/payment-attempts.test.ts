// Payment attempts under provider trouble and crashes, against a real sandbox
// over HTTP and a real PostgreSQL: the claim is committed before the call, no
// row lock is held during it, an unseen answer is "confirming" until the
// reconciliation re-reads the checkout, and a checkout cannot be paid both by
// card and on the hosted page.
import { createProviderClient } from "@cobro/provider-client";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { cardPaymentInput, startShopTestEnv } from "../../test/shop-test-env";
import { createTestClock } from "../../test/test-clock";
import { getCheckoutResult } from "./get-checkout-result";
import { payWithCard } from "./pay-with-card";
import {
  FIRST_RECONCILE_AFTER_MS,
  NO_PAYMENT_AFTER_MS,
  PAYMENT_LEASE_MS,
  RECONCILE_AFTER_LEASE_MS,
} from "./payment-attempt-policy";
import { reconcileCheckout, reconcileDueCheckouts } from "./reconcile-checkout";

const clock = createTestClock(new Date());
const env = await startShopTestEnv({ now: clock.now });
afterAll(() => env.close());
const { db, deps, provider } = env;
const { checkoutRow, providerPaymentsOf } = env;

function newCheckout() {
  return env.openCheckout({ priceMinor: 10_000, quantity: 1 });
}

/** A client whose calls give up after `timeoutMs` without retrying (a hanging provider in milliseconds). */
function impatientDeps(timeoutMs: number) {
  return {
    ...deps,
    provider: createProviderClient({
      accessToken: env.seller.accessToken,
      baseUrl: env.sandbox.url,
      timeoutMs,
      maxRetries: 0,
    }),
  };
}

describe("a payment whose answer is never seen", () => {
  it("processed, then the connection dropped: confirming, and reconciliation finds the payment (checkout paid)", async () => {
    const checkout = await newCheckout();
    env.sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const result = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(checkout, await env.cardToken("APRO")),
    });
    expect(result).toMatchObject({ status: "confirming", paymentId: null });
    expect(await checkoutRow(checkout.checkoutId)).toMatchObject({ status: "open", payment_request_status: "unknown" });

    clock.advance(FIRST_RECONCILE_AFTER_MS);
    expect(await reconcileDueCheckouts({ deps })).toBeGreaterThanOrEqual(1);
    const [payment] = await providerPaymentsOf(checkout.checkoutId);
    expect(await checkoutRow(checkout.checkoutId)).toMatchObject({
      status: "paid",
      provider_payment_id: payment?.id,
      payment_request_status: "succeeded",
      reconcile_after: null,
    });
    const view = await getCheckoutResult({ deps, userId: null, input: checkout });
    expect(view).toMatchObject({ status: "approved", paymentId: payment?.id });
  });

  it("never reached the provider: re-read with backoff, then known that no payment was made", async () => {
    const checkout = await newCheckout();
    env.sandbox.control.addFault({ method: "POST", path: "/v1/payments", action: { type: "drop" } });
    const result = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(checkout, await env.cardToken("APRO")),
    });
    expect(result.status).toBe("confirming");

    clock.advance(FIRST_RECONCILE_AFTER_MS);
    expect(await reconcileCheckout({ deps, checkoutId: checkout.checkoutId })).toBe("not_yet");
    const first = await checkoutRow(checkout.checkoutId);
    expect(first.reconcile_attempts).toBe(1);
    // Backing off: the second look is further away than the first was.
    expect(first.reconcile_after?.getTime()).toBe(clock.now().getTime() + 2 * FIRST_RECONCILE_AFTER_MS);

    clock.advance(NO_PAYMENT_AFTER_MS);
    expect(await reconcileCheckout({ deps, checkoutId: checkout.checkoutId })).toBe("no_payment");
    expect(await checkoutRow(checkout.checkoutId)).toMatchObject({
      status: "open",
      payment_request_status: "failed",
      reconcile_after: null,
    });
    expect((await getCheckoutResult({ deps, userId: null, input: checkout })).status).toBe("open");
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(0);
  });

  it("a crash after the claim (lease left behind, nothing recorded): the sweep settles it once the lease ends", async () => {
    const checkout = await newCheckout();
    const row = await checkoutRow(checkout.checkoutId);
    // What a process that died mid-call leaves: the request recorded and claimed, the call made, the answer never
    // recorded.
    const request = await db
      .insertInto("provider_requests")
      .values({
        kind: "checkout.payment",
        idempotency_key: row.idempotency_key,
        provider_account_id: null,
        fingerprint: null,
        status: "pending",
        attempts: 1,
        attempted_at: clock.now(),
        lease_until: new Date(clock.now().getTime() + PAYMENT_LEASE_MS),
        resource_type: "checkout",
        resource_id: checkout.checkoutId,
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("checkouts")
      .set({
        provider_request_id: request.id,
        reconcile_after: new Date(clock.now().getTime() + PAYMENT_LEASE_MS + RECONCILE_AFTER_LEASE_MS),
      })
      .where("id", "=", checkout.checkoutId)
      .execute();
    const made = await provider.payments.create(
      {
        transaction_amount: 100,
        token: await env.cardToken("APRO"),
        payment_method_id: "visa",
        installments: 1,
        payer: { email: env.payer().email },
        external_reference: row.external_reference,
      },
      { idempotencyKey: row.idempotency_key },
    );
    // While the lease holds, the shopper sees "confirming" and the sweep leaves the checkout alone.
    expect((await getCheckoutResult({ deps, userId: null, input: checkout })).status).toBe("confirming");
    expect(await reconcileDueCheckouts({ deps })).toBe(0);

    clock.advance(PAYMENT_LEASE_MS + RECONCILE_AFTER_LEASE_MS);
    await reconcileDueCheckouts({ deps });
    expect(await checkoutRow(checkout.checkoutId)).toMatchObject({ status: "paid", provider_payment_id: made.id });
  });

  it("a hanging provider costs one request, not a lock: the row stays free while the call is out", async () => {
    const checkout = await newCheckout();
    env.sandbox.control.addFault({ method: "POST", path: "/v1/payments", action: { type: "hang" } });
    const slow = impatientDeps(1_500);
    const paying = payWithCard({
      deps: slow,
      userId: null,
      input: cardPaymentInput(checkout, await env.cardToken("APRO")),
    });
    // Wait until the claim is committed and the call is out: the lease is taken, then the re-read after it is queued
    // (its own short transaction), then the call goes out.
    const callIsOut = async () => {
      const row = await checkoutRow(checkout.checkoutId);
      return (
        row.payment_lease_until !== null && (row.reconcile_after?.getTime() ?? 0) > row.payment_lease_until.getTime()
      );
    };
    for (let i = 0; i < 200 && !(await callIsOut()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await callIsOut()).toBe(true);
    // NOWAIT fails at once if any transaction holds the row: none does during the provider call.
    await db.transaction().execute(async (trx) => {
      await sql`select id from checkouts where id = ${checkout.checkoutId} for update nowait`.execute(trx);
    });
    expect(await paying).toMatchObject({ status: "confirming" });
  });

  it("more shoppers paying than the pool has connections, while the provider hangs: the database stays available", async () => {
    // The test database's pool has 4 connections; 12 payments hang at the provider at once.
    env.sandbox.control.addFault({ method: "POST", path: "/v1/payments", count: 12, action: { type: "hang" } });
    const slow = impatientDeps(2_000);
    const checkouts = await Promise.all(Array.from({ length: 12 }, () => newCheckout()));
    const tokens = await Promise.all(checkouts.map(() => env.cardToken("APRO")));
    const paying = Promise.all(
      checkouts.map((checkout, i) =>
        payWithCard({ deps: slow, userId: null, input: cardPaymentInput(checkout, tokens[i] ?? "") }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    await sql`select 1`.execute(db);
    // A query waits for no provider call: no connection is held while the calls are out.
    expect(Date.now() - started).toBeLessThan(500);
    const results = await paying;
    expect(results.every((result) => result.status === "confirming")).toBe(true);
  });

  it("a second request while the first call is out waits for it and never calls the provider", async () => {
    const checkout = await newCheckout();
    env.sandbox.control.addFault({ method: "POST", path: "/v1/payments", action: { type: "latency", ms: 400 } });
    const token = await env.cardToken("APRO");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, token) })),
    );
    const paymentIds = new Set(results.map((result) => result.paymentId));
    expect(paymentIds.size).toBe(1);
    expect(results.every((result) => result.status === "approved")).toBe(true);
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });
});
