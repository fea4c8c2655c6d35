// Card payments end to end: a real sandbox over HTTP plays Mercado Pago, a real
// test database holds checkouts and the payment mirror.
import { createProviderClient } from "@cobro/provider-client";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { AppError } from "../../errors/app-error";
import { processWebhookEvent } from "../../jobs/process-webhook-event";
import { cardPaymentInput, startShopTestEnv } from "../../test/shop-test-env";
import { createTestClock } from "../../test/test-clock";
import { createTestUser } from "../../test/test-users";
import { listSavedCards } from "../account/list-saved-cards";
import { getCheckoutResult, RESULT_REFRESH_AFTER_MS } from "./get-checkout-result";
import { payWithCard } from "./pay-with-card";

// The clock starts at real time: webhook signatures are checked against it.
const clock = createTestClock(new Date());
const env = await startShopTestEnv({ now: clock.now });
afterAll(() => env.close());
const { db, deps, provider } = env;
const { checkoutRow, providerPaymentsOf } = env;

/** Two units of a product (12.550,00 each unless told), created at the test clock's time. */
function newCheckout(options: { userId?: string | null; priceMinor?: number; quantity?: number } = {}) {
  return env.openCheckout({ priceMinor: 12_550, quantity: 2, ...options });
}

type Checkout = Awaited<ReturnType<typeof newCheckout>>;

async function pay(checkout: Checkout, cardholder: string, userId: string | null = null) {
  return payWithCard({ deps, userId, input: cardPaymentInput(checkout, await env.cardToken(cardholder)) });
}

function mirrorsOf(checkoutId: string) {
  return db.selectFrom("payments").selectAll().where("checkout_id", "=", checkoutId).execute();
}

describe("payWithCard: each test cardholder's outcome", () => {
  const outcomes: [string, string, string, string | null, string][] = [
    // cardholder, result status, status_detail, reason, checkout status
    ["APRO", "approved", "accredited", null, "paid"],
    ["OTHE", "rejected", "cc_rejected_other_reason", "cc_rejected_other_reason", "failed"],
    ["FUND", "rejected", "cc_rejected_insufficient_amount", "cc_rejected_insufficient_amount", "failed"],
    ["SECU", "rejected", "cc_rejected_bad_filled_security_code", "cc_rejected_bad_filled_security_code", "failed"],
    ["CALL", "rejected", "cc_rejected_call_for_authorize", "cc_rejected_call_for_authorize", "failed"],
    ["EXPI", "rejected", "cc_rejected_bad_filled_date", "cc_rejected_bad_filled_date", "failed"],
    ["CONT", "in_process", "pending_contingency", null, "pending"],
  ];

  it.each(outcomes)("%s → %s / %s", async (cardholder, status, statusDetail, reason, checkoutStatus) => {
    const checkout = await newCheckout();
    const result = await pay(checkout, cardholder);
    expect(result).toMatchObject({
      checkoutId: checkout.checkoutId,
      status,
      statusDetail,
      reason,
      total: { amountMinor: 25_100, currency: "ARS" },
      paymentMethodId: "visa",
      refunded: { amountMinor: 0, currency: "ARS" },
    });
    expect(result.paymentId).toEqual(expect.any(Number));

    const [mirror, ...others] = await mirrorsOf(checkout.checkoutId);
    expect(others).toHaveLength(0);
    expect(mirror).toMatchObject({ provider_payment_id: result.paymentId, status, amount_minor: 25_100 });
    expect(await checkoutRow(checkout.checkoutId)).toMatchObject({
      status: checkoutStatus,
      provider_payment_id: result.paymentId,
      payment_method: "card",
    });
  });

  it("sends the provider the database total, the payer, the references and the webhook URL", async () => {
    const checkout = await newCheckout({ priceMinor: 1_850_000, quantity: 3 });
    const result = await pay(checkout, "APRO");
    const payment = await provider.payments.get(result.paymentId ?? 0);
    expect(payment).toMatchObject({
      transaction_amount: 55_500,
      currency_id: "ARS",
      external_reference: checkout.checkoutId,
      notification_url: "http://127.0.0.1:3000/api/webhooks/mercadopago?source_news=webhooks",
      statement_descriptor: "COBRO",
      metadata: { checkout_id: checkout.checkoutId },
      installments: 1,
      payer: { first_name: "Ana", last_name: "Pérez", identification: { type: "DNI", number: "12345678" } },
    });
    expect(payment.description).toMatch(/x3$/);
  });

  it("audit-logs the provider call with the checkout's idempotency key, and never the card token", async () => {
    const checkout = await newCheckout();
    const token = await env.cardToken("APRO");
    await payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, token) });
    const row = await checkoutRow(checkout.checkoutId);
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("resource_type", "=", "checkout")
      .where("resource_id", "=", checkout.checkoutId)
      .execute();
    // The attempt is recorded (committed) before the call, the payment after it; both carry the checkout's key.
    expect(audit.map((entry) => [entry.action, entry.idempotency_key])).toEqual([
      ["payment.attempted", row.idempotency_key],
      ["payment.created", row.idempotency_key],
    ]);
    expect(JSON.stringify(audit)).not.toContain(token);
  });
});

