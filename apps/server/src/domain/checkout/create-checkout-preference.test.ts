// Checkout Pro round trip against the sandbox's hosted page: create the
// preference, post the page's card form as a buyer's browser would, follow the
// redirect back to /checkout/result, and read the result from its query.
import { afterAll, describe, expect, it } from "vitest";
import {
  cardPaymentInput,
  payOnHostedPage as postHostedCheckoutForm,
  startShopTestEnv,
} from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { createCheckoutPreference } from "./create-checkout-preference";
import { getCheckoutResult } from "./get-checkout-result";
import { payWithCard } from "./pay-with-card";

const env = await startShopTestEnv({ publicUrl: "https://shop.example.test" });
afterAll(() => env.close());
const { db, deps, provider } = env;

function newCheckout(userId: string | null = null) {
  return env.openCheckout({ priceMinor: 1_850_050, quantity: 2, userId });
}

/** Posts the hosted checkout form; returns where the page sends the buyer. */
/** Pays on the hosted page; returns where the page sends the buyer. */
async function payOnHostedPage(initPoint: string, cardholder: string): Promise<URL> {
  const response = await postHostedCheckoutForm(initPoint, cardholder);
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") ?? "");
}

describe("createCheckoutPreference", () => {
  it("creates the preference from the checkout: items at database prices, back_urls, auto_return, references", async () => {
    const checkout = await newCheckout();
    const { initPoint } = await createCheckoutPreference({ deps, userId: null, input: checkout });
    expect(initPoint).toMatch(new RegExp(`^${env.sandbox.url}/checkout/v1/redirect\\?pref_id=`));
    const row = await db
      .selectFrom("checkouts")
      .select(["provider_preference_id", "payment_method", "idempotency_key"])
      .where("id", "=", checkout.checkoutId)
      .executeTakeFirstOrThrow();
    expect(row.payment_method).toBe("hosted");
    const preference = await provider.preferences.get(row.provider_preference_id ?? "");
    expect(preference).toMatchObject({
      external_reference: checkout.checkoutId,
      back_urls: {
        success: "https://shop.example.test/checkout/result",
        pending: "https://shop.example.test/checkout/result",
        failure: "https://shop.example.test/checkout/result",
      },
      auto_return: "approved",
      notification_url: "https://shop.example.test/api/webhooks/mercadopago?source_news=webhooks",
      metadata: { checkout_id: checkout.checkoutId },
    });
    expect(preference.items).toEqual([
      expect.objectContaining({ quantity: 2, unit_price: 18_500.5, currency_id: "ARS" }),
    ]);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "idempotency_key"])
      .where("resource_id", "=", checkout.checkoutId)
      .execute();
    expect(audit).toEqual([{ action: "preference.created", idempotency_key: `${row.idempotency_key}:preference` }]);
  });

  it("a second call (double click, reload) returns the same page", async () => {
    const checkout = await newCheckout();
    const [a, b] = await Promise.all([
      createCheckoutPreference({ deps, userId: null, input: checkout }),
      createCheckoutPreference({ deps, userId: null, input: checkout }),
    ]);
    expect(a).toEqual(b);
    const c = await createCheckoutPreference({ deps, userId: null, input: checkout });
    expect(c).toEqual(a);
  });

  it("round trip: pay on the hosted page, come back, and the result is read from the provider", async () => {
    const checkout = await newCheckout();
    const { initPoint } = await createCheckoutPreference({ deps, userId: null, input: checkout });
    const back = await payOnHostedPage(initPoint, "APRO");
    expect(`${back.origin}${back.pathname}`).toBe("https://shop.example.test/checkout/result");
    expect(back.searchParams.get("external_reference")).toBe(checkout.checkoutId);
    const paymentId = Number(back.searchParams.get("payment_id"));

    const result = await getCheckoutResult({
      deps,
      userId: null,
      input: { externalReference: checkout.checkoutId, paymentId, checkoutToken: checkout.checkoutToken },
    });
    expect(result).toMatchObject({
      checkoutId: checkout.checkoutId,
      status: "approved",
      paymentId,
      total: { amountMinor: 3_700_100, currency: "ARS" },
    });
    const checkoutRow = await db
      .selectFrom("checkouts")
      .select(["status", "provider_payment_id"])
      .where("id", "=", checkout.checkoutId)
      .executeTakeFirst();
    expect(checkoutRow).toEqual({ status: "paid", provider_payment_id: paymentId });

    // Paid: no second way to pay it.
    await expect(createCheckoutPreference({ deps, userId: null, input: checkout })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "checkout_already_paid",
    });
  });

  it("result by checkout id finds a hosted payment before its notification arrives (polling fallback)", async () => {
    let now = Date.now();
    const clockDeps = { ...deps, now: () => new Date(now) };
    const checkout = await newCheckout();
    const { initPoint } = await createCheckoutPreference({ deps: clockDeps, userId: null, input: checkout });
    await payOnHostedPage(initPoint, "APRO");
    now += 6_000;
    const result = await getCheckoutResult({
      deps: clockDeps,
      userId: null,
      input: { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken },
    });
    expect(result.status).toBe("approved");
  });

  it("the redirect's payment must belong to the checkout: another checkout's payment id is NOT_FOUND", async () => {
    const mine = await newCheckout();
    const other = await newCheckout();
    const paid = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(other, await env.cardToken("APRO")),
    });
    await expect(
      getCheckoutResult({
        deps,
        userId: null,
        input: {
          externalReference: mine.checkoutId,
          paymentId: paid.paymentId ?? 0,
          checkoutToken: mine.checkoutToken,
        },
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    // And nothing of the other checkout's payment was attached to mine.
    const row = await db
      .selectFrom("checkouts")
      .select("provider_payment_id")
      .where("id", "=", mine.checkoutId)
      .executeTakeFirst();
    expect(row?.provider_payment_id).toBeNull();
  });

  it("the redirect without the guest token or ownership is NOT_FOUND, before asking the provider", async () => {
    const owner = await createTestUser({ db });
    const stranger = await createTestUser({ db });
    const checkout = await newCheckout(owner.id);
    const { initPoint } = await createCheckoutPreference({ deps, userId: owner.id, input: checkout });
    const back = await payOnHostedPage(initPoint, "APRO");
    const input = { externalReference: checkout.checkoutId, paymentId: Number(back.searchParams.get("payment_id")) };
    await expect(getCheckoutResult({ deps, userId: null, input })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getCheckoutResult({ deps, userId: stranger.id, input })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The owner, signed in, needs no token.
    expect((await getCheckoutResult({ deps, userId: owner.id, input })).status).toBe("approved");
  });
});
