// The shopper's account: orders (their checkouts with payment status and
// refunds, paginated) and saved cards (their provider customer's only).
import { afterAll, describe, expect, it } from "vitest";
import { cardPaymentInput, startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { payWithCard } from "../checkout/pay-with-card";
import { syncPaymentFromProvider } from "../payments/sync-payment-from-provider";
import { addSavedCard } from "./add-saved-card";
import { ensureProviderCustomer } from "./ensure-provider-customer";
import { listOrders } from "./list-orders";
import { listSavedCards } from "./list-saved-cards";
import { removeSavedCard } from "./remove-saved-card";
import { saveCardForUser } from "./save-card-for-user";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;

let minute = 0;
async function paidCheckout(userId: string | null, cardholder: string | null, priceMinor = 10_000) {
  const checkout = await env.openCheckout({
    priceMinor,
    name: `Item ${priceMinor}`,
    userId,
    // Distinct creation times a minute apart, so "newest first" is well defined.
    now: new Date(Date.UTC(2026, 0, 1, 12, minute++)),
  });
  if (!cardholder) return { checkout, result: null };
  const result = await payWithCard({
    deps,
    userId,
    input: cardPaymentInput(checkout, await env.cardToken(cardholder)),
  });
  return { checkout, result };
}

describe("listOrders", () => {
  it("lists the shopper's paid-for checkouts newest first, with status, refunds and items, page by page", async () => {
    const user = await createTestUser({ db });
    const other = await createTestUser({ db });
    const first = await paidCheckout(user.id, "APRO", 10_000);
    const declined = await paidCheckout(user.id, "OTHE", 20_000);
    await paidCheckout(user.id, null, 30_000); // abandoned: not an order
    const refunded = await paidCheckout(user.id, "APRO", 40_000);
    await paidCheckout(other.id, "APRO", 50_000); // someone else's

    // A partial refund at the provider, brought into the mirror as the webhook would.
    await provider.refunds.create(refunded.result?.paymentId ?? 0, { amount: 150.25 });
    await syncPaymentFromProvider({ deps, providerPaymentId: refunded.result?.paymentId ?? 0 });

    const page1 = await listOrders({ db, userId: user.id, limit: 2 });
    expect(page1.items.map((order) => order.checkoutId)).toEqual([
      refunded.checkout.checkoutId,
      declined.checkout.checkoutId,
    ]);
    expect(page1.items[0]).toMatchObject({
      total: { amountMinor: 40_000, currency: "ARS" },
      status: "approved",
      paymentMethodId: "visa",
      refunded: { amountMinor: 15_025, currency: "ARS" },
      items: [{ name: "Item 40000", quantity: 1, unitPrice: { amountMinor: 40_000, currency: "ARS" } }],
    });
    expect(page1.items[1]).toMatchObject({ status: "rejected", statusDetail: "cc_rejected_other_reason" });
    expect(page1.nextCursor).toBe(declined.checkout.checkoutId);

    const page2 = await listOrders({ db, userId: user.id, limit: 2, cursor: page1.nextCursor });
    expect(page2.items.map((order) => order.checkoutId)).toEqual([first.checkout.checkoutId]);
    expect(page2.nextCursor).toBeNull();
  });

  it("a cursor from another shopper's order yields nothing", async () => {
    const user = await createTestUser({ db });
    const other = await createTestUser({ db });
    await paidCheckout(user.id, "APRO");
    const theirs = await paidCheckout(other.id, "APRO");
    const page = await listOrders({ db, userId: user.id, limit: 10, cursor: theirs.checkout.checkoutId });
    expect(page.items).toEqual([]);
  });
});

describe("saved cards", () => {
  it("lists a shopper's saved cards and removes one; none before saving", async () => {
    const user = await createTestUser({ db });
    expect(await listSavedCards({ deps, userId: user.id })).toEqual([]);
    const saved = await saveCardForUser({
      deps,
      userId: user.id,
      cardToken: await env.cardToken("APRO"),
      idempotencyKey: `test-${user.id}`,
    });
    expect(saved).toMatchObject({ brand: "Visa", lastFour: "3704", expirationMonth: 11, holder: "APRO" });
    expect(await listSavedCards({ deps, userId: user.id })).toEqual([saved]);

    await removeSavedCard({ deps, userId: user.id, cardId: saved.id });
    expect(await listSavedCards({ deps, userId: user.id })).toEqual([]);
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("actor_user_id", "=", user.id)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["card.saved", "card.removed"]);
  });

  it("adds a card from a secure-field token; the same token twice (a double submit) saves one card", async () => {
    const user = await createTestUser({ db });
    const cardToken = await env.cardToken("APRO");
    const [first, again] = await Promise.all([
      addSavedCard({ deps, userId: user.id, cardToken }),
      addSavedCard({ deps, userId: user.id, cardToken }),
    ]);
    expect(first).toMatchObject({ brand: "Visa", lastFour: "3704", bin: "450995" });
    expect(again.id).toBe(first.id);
    expect(await listSavedCards({ deps, userId: user.id })).toEqual([first]);
    const audit = await db.selectFrom("audit_log").selectAll().where("actor_user_id", "=", user.id).execute();
    expect(JSON.stringify(audit)).not.toContain(cardToken);
  });

  it("a shopper cannot remove another shopper's card", async () => {
    const owner = await createTestUser({ db });
    const stranger = await createTestUser({ db });
    await ensureProviderCustomer({ deps, userId: stranger.id });
    const card = await saveCardForUser({
      deps,
      userId: owner.id,
      cardToken: await env.cardToken("APRO"),
      idempotencyKey: `test-${owner.id}`,
    });
    await expect(removeSavedCard({ deps, userId: stranger.id, cardId: card.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // Without any customer of their own, too.
    const newcomer = await createTestUser({ db });
    await expect(removeSavedCard({ deps, userId: newcomer.id, cardId: card.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await listSavedCards({ deps, userId: owner.id })).toEqual([card]);
  });

  it("finds the shopper's existing provider customer by e-mail instead of creating a second one", async () => {
    const user = await createTestUser({ db });
    const existing = await provider.customers.create({ email: user.email });
    expect(await ensureProviderCustomer({ deps, userId: user.id })).toBe(existing.id);
    const [a, b] = await Promise.all([
      ensureProviderCustomer({ deps, userId: user.id }),
      ensureProviderCustomer({ deps, userId: user.id }),
    ]);
    expect([a, b]).toEqual([existing.id, existing.id]);
  });
});