describe("payWithCard: one checkout, one payment", () => {
  it("two concurrent calls create exactly one provider payment and one mirror row", async () => {
    const checkout = await newCheckout();
    const token = await env.cardToken("APRO");
    const [first, second] = await Promise.all([
      payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, token) }),
      payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, token) }),
    ]);
    expect(first.status).toBe("approved");
    expect(second).toEqual(first);
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
    expect(await mirrorsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("two concurrent calls with two different card tokens (two tabs): the second waits and never calls the provider", async () => {
    const checkout = await newCheckout();
    const [a, b] = await Promise.all([env.cardToken("APRO"), env.cardToken("APRO")]);
    let creates = 0;
    const countingProvider = createProviderClient({
      accessToken: env.seller.accessToken,
      baseUrl: env.sandbox.url,
      fetch: (request) => {
        if (request.method === "POST" && new URL(request.url).pathname === "/v1/payments") creates++;
        return fetch(request);
      },
    });
    const countingDeps = { ...deps, provider: countingProvider };
    // Slow, so that both calls overlap for certain.
    env.sandbox.control.addFault({ method: "POST", path: "/v1/payments", action: { type: "latency", ms: 200 } });
    const results = await Promise.all([
      payWithCard({ deps: countingDeps, userId: null, input: cardPaymentInput(checkout, a) }),
      payWithCard({ deps: countingDeps, userId: null, input: cardPaymentInput(checkout, b) }),
    ]);
    expect(results[0].paymentId).toBe(results[1].paymentId);
    expect(creates).toBe(1);
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("a reload after success returns the same result and charges nothing more", async () => {
    const checkout = await newCheckout();
    const first = await pay(checkout, "APRO");
    const again = await pay(checkout, "APRO");
    expect(again).toEqual(first);
    const viaResult = await getCheckoutResult({
      deps,
      userId: null,
      input: { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken },
    });
    expect(viaResult).toEqual(first);
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("a declined checkout keeps its one payment: paying again returns the decline", async () => {
    const checkout = await newCheckout();
    const declined = await pay(checkout, "OTHE");
    const again = await pay(checkout, "APRO");
    expect(again).toEqual(declined);
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });
});

describe("payWithCard: who may pay", () => {
  it("a guest needs the right token", async () => {
    const checkout = await newCheckout();
    const token = await env.cardToken("APRO");
    const wrong = { ...cardPaymentInput(checkout, token), checkoutToken: "A".repeat(43) };
    await expect(payWithCard({ deps, userId: null, input: wrong })).rejects.toMatchObject({
      code: "NOT_FOUND",
      reason: "checkout_not_found",
    });
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(0);
  });

  it("another shopper cannot pay (or learn of) a shopper's checkout; the owner can without the token", async () => {
    const owner = await createTestUser({ db });
    const stranger = await createTestUser({ db });
    const checkout = await newCheckout({ userId: owner.id });
    const input = { ...cardPaymentInput(checkout, await env.cardToken("APRO")), checkoutToken: "B".repeat(43) };
    const refused = await payWithCard({ deps, userId: stranger.id, input }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "NOT_FOUND", message: "We could not find that checkout." });
    const paid = await payWithCard({ deps, userId: owner.id, input });
    expect(paid.status).toBe("approved");
  });
});

describe("payWithCard: provider failures", () => {
  it("a spent card token is a BAD_REQUEST naming cardToken, without the token or the provider's body", async () => {
    const token = await env.cardToken("APRO");
    await pay(await newCheckout(), "APRO");
    const first = await newCheckout();
    await payWithCard({ deps, userId: null, input: cardPaymentInput(first, token) });
    const second = await newCheckout();
    const error = await payWithCard({ deps, userId: null, input: cardPaymentInput(second, token) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "BAD_REQUEST", field: "cardToken", reason: "invalid_card_token" });
    expect((error as AppError).message).not.toContain(token);
    expect((error as AppError).message).not.toMatch(/cause|invalid card token/i);
    expect(await checkoutRow(second.checkoutId)).toMatchObject({ status: "open", provider_payment_id: null });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("resource_id", "=", second.checkoutId)
      .execute();
    // Both rows carry the test clock's one instant, so the table's order is not theirs: compared as a set.
    expect(audit).toHaveLength(2);
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "payment.attempted", details: expect.objectContaining({ kind: "card" }) },
        { action: "payment.create_failed", details: expect.objectContaining({ status: 400, kind: "card" }) },
      ]),
    );
    // The provider refused the request itself: known that nothing was charged, and nothing left to reconcile.
    expect(await checkoutRow(second.checkoutId)).toMatchObject({
      payment_request_status: "failed",
      payment_lease_until: null,
      reconcile_after: null,
    });
  });

  it("5xx after the client's retries → confirming (not a failure); paying again re-reads, then pays once with the same key", async () => {
    const checkout = await newCheckout();
    const token = await env.cardToken("APRO");
    env.sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      count: 3,
      action: { type: "status", status: 503 },
    });
    const unknown = await payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, token) });
    expect(unknown).toMatchObject({ status: "confirming", paymentId: null });
    const row = await checkoutRow(checkout.checkoutId);
    expect(row).toMatchObject({ status: "open", payment_request_status: "unknown", payment_lease_until: null });
    // Reconciliation is scheduled (within a minute) and queued.
    expect(row.reconcile_after?.getTime()).toBeLessThanOrEqual(clock.now().getTime() + 60_000);
    expect(deps.enqueuedJobs).toContainEqual(
      expect.objectContaining({ name: "reconcile-checkout", data: { checkoutId: checkout.checkoutId } }),
    );
    const retried = await payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, token) });
    expect(retried.status).toBe("approved");
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("processed-then-500: the client's retry with the same key gets the stored answer, one payment", async () => {
    const checkout = await newCheckout();
    env.sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "status" },
    });
    const result = await pay(checkout, "APRO");
    expect(result.status).toBe("approved");
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("processed-then-dropped, then a retry with a fresh token: the first payment is found, not a second made", async () => {
    const checkout = await newCheckout();
    env.sandbox.control.addFault({
      method: "POST",
      path: "/v1/payments",
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    // Never "we could not make the payment" while the provider may have charged: the shopper is told we confirm it.
    expect(await pay(checkout, "APRO")).toMatchObject({ status: "confirming", paymentId: null });
    const retried = await pay(checkout, "APRO");
    expect(retried.status).toBe("approved");
    const payments = await providerPaymentsOf(checkout.checkoutId);
    expect(payments).toHaveLength(1);
    expect(retried.paymentId).toBe(payments[0]?.id);
  });

  it("refuses products priced in a currency the store's account cannot charge", async () => {
    const checkout = await env.openCheckout({ currency: "BRL" });
    await expect(pay(checkout, "APRO")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "items",
      reason: "currency_not_supported",
    });
  });
});

