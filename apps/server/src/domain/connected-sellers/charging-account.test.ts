// The account the shop charges with, against the real sandbox over HTTP and the test database. The sandbox keeps
// each seller's payments apart (a payment is visible only with its seller's token), so these tests can tell which
// account a payment, a refund or a re-read went to: switching is audited and read per checkout; a checkout keeps the
// account it was created on; its payment and its refund go to that account whatever the setting says later; a
// notification with a seller's user_id mirrors the payment under that seller; a revoked charging connection falls
// back to the store's own account; the charging connection cannot be disconnected.
import { ProviderNotFoundError } from "@cobro/provider-client";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { AppError } from "../../errors/app-error";
import { processWebhookEvent } from "../../jobs/process-webhook-event";
import { providerForAccount } from "../../provider/provider-for-account";
import { insertConnectedSeller, revokeAtSandbox } from "../../test/connected-sellers";
import { cardPaymentInput, startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { createCheckout } from "../checkout/create-checkout";
import { getCheckoutPaymentAccount } from "../checkout/get-checkout-payment-account";
import { payWithCard } from "../checkout/pay-with-card";
import { listPayments } from "../payments/list-payments";
import { refundPayment } from "../payments/refund-payment";
import { getChargingSetting, resolveChargingAccountId, setChargingAccount } from "./charging-setting";
import { handleSellerConnectionNotification } from "./connection-notifications";
import { disconnectSellerAccount } from "./manage-connections";
import { refreshSellerConnection } from "./refresh-connection";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps } = env;
const admin = await createTestUser({ db, role: "admin" });
const sellerB = await insertConnectedSeller(deps);
const clientB = await providerForAccount(deps, sellerB.id);

/** A card token made for seller B (server-side tokenization with B's credentials; the browser uses B's public key). */
async function cardTokenForB(cardholder = "APRO"): Promise<string> {
  const token = await clientB.cardTokens.create({
    card_number: "4509953566233704",
    expiration_month: 11,
    expiration_year: 2030,
    security_code: "123",
    cardholder: { name: cardholder, identification: { type: "DNI", number: "12345678" } },
  });
  return token.id;
}

function switchTo(accountId: string | null) {
  return setChargingAccount({ db, accountId, actorUserId: admin.id, now: new Date() });
}

async function newCheckout() {
  const product = await env.seedProduct({ priceMinor: 25_000 });
  return createCheckout({
    db,
    userId: null,
    items: [{ productId: product.id, quantity: 1 }],
    payer: env.payer(),
    now: new Date(),
  });
}

async function mirrorOf(providerPaymentId: number) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("provider_payment_id", "=", providerPaymentId)
    .executeTakeFirstOrThrow();
}

function checkoutRow(checkoutId: string) {
  return db.selectFrom("checkouts").selectAll().where("id", "=", checkoutId).executeTakeFirstOrThrow();
}

describe("the charging account setting", () => {
  it("defaults to the store's own account, switches with an audit line of before and after, and is read per use", async () => {
    expect(await getChargingSetting({ db })).toMatchObject({ accountId: null, fallback: null });
    expect(await resolveChargingAccountId({ db })).toBeNull();

    const switched = await switchTo(sellerB.id);
    expect(switched.accountId).toBe(sellerB.id);
    expect(await resolveChargingAccountId({ db })).toBe(sellerB.id);
    // Switching to what it already is writes nothing more.
    await switchTo(sellerB.id);
    await switchTo(null);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "details"])
      .where("action", "=", "charging_account.changed")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "charging_account.changed", actor_user_id: admin.id, details: { from: null, to: sellerB.id } },
      { action: "charging_account.changed", actor_user_id: admin.id, details: { from: sellerB.id, to: null } },
    ]);
  });

  it("refuses an unknown account or an ended connection, naming the field", async () => {
    await expect(
      setChargingAccount({
        db,
        accountId: "00000000-0000-4000-8000-000000000000",
        actorUserId: admin.id,
        now: new Date(),
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "accountId" });
    const ended = await insertConnectedSeller(deps);
    await disconnectSellerAccount({ deps, accountId: ended.id, actorUserId: admin.id });
    await expect(switchTo(ended.id)).rejects.toMatchObject({
      code: "CONFLICT",
      field: "accountId",
      reason: "account_connection_ended",
    });
    expect((await getChargingSetting({ db })).accountId).toBeNull();
  });
});

