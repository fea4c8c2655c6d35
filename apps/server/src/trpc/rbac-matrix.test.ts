// Every procedure of appRouter, called as anonymous, shopper, viewer, operator and admin, must
// answer 401 / 403 / success exactly as its declared kind says. The list of
// procedures comes from the router itself: a new procedure missing from
// ACCESS_MATRIX fails this test until someone decides who may call it.

import { randomUUID } from "node:crypto";
import { hasRoleAtLeast } from "@cobro/contracts";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../auth/sessions";
import { type DB, toJsonb } from "../db/schema";
import { createCheckout } from "../domain/checkout/create-checkout";
import { payWithCard } from "../domain/checkout/pay-with-card";
import { syncChargebackFromProvider } from "../domain/disputes/sync-chargeback-from-provider";
import { createEmailToken, type EmailTokenPurpose, newLinkToken } from "../domain/email/email-tokens";
import { createPaymentLink } from "../domain/links/create-payment-link";
import { deleteOrderTransaction } from "../domain/orders/order-actions";
import { syncPaymentFromProvider } from "../domain/payments/sync-payment-from-provider";
import { saveCardForUser } from "../domain/shopper-account/save-card-for-user";
import { changeSubscriptionStatus } from "../domain/subscriptions/change-subscription-status";
import { createSubscription } from "../domain/subscriptions/create-subscription";
import { createPointIntent } from "../domain/terminals/point-intents";
import { insertConnectedSeller } from "../test/connected-sellers";
import { cardPaymentInput, payOnHostedPage, startShopTestEnv } from "../test/shop-test-env";
import { createTestOrder, firstTransactionId, orderInput } from "../test/test-orders";
import { createTestCaller, createTestUser, signInAs, TEST_PASSWORD, uniqueEmail } from "../test/test-users";
import { appRouter } from "./router";
import type { ProcedureAccess, TrpcMeta } from "./trpc";

type Role = "anonymous" | "shopper" | "viewer" | "operator" | "admin";

interface CallFixture {
  db: Kysely<DB>;
  /** A user no caller is signed in as, for procedures that act on a user. */
  targetUser: SessionUser;
  /** The signed-in caller (null for anonymous), for procedures that act on the caller's own things. */
  user: SessionUser | null;
}

interface MatrixEntry {
  access: ProcedureAccess;
  /** A minimal valid input (called once per role, so make unique values here). */
  input: (fixture: CallFixture) => unknown | Promise<unknown>;
}

/** A one-time link of a new user (each call a fresh one: the matrix calls each procedure once per role). */
async function freshLinkToken(db: Kysely<DB>, purpose: EmailTokenPurpose): Promise<string> {
  const user = await createTestUser({ db });
  const { token } = await createEmailToken({ db, userId: user.id, email: user.email, purpose, now: new Date() });
  return token;
}

