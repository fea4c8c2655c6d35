// A checkout whose payment ended without taking money is replaced by a new checkout for the same order, and only
// when the old one can take no money: against the sandbox over HTTP and a real PostgreSQL.
import { afterAll, describe, expect, it } from "vitest";
import { cardPaymentInput, payOnHostedPage, startShopTestEnv } from "../../test/shop-test-env";
import { createCheckoutPreference } from "./create-checkout-preference";
import { payOffline } from "./pay-offline";
import { payWithCard } from "./pay-with-card";
import { replaceCheckout } from "./replace-checkout";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { deps, db, checkoutRow, providerPaymentsOf } = env;

async function declinedCheckout() {
  const checkout = await env.openCheckout({ priceMinor: 5_000_00, quantity: 2 });
  const declined = await payWithCard({
    deps,
    userId: null,
    input: cardPaymentInput(checkout, await env.cardToken("OTHE")),
  });
  expect(declined.status).toBe("rejected");
  return checkout;
}

describe("replaceCheckout", () => {
  it("after a decline: a new checkout for the same order, in the shopper's language, that a cash ticket pays", async () => {
    const old = await declinedCheckout();
    const created = await replaceCheckout({ deps, userId: null, input: { ...old, language: "pt" } });
    expect(created.checkoutId).not.toBe(old.checkoutId);
    expect(created.total).toEqual({ amountMinor: 10_000_00, currency: "ARS" });
    const [oldRow, newRow] = await Promise.all([checkoutRow(old.checkoutId), checkoutRow(created.checkoutId)]);
    expect(oldRow.replaced_by).toBe(created.checkoutId);
    expect(newRow).toMatchObject({
      locale: "pt",
      payer_email: oldRow.payer_email,
      items: oldRow.items,
      status: "open",
    });
    expect(newRow.idempotency_key).not.toBe(oldRow.idempotency_key);
    expect(newRow.order_number).toBeGreaterThan(oldRow.order_number);

    const ticket = await payOffline({ deps, userId: null, input: { ...created, paymentMethodId: "rapipago" } });
    expect(ticket).toMatchObject({ status: "pending", paymentMethodId: "rapipago" });
    // The ticket's e-mail, once, in the language of the checkout.
    const mails = await db
      .selectFrom("outbound_emails")
      .select(["dedupe_key", "locale", "kind"])
      .where("dedupe_key", "like", `ticket-pending:${created.checkoutId}`)
      .execute();
    expect(mails).toEqual([
      { dedupe_key: `ticket-pending:${created.checkoutId}`, locale: "pt", kind: "ticket_pending" },
    ]);
  });

  it("replaces a checkout once: a second tab is told to reload", async () => {
    const old = await declinedCheckout();
    const results = await Promise.allSettled([
      replaceCheckout({ deps, userId: null, input: old }),
      replaceCheckout({ deps, userId: null, input: old }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" ? refused.reason : null).toMatchObject({
      code: "CONFLICT",
      reason: "checkout_replaced",
    });
  });

  it("refuses a checkout whose payment may still take money (open, pending)", async () => {
    const open = await env.openCheckout({ priceMinor: 1_000_00 });
    await expect(replaceCheckout({ deps, userId: null, input: open })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "checkout_not_ended",
    });
    const pending = await env.openCheckout({ priceMinor: 1_000_00 });
    await payOffline({ deps, userId: null, input: { ...pending, paymentMethodId: "rapipago" } });
    await expect(replaceCheckout({ deps, userId: null, input: pending })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "checkout_not_ended",
    });
  });

  it("closes the hosted page first, and refuses when a payment was made there", async () => {
    const old = await declinedCheckout();
    const { initPoint } = await createCheckoutPreference({ deps, userId: null, input: old });
    expect((await payOnHostedPage(initPoint, "APRO")).status).toBe(303);

    await expect(replaceCheckout({ deps, userId: null, input: old })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "checkout_already_paid",
    });
    const row = await checkoutRow(old.checkoutId);
    expect(row.preference_expired_at).not.toBeNull();
    expect(row.replaced_by).toBeNull();
    // The hosted page takes no second payment.
    expect((await payOnHostedPage(initPoint, "APRO")).status).not.toBe(303);
    expect((await providerPaymentsOf(old.checkoutId)).map((payment) => payment.status).sort()).toEqual([
      "approved",
      "rejected",
    ]);
  });

  it("a hosted page opened after the decline and left unpaid is closed before the replacement exists", async () => {
    const old = await declinedCheckout();
    const { initPoint } = await createCheckoutPreference({ deps, userId: null, input: old });
    const created = await replaceCheckout({ deps, userId: null, input: old });
    expect(created.checkoutId).not.toBe(old.checkoutId);
    expect((await payOnHostedPage(initPoint, "APRO")).status).not.toBe(303);
    expect((await providerPaymentsOf(old.checkoutId)).map((payment) => payment.status)).toEqual(["rejected"]);
  });
});