describe("checkouts and payments on a connected account", () => {
  it("a checkout made while B charges is paid on B; its refund goes to B after the setting went back to own", async () => {
    await switchTo(sellerB.id);
    const checkout = await newCheckout();
    expect((await checkoutRow(checkout.checkoutId)).provider_account_id).toBe(sellerB.id);
    // The payment step makes the card token with B's public key, and offers no saved card.
    const account = await getCheckoutPaymentAccount({ deps, userId: null, input: checkout });
    const stored = await db
      .selectFrom("provider_accounts")
      .select("public_key")
      .where("id", "=", sellerB.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ publicKey: stored.public_key, savedCards: false });
    expect(account.publicKey).not.toBe(deps.providerSettings.publicKey);

    const result = await payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, await cardTokenForB()) });
    expect(result.status).toBe("approved");
    const paymentId = result.paymentId ?? 0;
    // B holds the payment, under the checkout's key; the store's own account does not see it.
    const atB = await clientB.payments.get(paymentId);
    expect(atB.external_reference).toBe(checkout.checkoutId);
    await expect(env.provider.payments.get(paymentId)).rejects.toBeInstanceOf(ProviderNotFoundError);
    const row = await checkoutRow(checkout.checkoutId);
    const call = await db
      .selectFrom("provider_calls")
      .select(["idempotency_key", "status"])
      .where("method", "=", "POST")
      .where("path", "=", "/v1/payments")
      .where("resource_id", "=", String(paymentId))
      .executeTakeFirst();
    expect(call).toEqual({ idempotency_key: row.idempotency_key, status: 201 });
    expect((await mirrorOf(paymentId)).provider_account_id).toBe(sellerB.id);

    // The setting moves back to the store's own account; the refund still goes to B, where the payment is.
    await switchTo(null);
    const refund = await refundPayment({
      deps,
      actorUserId: admin.id,
      providerPaymentId: paymentId,
      reason: "requested_by_customer",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(refund.status).toBe("approved");
    expect((await clientB.payments.get(paymentId)).status).toBe("refunded");
    expect((await mirrorOf(paymentId)).status).toBe("refunded");
  });

  it("a checkout created on the store's own account stays there when the setting switches before it is paid", async () => {
    await switchTo(null);
    const checkout = await newCheckout();
    await switchTo(sellerB.id);
    const account = await getCheckoutPaymentAccount({ deps, userId: null, input: checkout });
    expect(account).toEqual({ publicKey: deps.providerSettings.publicKey, savedCards: true });
    const result = await payWithCard({
      deps,
      userId: null,
      input: cardPaymentInput(checkout, await env.cardToken("APRO")),
    });
    expect(result.status).toBe("approved");
    const paymentId = result.paymentId ?? 0;
    expect((await env.provider.payments.get(paymentId)).external_reference).toBe(checkout.checkoutId);
    await expect(clientB.payments.get(paymentId)).rejects.toBeInstanceOf(ProviderNotFoundError);
    expect((await mirrorOf(paymentId)).provider_account_id).toBeNull();
    await switchTo(null);
  });

  it("refuses saved cards on a checkout a connected account charges (they are the store's own customers)", async () => {
    const shopper = await createTestUser({ db });
    await switchTo(sellerB.id);
    const checkout = await createCheckout({
      db,
      userId: shopper.id,
      items: [{ productId: (await env.seedProduct()).id, quantity: 1 }],
      payer: env.payer(),
      now: new Date(),
    });
    await switchTo(null);
    const attempt = payWithCard({
      deps,
      userId: shopper.id,
      input: cardPaymentInput(checkout, await cardTokenForB(), {
        saveCard: true,
        saveCardToken: await cardTokenForB(),
      }),
    });
    await expect(attempt).rejects.toMatchObject({ field: "saveCard", reason: "saved_cards_own_account_only" });
    // Nothing was charged on B for that checkout, and the checkout is still open.
    const found = await clientB.payments.search({ external_reference: checkout.checkoutId });
    expect(found.results ?? []).toHaveLength(0);
    expect((await checkoutRow(checkout.checkoutId)).provider_payment_id).toBeNull();
  });

  it("a notification with B's user_id is read with B's credentials and mirrored under B", async () => {
    const app = createApp(deps);
    env.setWebhookHandler(async (request) => app.fetch(request));
    try {
      deps.enqueuedJobs.length = 0;
      const payment = await clientB.payments.create(
        {
          transaction_amount: 310,
          token: await cardTokenForB(),
          installments: 1,
          payment_method_id: "visa",
          payer: { email: env.payer().email },
          external_reference: `elsewhere-${crypto.randomUUID()}`,
          notification_url: `${deps.publicUrl}/api/webhooks/mercadopago`,
        },
        { idempotencyKey: crypto.randomUUID() },
      );
      await env.sandbox.control.idle();
      const jobs = deps.enqueuedJobs.filter((job) => job.name === "process-webhook-event");
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) await processWebhookEvent({ deps, eventId: String(job.data.eventId) });
      const mirror = await mirrorOf(payment.id);
      expect(mirror).toMatchObject({ provider_account_id: sellerB.id, status: "approved" });

      // The shared account filter: B's list has it, the store's own list does not.
      const filters = { sort: "created_desc" as const };
      const ofB = await listPayments({ db, filters: { ...filters, account: sellerB.id }, cursor: null, limit: 100 });
      expect(ofB.items.map((item) => item.providerPaymentId)).toContain(payment.id);
      expect(ofB.items.every((item) => item.accountId === sellerB.id)).toBe(true);
      const own = await listPayments({ db, filters: { ...filters, account: "own" }, cursor: null, limit: 100 });
      expect(own.items.map((item) => item.providerPaymentId)).not.toContain(payment.id);
      expect(own.items.every((item) => item.accountId === null)).toBe(true);
    } finally {
      env.setWebhookHandler(null);
    }
  });
});