/** An open staff invitation of a fresh address; returns its id and its link's token. */
async function freshInvitation(db: Kysely<DB>): Promise<{ id: string; token: string }> {
  const { token, tokenHash } = newLinkToken();
  const row = await db
    .insertInto("staff_invitations")
    .values({
      email: uniqueEmail("matrix-invite"),
      role: "viewer",
      token_hash: tokenHash,
      expires_at: new Date(Date.now() + 60 * 60_000),
      last_sent_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** A 1×1 PNG, the smallest logo the upload accepts. */
const ONE_PIXEL_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const ACCESS_MATRIX: Record<string, MatrixEntry> = {
  "auth.signUp": {
    access: "public",
    input: () => ({ email: uniqueEmail("matrix"), password: "matrix-password", name: "Matrix" }),
  },
  "auth.signIn": {
    access: "public",
    input: async ({ db }) => ({ email: (await createTestUser({ db })).email, password: TEST_PASSWORD }),
  },
  "auth.verifyEmail": {
    access: "public",
    input: async ({ db }) => ({ token: await freshLinkToken(db, "verify_email") }),
  },
  "auth.emailVerification": { access: "protected", input: () => undefined },
  "auth.resendVerificationEmail": { access: "protected", input: () => undefined },
  "auth.requestPasswordReset": { access: "public", input: () => ({ email: uniqueEmail("matrix-reset") }) },
  "auth.resetPassword": {
    access: "public",
    input: async ({ db }) => ({ token: await freshLinkToken(db, "reset_password"), password: "matrix-new-password" }),
  },
  "auth.signOut": { access: "public", input: () => undefined },
  "auth.signOutEverywhere": { access: "protected", input: () => undefined },
  "auth.me": { access: "public", input: () => undefined },
  "admin.users.list": { access: "admin", input: () => ({ limit: 5 }) },
  "admin.invitations.list": { access: "admin", input: () => undefined },
  "admin.invitations.create": {
    access: "admin",
    input: () => ({ email: uniqueEmail("matrix-invite"), role: "operator" }),
  },
  "admin.invitations.resend": {
    access: "admin",
    input: async ({ db }) => ({ invitationId: (await freshInvitation(db)).id }),
  },
  "admin.invitations.revoke": {
    access: "admin",
    input: async ({ db }) => ({ invitationId: (await freshInvitation(db)).id }),
  },
  "auth.staffInvitation": { access: "public", input: async ({ db }) => ({ token: (await freshInvitation(db)).token }) },
  "auth.acceptStaffInvitation": {
    access: "public",
    input: async ({ db }) => ({
      token: (await freshInvitation(db)).token,
      name: "Matrix Invitee",
      password: "matrix-invitee-password",
    }),
  },
  "admin.payments.list": {
    access: "viewer",
    input: () => ({ filters: { status: ["approved"], sort: "amount_desc" }, limit: 5 }),
  },
  "admin.payments.get": { access: "viewer", input: async () => ({ providerPaymentId: (await sharedPayment).id }) },
  "admin.payments.raw": { access: "viewer", input: async () => ({ providerPaymentId: (await sharedPayment).id }) },
  "admin.payments.refresh": {
    access: "operator",
    input: async () => ({ providerPaymentId: (await sharedPayment).id }),
  },
  "admin.payments.refund": {
    access: "operator",
    input: async () => ({
      providerPaymentId: (await mirroredPayment()).id,
      amountMinor: 100,
      reason: "requested_by_customer",
      idempotencyKey: randomUUID(),
    }),
  },
  "admin.payments.capture": {
    access: "operator",
    input: async () => ({ providerPaymentId: (await mirroredPayment(false)).id, idempotencyKey: randomUUID() }),
  },
  "admin.payments.cancel": {
    access: "operator",
    input: async () => ({ providerPaymentId: (await mirroredPayment(false)).id, idempotencyKey: randomUUID() }),
  },
  "admin.links.list": { access: "viewer", input: () => ({ limit: 5 }) },
  "admin.links.get": { access: "viewer", input: async () => ({ preferenceId: (await sharedLink).preferenceId }) },
  "admin.links.create": {
    access: "operator",
    input: () => ({
      items: [{ title: "Matrix link", quantity: 1, unitPriceMinor: 1000 }],
      currency: "ARS",
      idempotencyKey: randomUUID(),
    }),
  },
  "admin.links.update": {
    access: "operator",
    input: async () => ({
      preferenceId: (await sharedLink).preferenceId,
      currency: "ARS",
      items: [{ title: "Matrix link, changed", quantity: 2, unitPriceMinor: 1000 }],
      idempotencyKey: randomUUID(),
    }),
  },
  "admin.links.expire": {
    access: "operator",
    input: async () => ({ preferenceId: (await paymentLink()).preferenceId, idempotencyKey: randomUUID() }),
  },
  "admin.payments.syncNow": { access: "operator", input: () => undefined },
  "admin.orders.list": { access: "viewer", input: () => ({ filters: { mode: "manual", text: "vt-" }, limit: 5 }) },
  "admin.orders.get": { access: "viewer", input: async () => ({ orderId: await sharedOrder }) },
  "admin.storeOrders.list": { access: "viewer", input: () => ({ filters: { state: "paid" }, limit: 5 }) },
  "admin.storeOrders.get": { access: "viewer", input: async () => ({ checkoutId: await sharedPaidCheckout }) },
  "admin.storeOrders.buyer": { access: "viewer", input: () => ({ email: "buyer@example.com" }) },
  "admin.storeOrders.guests": { access: "viewer", input: () => ({ limit: 5 }) },
  "admin.storeOrders.resendReceipt": {
    access: "operator",
    input: async () => ({ checkoutId: await sharedPaidCheckout, idempotencyKey: randomUUID() }),
  },
  "admin.orders.refresh": { access: "operator", input: async () => ({ orderId: await sharedOrder }) },
  "admin.orders.create": { access: "operator", input: () => orderInput(env) },
  "admin.orders.process": {
    access: "operator",
    input: async () => ({ orderId: await terminalOrder({ processingMode: "manual" }), idempotencyKey: randomUUID() }),
  },
  "admin.orders.capture": {
    access: "operator",
    input: async () => ({ orderId: await terminalOrder({ captureMode: "manual" }), idempotencyKey: randomUUID() }),
  },
  "admin.orders.cancel": {
    access: "operator",
    input: async () => ({ orderId: await terminalOrder({ processingMode: "manual" }), idempotencyKey: randomUUID() }),
  },
  "admin.orders.refund": {
    access: "operator",
    input: async () => ({
      orderId: await terminalOrder(),
      reason: "requested_by_customer",
      idempotencyKey: randomUUID(),
    }),
  },
  "admin.orders.addTransaction": {
    access: "operator",
    input: async () => {
      const orderId = await terminalOrder({ processingMode: "manual" });
      const transactionId = await firstTransactionId(env, orderId);
      const actorUserId = (await ordersActor).id;
      await deleteOrderTransaction({ deps, actorUserId, orderId, transactionId, idempotencyKey: randomUUID() });
      const { card } = await orderInput(env);
      return { orderId, card, idempotencyKey: randomUUID() };
    },
  },
  "admin.orders.updateTransaction": {
    access: "operator",
    input: async () => {
      const orderId = await terminalOrder({ processingMode: "manual" });
      const { card } = await orderInput(env);
      return { orderId, transactionId: await firstTransactionId(env, orderId), card, idempotencyKey: randomUUID() };
    },
  },
  "admin.orders.deleteTransaction": {
    access: "operator",
    input: async () => {
      const orderId = await terminalOrder({ processingMode: "manual" });
      return { orderId, transactionId: await firstTransactionId(env, orderId), idempotencyKey: randomUUID() };
    },
  },
  "admin.payments.syncStatus": { access: "viewer", input: () => undefined },
  "admin.customers.search": { access: "viewer", input: () => ({ limit: 5 }) },
  "admin.search": { access: "viewer", input: () => ({ q: "matrix@testuser.com" }) },
  "admin.customers.get": { access: "viewer", input: async () => ({ customerId: (await sharedCustomer).id }) },
  "admin.customers.create": {
    access: "operator",
    input: () => ({ email: uniqueEmail("matrix-customer"), firstName: "Matrix", idempotencyKey: randomUUID() }),
  },
  "admin.customers.update": {
    access: "operator",
    input: async () => ({ customerId: (await sharedCustomer).id, firstName: "Matrix" }),
  },
  "admin.customers.delete": { access: "operator", input: async () => ({ customerId: (await providerCustomer()).id }) },
  "admin.customers.addCard": {
    access: "operator",
    input: async () => ({
      customerId: (await sharedCustomer).id,
      cardToken: await env.cardToken("APRO"),
      idempotencyKey: randomUUID(),
    }),
  },
  "admin.customers.updateCard": {
    access: "operator",
    input: async () => {
      const { customer, card } = await sharedCustomerCard;
      return { customerId: customer.id, cardId: card.id, expirationMonth: 11, expirationYear: 2040 };
    },
  },
  "admin.customers.deleteCard": {
    access: "operator",
    input: async () => {
      const customer = await providerCustomer();
      const card = await env.provider.cards.create(customer.id, { token: await env.cardToken("APRO") });
      return { customerId: customer.id, cardId: card.id };
    },
  },
  "admin.plans.search": { access: "viewer", input: () => ({ limit: 5 }) },
  "admin.plans.get": { access: "viewer", input: async () => ({ planId: (await sharedPlan).id }) },
  "admin.plans.create": {
    access: "operator",
    input: () => ({ plan: matrixPlanFields(), idempotencyKey: randomUUID() }),
  },
  "admin.plans.update": {
    access: "operator",
    input: async () => ({ planId: (await sharedPlan).id, plan: matrixPlanFields() }),
  },
  "admin.plans.setStatus": {
    access: "operator",
    input: async () => ({ planId: (await sharedPlan).id, status: "active" }),
  },
  "admin.subscriptions.search": { access: "viewer", input: () => ({ limit: 5 }) },
  "admin.subscriptions.get": {
    access: "viewer",
    input: async () => ({ subscriptionId: (await sharedSubscription).id }),
  },
  "admin.subscriptions.charges": {
    access: "viewer",
    input: async () => ({ subscriptionId: (await sharedSubscription).id }),
  },
  "admin.subscriptions.changeStatus": {
    access: "operator",
    input: async () => ({ subscriptionId: (await sharedSubscription).id, action: "pause" }),
  },
  "admin.subscriptions.change": {
    access: "operator",
    input: async () => ({
      subscriptionId: (await sharedSubscription).id,
      idempotencyKey: randomUUID(),
      amountMinor: 160_000,
    }),
  },
  "admin.subscriptions.create": {
    access: "operator",
    input: async () => ({
      idempotencyKey: randomUUID(),
      payerEmail: "matrix-planless@testuser.com",
      reason: "Matrix planless",
      amountMinor: 90_000,
      currency: "ARS",
      frequency: 1,
      frequencyType: "months",
      cardToken: await env.cardToken("APRO"),
    }),
  },
  "admin.account.chargingAccount": { access: "admin", input: () => undefined },
  "admin.account.connections": { access: "admin", input: () => undefined },
  "admin.account.startConnect": { access: "admin", input: () => undefined },
  "admin.account.refresh": {
    access: "admin",
    input: async () => ({ accountId: (await insertConnectedSeller(deps)).id }),
  },
  "admin.account.disconnect": {
    access: "admin",
    input: async () => ({ accountId: (await insertConnectedSeller(deps)).id }),
  },
  "admin.account.chargingSetting": { access: "admin", input: () => undefined },
  // Back to the store's own account: allowed for an admin, and leaves the setting as every other test expects it.
  "admin.account.setChargingAccount": { access: "admin", input: () => ({ accountId: null }) },
  "admin.account.accountOptions": { access: "viewer", input: () => undefined },
  "admin.merchantOrders.search": { access: "viewer", input: () => ({ status: "opened", limit: 5 }) },
  "admin.merchantOrders.get": {
    access: "viewer",
    input: async () => ({ merchantOrderId: (await sharedMerchantOrder).id }),
  },
  "admin.merchantOrders.create": {
    access: "operator",
    input: () => ({ idempotencyKey: randomUUID(), items: [{ title: "Matrix", quantity: 1, unitPriceMinor: 100 }] }),
  },
  "admin.merchantOrders.update": {
    access: "operator",
    input: async () => ({
      merchantOrderId: (await sharedMerchantOrder).id,
      idempotencyKey: randomUUID(),
      externalReference: "rbac-matrix",
    }),
  },
  "admin.disputes.list": { access: "viewer", input: () => ({ openOnly: true, limit: 5 }) },
  "admin.disputes.get": { access: "viewer", input: async () => ({ chargebackId: await sharedChargeback }) },
  "admin.disputes.uploadEvidence": {
    access: "operator",
    input: async () => ({
      chargebackId: await sharedChargeback,
      idempotencyKey: randomUUID(),
      files: [
        { name: "matrix.pdf", type: "application/pdf", dataBase64: Buffer.from("%PDF-1.4 m").toString("base64") },
      ],
    }),
  },
  "admin.disputes.claims": { access: "viewer", input: () => ({ status: "opened", limit: 5 }) },
  "admin.disputes.claim": { access: "viewer", input: async () => ({ claimId: await sharedClaim }) },
  "admin.terminals.devices": { access: "viewer", input: () => ({ limit: 5 }) },
  "admin.terminals.simulateTap": {
    access: "operator",
    input: async () => {
      const { pdv } = await terminals;
      await clearTerminal(pdv[0] ?? "");
      const operator = await createTestUser({ db, role: "operator" });
      const intent = await createPointIntent({
        deps,
        actorUserId: operator.id,
        input: {
          idempotencyKey: randomUUID(),
          deviceId: pdv[0] ?? "",
          amountMinor: 600,
          installments: 1,
          installmentsCost: "seller",
          printOnTerminal: false,
        },
      });
      return { id: intent.id, outcome: "approve" };
    },
  },
  "admin.webhooks.sendTestNotification": { access: "operator", input: () => ({ topic: "payment" }) },
  "admin.terminals.setMode": {
    access: "operator",
    input: async () => ({ deviceId: (await terminals).standalone, operatingMode: "STANDALONE" }),
  },
  "admin.terminals.createIntent": {
    access: "operator",
    input: async () => {
      const { pdv } = await terminals;
      await clearTerminal(pdv[0] ?? "");
      return { idempotencyKey: randomUUID(), deviceId: pdv[0], amountMinor: 500 };
    },
  },
  "admin.terminals.intent": { access: "viewer", input: async () => ({ id: (await sharedPointIntent).id }) },
  "admin.terminals.intentUpdates": { access: "viewer", input: async () => ({ id: (await sharedPointIntent).id }) },
  "admin.terminals.intentStatus": { access: "viewer", input: async () => ({ id: (await sharedPointIntent).id }) },
  "admin.terminals.cancelIntent": {
    access: "operator",
    input: async () => {
      await sharedPointIntent;
      return { id: (await queuedPointIntent()).id };
    },
  },
  "admin.terminals.resendIntent": { access: "operator", input: async () => ({ id: (await sharedPointIntent).id }) },
  "admin.terminals.intents": { access: "viewer", input: () => ({ limit: 5 }) },
  "admin.terminals.events": {
    access: "viewer",
    input: () => ({ startDate: new Date().toISOString().slice(0, 10), endDate: new Date().toISOString().slice(0, 10) }),
  },
  "admin.users.setRole": { access: "admin", input: ({ targetUser }) => ({ userId: targetUser.id, role: "shopper" }) },
  "admin.overview.figures": { access: "viewer", input: () => ({ period: "7d" }) },
  "admin.overview.volume": { access: "viewer", input: () => ({ period: "30d" }) },
  "admin.overview.attention": { access: "viewer", input: () => undefined },
  "admin.webhooks.list": { access: "viewer", input: () => ({ limit: 5, status: "failed" }) },
  "admin.webhooks.get": { access: "viewer", input: async () => ({ eventId: await failedWebhookEvent() }) },
  "admin.webhooks.replay": { access: "operator", input: async () => ({ eventId: await failedWebhookEvent() }) },
  "admin.audit.search": { access: "viewer", input: () => ({ limit: 5, actor: "system" }) },
  "admin.users.setDisabled": {
    access: "admin",
    input: ({ targetUser }) => ({ userId: targetUser.id, disabled: false }),
  },
  "admin.users.signOutEverywhere": { access: "admin", input: ({ targetUser }) => ({ userId: targetUser.id }) },
  "admin.settings.get": { access: "admin", input: () => undefined },
  "admin.settings.update": { access: "admin", input: () => ({ cardCapture: "automatic" }) },
  "admin.settings.uploadLogo": { access: "admin", input: () => ({ logo: ONE_PIXEL_PNG_BASE64 }) },
  "admin.settings.removeLogo": { access: "admin", input: () => undefined },
  "admin.catalog.list": { access: "viewer", input: () => ({ limit: 5 }) },
  "admin.catalog.create": {
    access: "admin",
    input: () => ({ slug: `matrix-${crypto.randomUUID()}`, title: "Matrix", priceMinor: 1000, currency: "ARS" }),
  },
  "admin.catalog.update": {
    access: "admin",
    input: async () => {
      const product = await env.seedProduct();
      return {
        id: product.id,
        fields: { slug: product.slug, title: "Matrix edit", priceMinor: 1500, currency: "ARS" },
      };
    },
  },
  "admin.catalog.deactivate": { access: "admin", input: async () => ({ id: (await env.seedProduct()).id }) },
  "system.publicConfig": { access: "public", input: () => undefined },
  "system.storeIdentity": { access: "public", input: () => undefined },
  "catalog.list": { access: "public", input: () => ({ limit: 5 }) },
  "catalog.get": { access: "public", input: async () => ({ slug: (await env.seedProduct()).slug }) },
  "checkout.identificationTypes": { access: "public", input: () => undefined },
  "checkout.paymentMethods": { access: "public", input: () => undefined },
  "checkout.create": {
    access: "public",
    input: async () => ({ items: [{ productId: (await env.seedProduct()).id, quantity: 1 }], payer: env.payer() }),
  },
  "checkout.payWithCard": {
    access: "public",
    input: async () => ({
      ...(await guestCheckout()),
      cardToken: await env.cardToken("APRO"),
      paymentMethodId: "visa",
      installments: 1,
    }),
  },
  "checkout.createPreference": { access: "public", input: () => guestCheckout() },
  "checkout.payOffline": {
    access: "public",
    input: async () => ({ ...(await guestCheckout()), paymentMethodId: "rapipago" }),
  },
  "checkout.replace": { access: "public", input: () => declinedGuestCheckout() },
  "checkout.result": { access: "public", input: () => guestCheckout() },
  "checkout.paymentAccount": { access: "public", input: () => guestCheckout() },
  "checkout.linkResult": { access: "public", input: () => sharedLinkPayment },
  "plans.list": { access: "public", input: () => undefined },
  "plans.get": { access: "public", input: () => ({ id: plan.id }) },
  "subscriptions.create": {
    access: "protected",
    input: async () => ({ planId: plan.id, cardToken: await env.cardToken("APRO"), payerEmail: "rbac@testuser.com" }),
  },
  "account.orders": { access: "protected", input: () => ({ limit: 5 }) },
  "account.cards.list": { access: "protected", input: () => undefined },
  "account.cards.add": { access: "protected", input: async () => ({ cardToken: await env.cardToken("APRO") }) },
  "account.cards.remove": {
    access: "protected",
    input: async ({ user }) => ({ cardId: user ? (await savedCardOf(user)).id : "1" }),
  },
  "account.subscriptions.list": { access: "protected", input: () => undefined },
  "account.subscriptions.charges": { access: "protected", input: ({ user }) => subscriptionOf(user) },
  "account.subscriptions.pause": { access: "protected", input: ({ user }) => subscriptionOf(user) },
  "account.subscriptions.resume": { access: "protected", input: ({ user }) => subscriptionOf(user, "paused") },
  "account.subscriptions.cancel": { access: "protected", input: ({ user }) => subscriptionOf(user) },
};

const ROLES: Role[] = ["anonymous", "shopper", "viewer", "operator", "admin"];

function expectedOutcome(access: ProcedureAccess, role: Role): "OK" | "UNAUTHORIZED" | "FORBIDDEN" {
  if (access === "public") return "OK";
  if (role === "anonymous") return "UNAUTHORIZED";
  if (access !== "protected" && !hasRoleAtLeast(role, access)) return "FORBIDDEN";
  return "OK";
}

// At runtime `_def.procedures` is flat ("auth.signIn" → procedure), though its type is the nested record.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: TrpcMeta } }>;
const procedurePaths = Object.keys(procedures).sort();

// A real sandbox plays the provider, so public shopper procedures can succeed for every role.
const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps } = env;
const targetUser = await createTestUser({ db, name: "Target" });
const plan = await env.provider.plans.create({
  reason: "RBAC plan",
  back_url: "https://shop.example.test/account",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 100, currency_id: "ARS" },
});

/** A stored webhook event whose processing failed (replayable). */
async function failedWebhookEvent(): Promise<string> {
  const row = await db
    .insertInto("webhook_events")
    .values({
      dedupe_key: `payment:rbac:${randomUUID()}`,
      topic: "payment",
      signature_valid: true,
      status: "failed",
      attempts: 1,
      last_error: "ProviderServerError: 500",
      payload: toJsonb({ type: "payment" }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A card payment made at the provider and mirrored (authorized only with `capture` false). */
async function mirroredPayment(capture = true) {
  const payment = await env.provider.payments.create({
    transaction_amount: 100,
    token: await env.cardToken("APRO"),
    payment_method_id: "visa",
    installments: 1,
    payer: { email: env.payer().email },
    ...(capture ? {} : { capture: false }),
  });
  await syncPaymentFromProvider({ deps, providerPaymentId: payment.id });
  return payment;
}
const sharedPayment = mirroredPayment();
/** A shop checkout paid by card (approved), for the store orders reads and the receipt resend. */
const sharedPaidCheckout = env.openCheckout({ priceMinor: 1_000, quantity: 1 }).then(async (checkout) => {
  await payWithCard({ deps, userId: null, input: cardPaymentInput(checkout, await env.cardToken("APRO")) });
  return checkout.checkoutId;
});
/** A chargeback opened at the sandbox on a mirrored payment and mirrored itself, for the Disputes reads and upload. */
const sharedChargeback = sharedPayment.then(async (payment) => {
  const res = await fetch(`${env.sandbox.url}/__sandbox/chargebacks`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ payment_id: payment.id }),
  });
  const { id } = (await res.json()) as { id: string };
  await syncChargebackFromProvider({ deps, chargebackId: id });
  return id;
});
/** A claim opened at the sandbox on the shared payment, for the claim read. */
const sharedClaim = sharedPayment.then(async (payment) => {
  const res = await fetch(`${env.sandbox.url}/__sandbox/claims`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ payment_id: payment.id }),
  });
  return ((await res.json()) as { id: number }).id;
});
/** A merchant order at the provider, for the merchant orders reads and update. */
const sharedMerchantOrder = env.provider.merchantOrders.create({
  items: [{ title: "Matrix", quantity: 1, unit_price: 10, currency_id: "ARS" }],
});

