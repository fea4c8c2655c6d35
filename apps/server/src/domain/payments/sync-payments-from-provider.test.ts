// The payment mirror's sync against a real sandbox over HTTP and a real
// PostgreSQL: payments Cobro did not make appear, a checkout whose
// notification was lost ends paid, and a stale snapshot never moves a payment
// backwards.
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { PAYMENTS_SYNC_RESOURCE, syncPaymentsFromProvider } from "./sync-payments-from-provider";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;

async function payAtProvider(options: { cardholder: string; externalReference?: string; amount?: number }) {
  return provider.payments.create({
    transaction_amount: options.amount ?? 150,
    token: await env.cardToken(options.cardholder),
    payment_method_id: "visa",
    installments: 1,
    payer: { email: env.payer().email },
    ...(options.externalReference ? { external_reference: options.externalReference } : {}),
  });
}

function mirrorOf(providerPaymentId: number) {
  return db.selectFrom("payments").selectAll().where("provider_payment_id", "=", providerPaymentId).executeTakeFirst();
}

describe("syncPaymentsFromProvider", () => {
  it("mirrors a payment made without Cobro (e.g. through the provider's own tools) after one run", async () => {
    const outside = await payAtProvider({ cardholder: "APRO", amount: 321.5 });
    expect(await mirrorOf(outside.id)).toBeUndefined();
    const result = await syncPaymentsFromProvider({ deps });
    expect(result.applied).toBeGreaterThanOrEqual(1);
    expect(await mirrorOf(outside.id)).toMatchObject({
      status: "approved",
      amount_minor: 32_150,
      currency: "ARS",
      checkout_id: null,
    });
    const state = await db
      .selectFrom("provider_sync_state")
      .selectAll()
      .where("resource", "=", PAYMENTS_SYNC_RESOURCE)
      .executeTakeFirstOrThrow();
    expect(state).toMatchObject({ last_error: null, last_applied: result.applied });
    expect(state.cursor?.toISOString()).toBe(result.cursor?.toISOString());
    expect(state.last_finished_at).not.toBeNull();
  });

  it("a checkout whose payment notification never came ends paid after one run", async () => {
    const checkout = await env.openCheckout({ priceMinor: 15_000 });
    const row = await db
      .selectFrom("checkouts")
      .select("external_reference")
      .where("id", "=", checkout.checkoutId)
      .executeTakeFirstOrThrow();
    // Paid at the provider (as on the hosted page); the webhook is lost: nothing tells Cobro.
    const payment = await payAtProvider({ cardholder: "APRO", externalReference: row.external_reference });
    await syncPaymentsFromProvider({ deps });
    expect(
      await db
        .selectFrom("checkouts")
        .select(["status", "provider_payment_id"])
        .where("id", "=", checkout.checkoutId)
        .executeTakeFirst(),
    ).toEqual({ status: "paid", provider_payment_id: payment.id });
  });

  it("never moves a payment backwards: a newer mirrored state survives an older snapshot", async () => {
    const payment = await payAtProvider({ cardholder: "APRO" });
    await syncPaymentsFromProvider({ deps });
    // The mirror already knows a later state (say, a refund notified a moment ago).
    await db
      .updateTable("payments")
      .set({ status: "refunded", provider_last_updated: new Date(Date.now() + 60_000) })
      .where("provider_payment_id", "=", payment.id)
      .execute();
    await syncPaymentsFromProvider({ deps });
    expect((await mirrorOf(payment.id))?.status).toBe("refunded");
  });

  it("a second run re-reads only from just before its cursor and changes nothing already mirrored", async () => {
    const first = await syncPaymentsFromProvider({ deps });
    const second = await syncPaymentsFromProvider({ deps });
    expect(second.applied).toBe(0);
    expect(second.cursor?.getTime()).toBe(first.cursor?.getTime());
  });
});
