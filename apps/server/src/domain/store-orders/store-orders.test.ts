// The console's store orders against a real database and the sandbox over HTTP: a paid shop checkout is listed with
// its items, payer and payment, the filters narrow the list, the detail has the human timeline, and a receipt
// resend queues one more confirmation (one per resend key) and is audited.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { cardPaymentInput, startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser, uniqueEmail } from "../../test/test-users";
import { payWithCard } from "../checkout/pay-with-card";
import { getPaymentDetail } from "../payments/get-payment-detail";
import { getBuyerSummary } from "./get-buyer-summary";
import { getStoreOrder } from "./get-store-order";
import { listGuestBuyers } from "./list-guest-buyers";
import { listStoreOrders } from "./list-store-orders";
import { resendReceipt } from "./resend-receipt";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps } = env;

async function paidCheckout(options: { email: string; cardholder?: string; userId?: string | null }) {
  const checkout = await env.openCheckout({
    priceMinor: 12_550,
    quantity: 2,
    name: "Mate",
    payer: { email: options.email },
    userId: options.userId ?? null,
  });
  await payWithCard({
    deps,
    userId: options.userId ?? null,
    input: cardPaymentInput(checkout, await env.cardToken(options.cardholder ?? "APRO")),
  });
  const row = await env.checkoutRow(checkout.checkoutId);
  return { checkoutId: checkout.checkoutId, providerPaymentId: row.provider_payment_id };
}