/** A plan's fields as the console's form sends them. */
function matrixPlanFields() {
  return {
    reason: "Matrix plan",
    frequency: 1,
    frequencyType: "months" as const,
    amountMinor: 150_000,
    currency: "ARS" as const,
    backUrl: "https://shop.example/thanks",
  };
}
/** A plan at the provider, for the plans reads and changes. */
const sharedPlan = env.provider.plans.create({
  reason: "Matrix plan",
  back_url: "https://shop.example/thanks",
  auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1500, currency_id: "ARS" },
});

/** A subscription to the shared plan, for the subscriptions reads and status change. */
const sharedSubscription = sharedPlan.then(async (plan) =>
  env.provider.subscriptions.create({
    preapproval_plan_id: plan.id,
    payer_email: "matrix-subscriber@testuser.com",
    card_token_id: await env.cardToken("APRO"),
    status: "authorized",
  }),
);

/** The sandbox's terminals of the store: two PDV, one STANDALONE. */
const terminals = env.provider.point.devices().then((list) => ({
  pdv: (list.devices ?? []).filter((d) => d.operating_mode === "PDV").map((d) => String(d.id)),
  standalone: String((list.devices ?? []).find((d) => d.operating_mode === "STANDALONE")?.id),
}));

/** Ends whatever intent is queued on a terminal (the sandbox plays the card tap; 404 when none is). */
async function clearTerminal(deviceId: string): Promise<void> {
  await fetch(`${env.sandbox.url}/__sandbox/point/devices/${deviceId}/tap`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
}

/** A charge queued on the second PDV terminal from the console (OPEN: it may still be cancelled). */
async function queuedPointIntent() {
  const { pdv } = await terminals;
  await clearTerminal(pdv[1] ?? "");
  const operator = await createTestUser({ db, role: "operator" });
  return createPointIntent({
    deps,
    actorUserId: operator.id,
    input: {
      idempotencyKey: randomUUID(),
      deviceId: pdv[1] ?? "",
      amountMinor: 700,
      installments: 1,
      installmentsCost: "seller",
      printOnTerminal: false,
    },
  });
}
const sharedPointIntent = queuedPointIntent();

/** A new customer at the provider (each call its own e-mail). */
function providerCustomer() {
  return env.provider.customers.create({ email: uniqueEmail("matrix-customer") });
}
const sharedCustomer = providerCustomer();
const sharedCustomerCard = sharedCustomer.then(async (customer) => ({
  customer,
  card: await env.provider.cards.create(customer.id, { token: await env.cardToken("APRO") }),
}));

/** A payment link made in the console by an operator. */
async function paymentLink(): Promise<{ preferenceId: string; initPoint: string }> {
  const operator = await createTestUser({ db, role: "operator" });
  const link = await createPaymentLink({
    deps,
    actorUserId: operator.id,
    input: {
      items: [{ title: "Matrix link", quantity: 1, unitPriceMinor: 1000 }],
      currency: "ARS",
      excludedPaymentMethods: [],
      idempotencyKey: randomUUID(),
    },
  });
  if (!link.preferenceId || !link.initPoint) throw new Error("the sandbox made no link");
  return { preferenceId: link.preferenceId, initPoint: link.initPoint };
}
const sharedLink = paymentLink();

/** A link paid on the hosted page: what its thank-you page is opened with. */
const sharedLinkPayment = sharedLink.then(async (link) => {
  const response = await payOnHostedPage(link.initPoint, "APRO");
  const back = new URL(response.headers.get("location") ?? "");
  return { preferenceId: link.preferenceId, paymentId: Number(back.searchParams.get("payment_id")) };
});

/** The staff member the matrix's orders are created by (the virtual terminal's fixtures). */
const ordersActor = createTestUser({ db, role: "operator" });
async function terminalOrder(overrides: Parameters<typeof createTestOrder>[2] = {}): Promise<string> {
  return createTestOrder(env, (await ordersActor).id, overrides);
}
const sharedOrder = terminalOrder();

/** A new guest checkout and its token. */
/** A guest checkout whose card was declined (the one kind `checkout.replace` takes). */
async function declinedGuestCheckout(): Promise<{ checkoutId: string; checkoutToken: string }> {
  const checkout = await guestCheckout();
  await payWithCard({
    deps,
    userId: null,
    input: { ...checkout, cardToken: await env.cardToken("OTHE"), paymentMethodId: "visa", installments: 1 },
  });
  return checkout;
}

async function guestCheckout(): Promise<{ checkoutId: string; checkoutToken: string }> {
  const product = await env.seedProduct();
  const { checkoutId, checkoutToken } = await createCheckout({
    db,
    userId: null,
    items: [{ productId: product.id, quantity: 1 }],
    payer: env.payer(),
    now: new Date(),
  });
  return { checkoutId, checkoutToken };
}

/** A card saved for the caller. */
function savedCardOf(user: SessionUser) {
  return env
    .cardToken("APRO")
    .then((cardToken) => saveCardForUser({ deps, userId: user.id, cardToken, idempotencyKey: `rbac-${user.id}` }));
}

/** A subscription of the caller (optionally moved to `status` first), or a made-up id for anonymous. */
async function subscriptionOf(user: SessionUser | null, status?: "paused"): Promise<{ id: string }> {
  if (!user) return { id: "00000000-0000-4000-8000-000000000000" };
  const { subscriptionId } = await createSubscription({
    deps,
    userId: user.id,
    input: { planId: plan.id, cardToken: await env.cardToken("APRO"), payerEmail: "rbac@testuser.com" },
  });
  if (status === "paused") await changeSubscriptionStatus({ deps, userId: user.id, subscriptionId, action: "pause" });
  return { id: subscriptionId };
}

describe("RBAC matrix", () => {
  it("lists every procedure of appRouter, and nothing else", () => {
    expect(procedurePaths.length).toBeGreaterThan(0);
    expect(Object.keys(ACCESS_MATRIX).sort()).toEqual(procedurePaths);
  });

  for (const path of procedurePaths) {
    const entry = ACCESS_MATRIX[path];

    it(`${path} declares the access the matrix expects`, () => {
      expect(entry, `${path} is missing from ACCESS_MATRIX in rbac-matrix.test.ts`).toBeDefined();
      expect(procedures[path]?._def.meta?.access).toBe(entry?.access);
    });

    for (const role of ROLES) {
      it(`${path} as ${role} → ${entry ? expectedOutcome(entry.access, role) : "?"}`, async () => {
        if (!entry) throw new Error(`${path} is missing from ACCESS_MATRIX in rbac-matrix.test.ts`);
        const signedIn = role === "anonymous" ? null : await signInAs({ db, role });
        const { caller } = await createTestCaller({ deps, cookie: signedIn?.cookie ?? null });
        const input = await entry.input({ db, targetUser, user: signedIn?.user ?? null });
        let procedure: unknown = caller;
        for (const segment of path.split(".")) procedure = (procedure as Record<string, unknown>)[segment];

        const outcome = await (procedure as (input: unknown) => Promise<unknown>)(input).then(
          () => "OK" as const,
          (error: unknown) => error,
        );
        const expected = expectedOutcome(entry.access, role);
        if (expected === "OK") {
          expect(outcome).toBe("OK");
        } else {
          expect(outcome).toBeInstanceOf(TRPCError);
          const error = outcome as TRPCError;
          expect(error.code).toBe(expected);
          expect(getHTTPStatusCodeFromError(error)).toBe(expected === "UNAUTHORIZED" ? 401 : 403);
        }
      });
    }
  }
});
