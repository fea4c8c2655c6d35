// Pix and cash vouchers against a Brazilian (MLB) store account in the sandbox.
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { getCheckoutResult } from "./get-checkout-result";
import { listPaymentMethods } from "./list-payment-methods";
import { payOffline } from "./pay-offline";

const env = await startShopTestEnv({ siteId: "MLB" });
afterAll(() => env.close());
const { db, deps, provider } = env;

function newCheckout(identification?: { type: string; number: string }) {
  return env.openCheckout({
    priceMinor: 4_990,
    currency: "BRL",
    quantity: 2,
    payer: identification ? { identification } : {},
  });
}

function pay(checkout: Awaited<ReturnType<typeof newCheckout>>, paymentMethodId: string) {
  return payOffline({
    deps,
    userId: null,
    input: { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken, paymentMethodId },
  });
}

describe("payOffline", () => {
  it("Pix: pending, with the QR code (text and PNG) and its expiry", async () => {
    const checkout = await newCheckout();
    const result = await pay(checkout, "pix");
    expect(result).toMatchObject({
      status: "pending",
      statusDetail: "pending_waiting_transfer",
      paymentMethodId: "pix",
      total: { amountMinor: 9_980, currency: "BRL" },
    });
    expect(result.pix?.qrCode).toMatch(/^000201/);
    expect(
      Buffer.from(result.pix?.qrCodeBase64 ?? "", "base64")
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    expect(Date.parse(result.pix?.expiresAt ?? "")).toBeGreaterThan(Date.now());
    expect(result.ticket).toBeUndefined();
    const payment = await provider.payments.get(result.paymentId ?? 0);
    expect(payment).toMatchObject({ transaction_amount: 99.8, external_reference: checkout.checkoutId });

    const row = await db
      .selectFrom("checkouts")
      .select(["status", "payment_method"])
      .where("id", "=", checkout.checkoutId)
      .executeTakeFirst();
    expect(row).toEqual({ status: "pending", payment_method: "pix" });
  });

  it("Pix paid later: the result turns approved and stops carrying the QR code", async () => {
    const checkout = await newCheckout();
    const pending = await pay(checkout, "pix");
    await env.settle(pending.paymentId ?? 0, "approve");
    // What the webhook job would do for the notification.
    const { syncPaymentFromProvider } = await import("../payments/sync-payment-from-provider");
    await syncPaymentFromProvider({ deps, providerPaymentId: pending.paymentId ?? 0 });
    const result = await getCheckoutResult({
      deps,
      userId: null,
      input: { checkoutId: checkout.checkoutId, checkoutToken: checkout.checkoutToken },
    });
    expect(result.status).toBe("approved");
    expect(result.pix).toBeUndefined();
  });

  it("Boleto: pending, with the voucher URL, barcode and digitable line", async () => {
    const result = await pay(await newCheckout(), "bolbradesco");
    expect(result).toMatchObject({ status: "pending", statusDetail: "pending_waiting_payment" });
    expect(result.ticket).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/payments\/\d+\/ticket\?/),
      barcode: expect.stringMatching(/^\d{44}$/),
      digitableLine: expect.any(String),
    });
    expect(result.pix).toBeUndefined();
  });

  it("paying again returns the same voucher, one payment", async () => {
    const checkout = await newCheckout();
    const first = await pay(checkout, "pix");
    const again = await pay(checkout, "bolbradesco");
    expect(again).toEqual(first);
    const found = await provider.payments.search({ external_reference: checkout.checkoutId });
    expect(found.results).toHaveLength(1);
  });

  it("refuses a method the site does not offer, and card methods", async () => {
    const checkout = await newCheckout();
    await expect(pay(checkout, "rapipago")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "paymentMethodId",
      reason: "payment_method_not_offered",
    });
    await expect(pay(checkout, "visa")).rejects.toMatchObject({ reason: "payment_method_not_offered" });
    const methods = await listPaymentMethods({ deps });
    expect(methods.map((method) => method.id)).toEqual(expect.arrayContaining(["pix", "bolbradesco", "visa"]));
    expect(methods.find((method) => method.id === "rapipago")).toBeUndefined();
  });

  it("Pix needs the payer's CPF or CNPJ", async () => {
    const checkout = await newCheckout({ type: "RG", number: "123456789" });
    await expect(pay(checkout, "pix")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "payer.identification.type",
      reason: "tax_id_required",
    });
  });
});