describe("ending the charging connection", () => {
  it("refuses to disconnect the charging account, naming the field; after switching it disconnects", async () => {
    const seller = await insertConnectedSeller(deps);
    await switchTo(seller.id);
    const attempt = disconnectSellerAccount({ deps, accountId: seller.id, actorUserId: admin.id });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: "CONFLICT",
      field: "accountId",
      reason: "charging_account_in_use",
    });
    const row = await db
      .selectFrom("provider_accounts")
      .select(["status", "access_token_ciphertext"])
      .where("id", "=", seller.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("active");
    expect(row.access_token_ciphertext).not.toBeNull();
    await switchTo(null);
    expect((await disconnectSellerAccount({ deps, accountId: seller.id, actorUserId: admin.id })).status).toBe(
      "disconnected",
    );
  });

  it("falls back to the store's own account when the provider revokes it, audited as the system's change", async () => {
    const seller = await insertConnectedSeller(deps);
    await switchTo(seller.id);
    await revokeAtSandbox(env.sandbox, seller.providerUserId);
    const outcome = await refreshSellerConnection({ deps, accountId: seller.id, actorUserId: null });
    expect(outcome.outcome).toBe("revoked");
    const setting = await getChargingSetting({ db });
    expect(setting).toMatchObject({
      accountId: null,
      fallback: { fromAccountId: seller.id, reason: "refresh_refused" },
    });
    expect(await resolveChargingAccountId({ db })).toBeNull();
    const audit = await db
      .selectFrom("audit_log")
      .select(["actor_user_id", "details"])
      .where("action", "=", "charging_account.changed")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      actor_user_id: null,
      details: { from: seller.id, to: null, reason: "refresh_refused" },
    });
    // New checkouts charge on the store's own account again.
    const checkout = await newCheckout();
    expect((await checkoutRow(checkout.checkoutId)).provider_account_id).toBeNull();
  });

  it("falls back too when the seller unlinks the application (the mp-connect notification, confirmed at the provider)", async () => {
    const seller = await insertConnectedSeller(deps);
    await switchTo(seller.id);
    await revokeAtSandbox(env.sandbox, seller.providerUserId);
    await handleSellerConnectionNotification({
      deps,
      dataId: null,
      action: "application.deauthorized",
      payload: { user_id: seller.providerUserId },
    });
    expect(await getChargingSetting({ db })).toMatchObject({
      accountId: null,
      fallback: { fromAccountId: seller.id, reason: "deauthorized" },
    });
  });
});