describe("a payment under review (CONT)", () => {
  it("settles through checkout.result's polling fallback once the mirror is older than 5 s", async () => {
    const checkout = await newCheckout();
    const pending = await pay(checkout, "CONT");
    expect(pending.status).toBe("in_process");
    await env.settle(pending.paymentId ?? 0, "approve");

    const access = { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken };
    // A fresh mirror is answered as is.
    const soon = await getCheckoutResult({ deps, userId: null, input: access });
    expect(soon.status).toBe("in_process");

    clock.advance(RESULT_REFRESH_AFTER_MS + 1_000);
    const later = await getCheckoutResult({ deps, userId: null, input: access });
    expect(later).toMatchObject({ status: "approved", statusDetail: "accredited", paymentId: pending.paymentId });
    expect(await checkoutRow(checkout.checkoutId)).toMatchObject({ status: "paid" });
  });

  it("settles through the webhook: the sandbox notifies the app, the job mirrors it", async () => {
    const app = createApp(deps);
    env.setWebhookHandler(async (request) => app.fetch(request));
    try {
      const checkout = await newCheckout();
      const pending = await pay(checkout, "CONT");
      await env.sandbox.control.idle();
      deps.enqueuedJobs.length = 0;

      await env.settle(pending.paymentId ?? 0, "approve");
      await env.sandbox.control.idle();
      const jobs = deps.enqueuedJobs.filter((job) => job.name === "process-webhook-event");
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) await processWebhookEvent({ deps, eventId: String(job.data.eventId) });

      // No clock change: the mirror itself is up to date.
      const result = await getCheckoutResult({
        deps,
        userId: null,
        input: { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken },
      });
      expect(result).toMatchObject({ status: "approved", statusDetail: "accredited" });
    } finally {
      env.setWebhookHandler(null);
    }
  });
});