describe("store orders", () => {
  it("sums a buyer's lifetime value from approved payments, refunds taken off, guest or not", async () => {
    const email = uniqueEmail("store-ltv");
    const first = await paidCheckout({ email });
    await paidCheckout({ email });
    await paidCheckout({ email, cardholder: "OTHE" });
    // A partial refund of the first, as the mirror records it.
    await db
      .updateTable("payments")
      .set({ refunded_minor: 1_100 })
      .where("checkout_id", "=", first.checkoutId)
      .execute();
    const summary = await getBuyerSummary({ db, email: email.toUpperCase() });
    expect(summary).toMatchObject({
      email,
      orderCount: 3,
      paidOrderCount: 2,
      lifetimeValue: [{ amountMinor: 2 * 25_100 - 1_100, currency: "ARS" }],
    });
    // The same buyer among the guests (no account), once, with the same value.
    // One more guest who sorts after, so the page after this buyer's is not empty.
    await env.openCheckout({ payer: { email: `zz-${email}` } });
    const page = await listGuestBuyers({ db, cursor: email.slice(0, -1), limit: 1 });
    expect(page.items).toEqual([
      expect.objectContaining({
        email,
        orderCount: 3,
        lifetimeValue: { amountMinor: 2 * 25_100 - 1_100, currency: "ARS" },
      }),
    ]);
    expect(page.nextCursor).toBe(email);
    const nextPage = await listGuestBuyers({ db, cursor: page.nextCursor, limit: 1 });
    expect(nextPage.items[0]?.email).not.toBe(email);
    const nobody = await getBuyerSummary({ db, email: uniqueEmail("nobody") });
    expect(nobody).toMatchObject({ orderCount: 0, lifetimeValue: [], firstOrderAt: null });
  });

  it("lists a paid shop checkout with its items, payer and payment, and filters by state and e-mail", async () => {
    const email = uniqueEmail("store-order");
    const paid = await paidCheckout({ email });
    const rejected = await paidCheckout({ email, cardholder: "OTHE" });

    const byEmail = await listStoreOrders({ db, filters: { payerEmail: email.slice(0, 20) }, cursor: null, limit: 10 });
    const ids = byEmail.items.map((item) => item.checkoutId);
    expect(ids).toEqual([rejected.checkoutId, paid.checkoutId]);
    const item = byEmail.items[1];
    expect(item).toMatchObject({
      state: "paid",
      total: { amountMinor: 25_100, currency: "ARS" },
      items: [{ name: "Mate", quantity: 2, unitPrice: { amountMinor: 12_550, currency: "ARS" } }],
      payer: { email, userId: null },
      paymentCount: 1,
    });
    expect(item?.providerPaymentId).toEqual(expect.any(Number));
    expect(item?.orderNumber).toMatch(/^#\d+$/);

    const failedOnly = await listStoreOrders({
      db,
      filters: { payerEmail: email, state: "failed" },
      cursor: null,
      limit: 10,
    });
    expect(failedOnly.items.map((order) => order.checkoutId)).toEqual([rejected.checkoutId]);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const none = await listStoreOrders({
      db,
      filters: { payerEmail: email, createdFrom: future },
      cursor: null,
      limit: 10,
    });
    expect(none.items).toEqual([]);
  });

  it("pages by keyset without repeating or skipping an order", async () => {
    const email = uniqueEmail("store-page");
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await env.openCheckout({ payer: { email } })).checkoutId);
    const first = await listStoreOrders({ db, filters: { payerEmail: email }, cursor: null, limit: 2 });
    expect(first.nextCursor).not.toBeNull();
    const second = await listStoreOrders({ db, filters: { payerEmail: email }, cursor: first.nextCursor, limit: 2 });
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((order) => order.checkoutId);
    expect(seen).toEqual([...made].reverse());
    expect(first.items[0]?.state).toBe("open");
  });

  it("lists one shopper's orders for the customer view", async () => {
    const user = await createTestUser({ db });
    const mine = await paidCheckout({ email: user.email, userId: user.id });
    await paidCheckout({ email: uniqueEmail("someone-else") });
    const list = await listStoreOrders({ db, filters: { userId: user.id }, cursor: null, limit: 10 });
    expect(list.items.map((order) => order.checkoutId)).toEqual([mine.checkoutId]);
  });

  it("shows an order's payments and a timeline from creation to approval and its receipt", async () => {
    const email = uniqueEmail("store-detail");
    const paid = await paidCheckout({ email });
    const detail = await getStoreOrder({ db, checkoutId: paid.checkoutId });
    expect(detail.payments).toEqual([
      expect.objectContaining({
        providerPaymentId: paid.providerPaymentId,
        status: "approved",
        paymentMethodId: "visa",
      }),
    ]);
    expect(detail.timeline.map((entry) => [entry.kind, entry.what])).toEqual([
      ["created", null],
      ["payment", "approved"],
      ["email", "order_confirmation"],
    ]);
    await expect(getStoreOrder({ db, checkoutId: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("shows a shop payment's fee, net received and card as the provider reported them", async () => {
    const paid = await paidCheckout({ email: uniqueEmail("store-fees") });
    const row = await db
      .selectFrom("payments")
      .select("snapshot")
      .where("provider_payment_id", "=", paid.providerPaymentId ?? 0)
      .executeTakeFirstOrThrow();
    const snapshot = row.snapshot as { fee_details: { amount: number }[] };
    const feeMinor = Math.round(snapshot.fee_details.reduce((sum, fee) => sum + fee.amount, 0) * 100);
    expect(feeMinor).toBeGreaterThan(0);
    const detail = await getPaymentDetail({ deps, providerPaymentId: paid.providerPaymentId ?? 0 });
    expect(detail.fees).toEqual({ amountMinor: feeMinor, currency: "ARS" });
    expect(detail.netReceived).toEqual({ amountMinor: 25_100 - feeMinor, currency: "ARS" });
    expect(detail.card).toEqual({ brand: "visa", lastFour: expect.stringMatching(/^\d{4}$/), holderName: "APRO" });
  });

  it("resends the receipt once per resend key, audited, and refuses an order with no approved payment", async () => {
    const staff = await createTestUser({ db, role: "operator" });
    const email = uniqueEmail("store-resend");
    const paid = await paidCheckout({ email });
    const key = randomUUID();
    const first = await resendReceipt({
      deps,
      actorUserId: staff.id,
      checkoutId: paid.checkoutId,
      idempotencyKey: key,
    });
    const repeat = await resendReceipt({
      deps,
      actorUserId: staff.id,
      checkoutId: paid.checkoutId,
      idempotencyKey: key,
    });
    const again = await resendReceipt({
      deps,
      actorUserId: staff.id,
      checkoutId: paid.checkoutId,
      idempotencyKey: randomUUID(),
    });
    expect([first.queued, repeat.queued, again.queued]).toEqual([true, false, true]);
    expect(first.to).toBe(email);
    const emails = await db
      .selectFrom("outbound_emails")
      .select(["dedupe_key", "to_email", "kind"])
      .where("dedupe_key", "like", `order-confirmation:${paid.checkoutId}%`)
      .execute();
    expect(emails).toHaveLength(3);
    expect(new Set(emails.map((row) => row.to_email))).toEqual(new Set([email]));
    const audits = await db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id"])
      .where("resource_id", "=", paid.checkoutId)
      .where("action", "=", "receipt.resent")
      .execute();
    expect(audits).toEqual([
      { action: "receipt.resent", actor_user_id: staff.id },
      { action: "receipt.resent", actor_user_id: staff.id },
    ]);

    const rejected = await paidCheckout({ email, cardholder: "OTHE" });
    await expect(
      resendReceipt({ deps, actorUserId: staff.id, checkoutId: rejected.checkoutId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
