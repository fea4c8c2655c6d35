// One checkout has one payment, whichever way it is paid: by card in the shop
// or on the provider's hosted page. Against a real sandbox over HTTP and a real
// PostgreSQL. The clock is real time here: the sandbox judges a preference's
// expiry by its own clock.
import { afterAll, describe, expect, it } from "vitest";
import { cardPaymentInput, payOnHostedPage, startShopTestEnv } from "../../test/shop-test-env";
import { createCheckoutPreference } from "./create-checkout-preference";
import { payWithCard } from "./pay-with-card";
import { reconcileDueCheckouts } from "./reconcile-checkout";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { deps, provider } = env;
const { checkoutRow, providerPaymentsOf } = env;

function newCheckout() {
  return env.openCheckout({ priceMinor: 10_000, quantity: 1 });
}

describe("one checkout, one payment, whichever way it is paid", () => {
  it("hosted first, then card: the card is refused the second payment and the shopper sees the hosted one", async () => {
    const checkout = await newCheckout();
    const { initPoint } = await createCheckoutPreference({ deps, userId: null, input: checkout });
    expect((await payOnHostedPage(initPoint, "APRO")).status).toBe(303);
    // The hosted payment's notification has not been processed: locally the checkout still looks open.
    expect((await checkoutRow(checkout.checkoutId)).status).toBe("open");

    const result = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(checkout, await env.cardToken("APRO")),
    });
    expect(result.status).toBe("approved");
    const payments = await providerPaymentsOf(checkout.checkoutId);
    expect(payments).toHaveLength(1);
    expect(result.paymentId).toBe(payments[0]?.id);
    // And the hosted page is closed for good.
    expect((await payOnHostedPage(initPoint, "APRO")).status).not.toBe(303);
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("hosted page opened, then paid by card: the preference expires before the card is charged", async () => {
    const checkout = await newCheckout();
    const { initPoint } = await createCheckoutPreference({ deps, userId: null, input: checkout });
    const paid = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(checkout, await env.cardToken("APRO")),
    });
    expect(paid.status).toBe("approved");
    const row = await checkoutRow(checkout.checkoutId);
    expect(row.preference_expired_at).not.toBeNull();
    const preference = await provider.preferences.get(row.provider_preference_id ?? "");
    expect(preference.expires).toBe(true);
    expect((await payOnHostedPage(initPoint, "APRO")).status).not.toBe(303);
    await expect(createCheckoutPreference({ deps, userId: null, input: checkout })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "checkout_already_paid",
    });
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("a pending hosted payment (CONT) also refuses the card", async () => {
    const checkout = await newCheckout();
    const { initPoint } = await createCheckoutPreference({ deps, userId: null, input: checkout });
    await payOnHostedPage(initPoint, "CONT");
    expect((await providerPaymentsOf(checkout.checkoutId))[0]?.status).toBe("in_process");
    const result = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(checkout, await env.cardToken("APRO")),
    });
    expect(result.status).toBe("in_process");
    expect(await providerPaymentsOf(checkout.checkoutId)).toHaveLength(1);
  });

  it("while a card payment is being confirmed, the hosted page cannot be opened", async () => {
    const checkout = await newCheckout();
    env.sandbox.control.addFault({ method: "POST", path: "/v1/payments", action: { type: "drop" } });
    expect(
      (await payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, await env.cardToken("APRO")) }))
        .status,
    ).toBe("confirming");
    await expect(createCheckoutPreference({ deps, userId: null, input: checkout })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "payment_being_confirmed",
    });
  });

  it("a hosted checkout whose notification never came is watched and ends paid", async () => {
    const checkout = await newCheckout();
    const { initPoint } = await createCheckoutPreference({ deps, userId: null, input: checkout });
    expect((await payOnHostedPage(initPoint, "APRO")).status).toBe(303);
    await reconcileDueCheckouts({ deps: { ...deps, now: () => new Date(Date.now() + 60_000) } });
    expect(await checkoutRow(checkout.checkoutId)).toMatchObject({ status: "paid", reconcile_after: null });
  });
});