describe("saving the card", () => {
  it("saves it to the signed-in shopper's provider customer with the second token", async () => {
    const user = await createTestUser({ db });
    const checkout = await newCheckout({ userId: user.id });
    const [cardToken, saveCardToken] = await Promise.all([env.cardToken("APRO"), env.cardToken("APRO")]);
    const result = await payWithCard({
      deps,
      userId: user.id,
      input: cardPaymentInput(checkout, cardToken, { saveCard: true, saveCardToken }),
    });
    expect(result).toMatchObject({ status: "approved", cardSaved: true });
    const stored = await db
      .selectFrom("users")
      .select("provider_customer_id")
      .where("id", "=", user.id)
      .executeTakeFirst();
    expect(stored?.provider_customer_id).toEqual(expect.any(String));
    const cards = await listSavedCards({ deps, userId: user.id });
    expect(cards).toEqual([
      expect.objectContaining({ brand: "Visa", paymentMethodId: "visa", lastFour: "3704", expirationYear: 2030 }),
    ]);
  });

  it("does not save a declined card", async () => {
    const user = await createTestUser({ db });
    const checkout = await newCheckout({ userId: user.id });
    const [cardToken, saveCardToken] = await Promise.all([env.cardToken("FUND"), env.cardToken("FUND")]);
    const result = await payWithCard({
      deps,
      userId: user.id,
      input: cardPaymentInput(checkout, cardToken, { saveCard: true, saveCardToken }),
    });
    expect(result).toMatchObject({ status: "rejected", cardSaved: false });
    expect(await listSavedCards({ deps, userId: user.id })).toEqual([]);
  });

  it("refuses saving for a guest", async () => {
    const checkout = await newCheckout();
    await expect(
      payWithCard({
        deps,
        userId: null,
        input: cardPaymentInput(checkout, await env.cardToken("APRO"), {
          saveCard: true,
          saveCardToken: "x".repeat(32),
        }),
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "saveCard" });
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(0);
  });
});

describe("paying with a saved card", () => {
  /** A shopper whose first (approved) payment saved the test Visa; answers the user and the saved card's id. */
  async function shopperWithSavedCard() {
    const user = await createTestUser({ db });
    const first = await newCheckout({ userId: user.id });
    const [cardToken, saveCardToken] = await Promise.all([env.cardToken("APRO"), env.cardToken("APRO")]);
    await payWithCard({
      deps,
      userId: user.id,
      input: cardPaymentInput(first, cardToken, { saveCard: true, saveCardToken }),
    });
    const [card] = await listSavedCards({ deps, userId: user.id });
    if (!card) throw new Error("the card was not saved");
    return { user, card };
  }

  /** What the browser makes with the SDK from a saved card id and the CVV typed in a secure field. */
  async function savedCardToken(cardId: string) {
    const token = await provider.cardTokens.create({ card_id: cardId, security_code: "123" });
    return token.id;
  }

  it("pays with the card's token and names the shopper's provider customer as the payer", async () => {
    const { user, card } = await shopperWithSavedCard();
    const checkout = await newCheckout({ userId: user.id });
    const result = await payWithCard({
      deps,
      userId: user.id,
      input: cardPaymentInput(checkout, await savedCardToken(card.id), { savedCardId: card.id }),
    });
    expect(result).toMatchObject({ status: "approved", paymentMethodId: "visa" });
    const customerId = (
      await db.selectFrom("users").select("provider_customer_id").where("id", "=", user.id).executeTakeFirstOrThrow()
    ).provider_customer_id;
    const payment = await provider.payments.get(result.paymentId ?? 0);
    expect(payment.payer).toMatchObject({ type: "customer", id: customerId });
    // Everything else of the payer still comes from the checkout.
    expect(payment.payer).toMatchObject({ identification: { type: "DNI", number: "12345678" } });
  });

  it("refuses another shopper's card id (NOT_FOUND naming savedCardId) and calls no payment", async () => {
    const { card } = await shopperWithSavedCard();
    const intruder = await shopperWithSavedCard();
    const checkout = await newCheckout({ userId: intruder.user.id });
    await expect(
      payWithCard({
        deps,
        userId: intruder.user.id,
        input: cardPaymentInput(checkout, await savedCardToken(card.id), { savedCardId: card.id }),
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "savedCardId", reason: "card_not_found" });
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(0);
    expect(await checkoutRow(checkout.checkoutId)).toMatchObject({ provider_payment_id: null });
  });

  it("refuses a shopper without saved cards, and a guest", async () => {
    const { card } = await shopperWithSavedCard();
    const stranger = await createTestUser({ db });
    const own = await newCheckout({ userId: stranger.id });
    await expect(
      payWithCard({
        deps,
        userId: stranger.id,
        input: cardPaymentInput(own, await savedCardToken(card.id), { savedCardId: card.id }),
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "savedCardId" });
    const guest = await newCheckout();
    await expect(
      payWithCard({
        deps,
        userId: null,
        input: cardPaymentInput(guest, await savedCardToken(card.id), { savedCardId: card.id }),
      }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED", field: "savedCardId" });
    expect(await providerPaymentsOf(own.checkoutId)).toHaveLength(0);
    expect(await providerPaymentsOf(guest.checkoutId)).toHaveLength(0);
  });
});

describe("the chosen installments' cost", () => {
  it("records the provider's installments, installment amount and total paid, and the result shows them", async () => {
    const checkout = await newCheckout();
    const result = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(checkout, await env.cardToken("APRO"), { installments: 3 }),
    });
    const payment = await provider.payments.get(result.paymentId ?? 0);
    const totalPaidMinor = Math.round((payment.transaction_details?.total_paid_amount ?? 0) * 100);
    const installmentMinor = Math.round((payment.transaction_details?.installment_amount ?? 0) * 100);
    expect(payment.installments).toBe(3);
    expect(totalPaidMinor).toBeGreaterThanOrEqual(25_100);
    expect(result.plan).toEqual({
      installments: 3,
      installmentAmount: { amountMinor: installmentMinor, currency: "ARS" },
      totalPaid: { amountMinor: totalPaidMinor, currency: "ARS" },
    });
    const [mirror] = await mirrorsOf(checkout.checkoutId);
    expect(mirror).toMatchObject({
      installments: 3,
      installment_amount_minor: installmentMinor,
      total_paid_minor: totalPaidMinor,
    });
  });

  it("a payment not made by card has no plan", async () => {
    const { paymentPlanOf } = await import("./checkout-result-view");
    const base = { installments: 1, installment_amount_minor: 100, total_paid_minor: 100, currency: "BRL" };
    expect(paymentPlanOf({ ...base, payment_type_id: "bank_transfer" })).toBeNull();
    expect(paymentPlanOf({ ...base, payment_type_id: "credit_card", total_paid_minor: null })).toBeNull();
    expect(paymentPlanOf({ ...base, payment_type_id: "credit_card" })?.totalPaid).toEqual({
      amountMinor: 100,
      currency: "BRL",
    });
  });
});
