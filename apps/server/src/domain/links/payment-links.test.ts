// Payment links against the real sandbox over HTTP and PostgreSQL: create (one link per dialog, also when the
// answer was lost), search, read, change, expire, the currency refusal, and a link's payments in the mirror.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error";
import { payOnHostedPage, startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { createCheckoutPreference } from "../checkout/create-checkout-preference";
import { expiryInThePast } from "../checkout/expire-checkout-preference";
import { syncPaymentsFromProvider } from "../payments/sync-payments-from-provider";
import { reconcileProviderRequests } from "../provider-requests/reconcile-provider-requests";
import { type CreatePaymentLinkOptions, createPaymentLink, PAYMENT_LINK_CREATE } from "./create-payment-link";
import { getPaymentLink } from "./get-payment-link";
import { listPaymentLinks } from "./list-payment-links";
import { readLinkResult } from "./read-link-result";
import { expirePaymentLink, PAYMENT_LINK_CHANGES, updatePaymentLink } from "./update-payment-link";

const env = await startShopTestEnv({ publicUrl: "https://shop.example.test" });
afterAll(() => env.close());
const { db, deps, provider } = env;
const operator = await createTestUser({ db, role: "operator" });

function linkInput(overrides: Partial<CreatePaymentLinkOptions["input"]> = {}): CreatePaymentLinkOptions["input"] {
  return {
    items: [
      { title: "Consulting hour", quantity: 2, unitPriceMinor: 12_345_67 },
      { title: "Report", quantity: 1, unitPriceMinor: 500_00 },
    ],
    currency: "ARS",
    excludedPaymentMethods: [],
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

function create(overrides: Partial<CreatePaymentLinkOptions["input"]> = {}) {
  return createPaymentLink({ deps, actorUserId: operator.id, input: linkInput(overrides) });
}

/** The link stored for a dialog's key, with where its create request stands in the ledger. */
async function linkRows(idempotencyKey: string) {
  return db
    .selectFrom("payment_links")
    .innerJoin("provider_requests", "provider_requests.id", "payment_links.provider_request_id")
    .selectAll("payment_links")
    .select(["provider_requests.status", "provider_requests.error"])
    .where("provider_requests.idempotency_key", "=", idempotencyKey)
    .execute();
}

async function preferencesWithReference(reference: string) {
  return (await provider.preferences.search({ external_reference: reference })).total;
}

/** Pays a link on the sandbox's hosted page; returns the back URL the buyer is sent to. */
async function pay(initPoint: string, cardholder = "APRO"): Promise<URL> {
  const response = await payOnHostedPage(initPoint, cardholder);
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") ?? "");
}

describe("createPaymentLink", () => {
  it("asks for a preference with Cobro's thank-you page, webhook and auto_return, and keeps a record of it", async () => {
    const reference = `order-${randomUUID()}`;
    const input = linkInput({
      payerEmail: "buyer@testuser.com",
      externalReference: reference,
      expiresFrom: "2020-01-01T00:00:00.000Z",
      expiresTo: "2099-01-01T00:00:00.000Z",
      excludedPaymentMethods: ["amex", "master"],
      maxInstallments: 6,
    });
    const created = await createPaymentLink({ deps, actorUserId: operator.id, input });
    expect(created.outcome).toBe("created");
    expect(created.initPoint).toMatch(new RegExp(`^${env.sandbox.url}/checkout/v1/redirect\\?pref_id=`));

    const preference = await provider.preferences.get(created.preferenceId ?? "");
    const thanks = "https://shop.example.test/thank-you";
    expect(preference).toMatchObject({
      back_urls: { success: thanks, pending: thanks, failure: thanks },
      auto_return: "approved",
      notification_url: "https://shop.example.test/api/webhooks/mercadopago?source_news=webhooks",
      external_reference: reference,
      expires: true,
      expiration_date_from: "2020-01-01T00:00:00.000Z",
      expiration_date_to: "2099-01-01T00:00:00.000Z",
      payer: expect.objectContaining({ email: "buyer@testuser.com" }),
      payment_methods: expect.objectContaining({
        excluded_payment_methods: [{ id: "amex" }, { id: "master" }],
        installments: 6,
      }),
    });
    // Minor units converted once, exactly.
    expect(preference.items).toEqual([
      expect.objectContaining({ title: "Consulting hour", quantity: 2, unit_price: 12_345.67, currency_id: "ARS" }),
      expect.objectContaining({ title: "Report", quantity: 1, unit_price: 500, currency_id: "ARS" }),
    ]);

    const [row] = await linkRows(input.idempotencyKey);
    expect(row).toMatchObject({
      status: "succeeded",
      provider_preference_id: created.preferenceId,
      init_point: created.initPoint,
      title_summary: "Consulting hour ×2, Report",
      created_by: operator.id,
    });
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("resource_id", "=", row?.id ?? "")
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["payment_link.create_requested", "payment_link.created"]);
  });

  it("makes one link for one dialog, however often it is submitted (also at once)", async () => {
    const reference = `double-${randomUUID()}`;
    const input = linkInput({ externalReference: reference });
    const [first, second] = await Promise.all([
      createPaymentLink({ deps, actorUserId: operator.id, input }),
      createPaymentLink({ deps, actorUserId: operator.id, input }),
    ]);
    const third = await createPaymentLink({ deps, actorUserId: operator.id, input });
    const ids = new Set([first, second, third].map((outcome) => outcome.preferenceId).filter(Boolean));
    expect(ids.size).toBe(1);
    expect(await linkRows(input.idempotencyKey)).toHaveLength(1);
    expect(await preferencesWithReference(reference)).toBe(1);
  });

  it("reports a lost answer as unknown, and the same dialog again gets the same link, not a second one", async () => {
    const reference = `lost-${randomUUID()}`;
    const input = linkInput({ externalReference: reference });
    env.sandbox.control.addFault({
      method: "POST",
      path: "/checkout/preferences*",
      count: 4,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const lost = await createPaymentLink({ deps, actorUserId: operator.id, input });
    env.sandbox.control.clearFaults();
    expect(lost).toEqual({ outcome: "unknown", preferenceId: null, initPoint: null });
    expect((await linkRows(input.idempotencyKey))[0]?.status).toBe("unknown");

    const again = await createPaymentLink({ deps, actorUserId: operator.id, input });
    expect(again.outcome).toBe("created");
    expect(await preferencesWithReference(reference)).toBe(1);
    expect((await linkRows(input.idempotencyKey))[0]).toMatchObject({
      status: "succeeded",
      provider_preference_id: again.preferenceId,
    });
  });

  it("a lost answer is settled by the one reconcile loop: it finds the preference carrying the link's id", async () => {
    const reference = `loop-${randomUUID()}`;
    const input = linkInput({ externalReference: reference });
    env.sandbox.control.addFault({
      method: "POST",
      path: "/checkout/preferences*",
      count: 4,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    expect((await createPaymentLink({ deps, actorUserId: operator.id, input })).outcome).toBe("unknown");
    env.sandbox.control.clearFaults();

    await reconcileProviderRequests({ deps, kinds: [PAYMENT_LINK_CREATE] });
    const [made] = (await provider.preferences.search({ external_reference: reference })).elements;
    expect((await linkRows(input.idempotencyKey))[0]).toMatchObject({
      status: "succeeded",
      provider_preference_id: made?.id,
    });
    // The dialog again answers from the ledger: the same link, still one preference.
    expect(await createPaymentLink({ deps, actorUserId: operator.id, input })).toMatchObject({
      outcome: "created",
      preferenceId: made?.id,
    });
    expect(await preferencesWithReference(reference)).toBe(1);
  });

  it("refuses a currency the account's site does not charge in, naming the currency field (a 400)", async () => {
    const input = linkInput({ currency: "BRL" });
    const error = await createPaymentLink({ deps, actorUserId: operator.id, input }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "BAD_REQUEST", field: "currency", reason: "currency_not_supported" });
    expect((await linkRows(input.idempotencyKey))[0]?.status).toBe("failed");
    // The refused dialog stays refused: a repeat does not call again.
    await expect(createPaymentLink({ deps, actorUserId: operator.id, input })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("refuses a shop order's external reference (its payment would pay that order)", async () => {
    const checkout = await env.openCheckout();
    const input = linkInput({ externalReference: checkout.checkoutId });
    await expect(createPaymentLink({ deps, actorUserId: operator.id, input })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "externalReference",
      reason: "external_reference_taken",
    });
    expect(await linkRows(input.idempotencyKey)).toHaveLength(0);
  });
});

describe("listPaymentLinks", () => {
  it("searches the provider by external reference, pages by offset, and marks the links made in the console", async () => {
    const reference = `list-${randomUUID()}`;
    const made: Awaited<ReturnType<typeof create>>[] = [];
    for (let i = 0; i < 3; i++) made.push(await create({ externalReference: reference }));
    // One made elsewhere (the provider's own tools) with the same reference.
    const elsewhere = await provider.preferences.create({
      items: [{ title: "Elsewhere", quantity: 1, unit_price: 10, currency_id: "ARS" }],
      external_reference: reference,
    });

    const first = await listPaymentLinks({ deps, filters: { externalReference: reference, offset: 0, limit: 2 } });
    expect(first.total).toBe(4);
    expect(first.items).toHaveLength(2);
    const second = await listPaymentLinks({ deps, filters: { externalReference: reference, offset: 2, limit: 2 } });
    expect(second.items).toHaveLength(2);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((item) => item.preferenceId)).size).toBe(4);
    expect(all.every((item) => item.externalReference === reference)).toBe(true);
    const outside = all.find((item) => item.preferenceId === elsewhere.id);
    expect(outside?.console).toBeNull();
    const ours = all.find((item) => item.preferenceId === made[0]?.preferenceId);
    expect(ours?.console).toEqual({ title: "Consulting hour ×2, Report", initPoint: made[0]?.initPoint });
  });
});

describe("listPaymentLinks leaves the shop's checkouts out", () => {
  it("does not list a hosted checkout's preference as a payment link", async () => {
    const checkout = await env.openCheckout();
    await createCheckoutPreference({ deps, userId: null, input: checkout });
    const row = await env.checkoutRow(checkout.checkoutId);
    // The provider holds it, under the checkout's reference...
    const atProvider = await provider.preferences.search({ external_reference: row.external_reference });
    expect(atProvider.elements?.map((element) => element.id)).toEqual([row.provider_preference_id]);
    // ...but it is an order, not a link.
    const listed = await listPaymentLinks({
      deps,
      filters: { externalReference: row.external_reference, offset: 0, limit: 10 },
    });
    expect(listed).toMatchObject({ items: [], total: 0 });
  });

  it("never makes a paid checkout's preference expire before the checkout was made", () => {
    const created = new Date("2026-11-26T12:00:00.000Z");
    const paidSoon = new Date("2026-11-26T12:01:00.000Z");
    expect(expiryInThePast(paidSoon, created)).toEqual(created);
    const paidLater = new Date("2026-11-26T13:00:00.000Z");
    expect(expiryInThePast(paidLater, created)).toEqual(new Date("2026-11-26T12:55:00.000Z"));
  });
});

describe("a link's payments", () => {
  it("a payment on the hosted page lands on the thank-you page, is mirrored with its link, and shows under the link", async () => {
    const reference = `paid-${randomUUID()}`;
    const link = await create({ externalReference: reference });
    const preferenceId = link.preferenceId ?? "";
    const back = await pay(link.initPoint ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("https://shop.example.test/thank-you");
    expect(back.searchParams.get("preference_id")).toBe(preferenceId);
    expect(back.searchParams.get("external_reference")).toBe(reference);
    const paymentId = Number(back.searchParams.get("payment_id"));

    // The thank-you page re-reads the payment (and mirrors it) before saying anything.
    const result = await readLinkResult({ deps, input: { preferenceId, paymentId } });
    expect(result).toEqual({ state: "approved", amount: { amountMinor: 25_191_34, currency: "ARS" } });
    const mirrored = await db
      .selectFrom("payments")
      .select(["status", "preference_id", "amount_minor", "checkout_id", "external_reference"])
      .where("provider_payment_id", "=", paymentId)
      .executeTakeFirstOrThrow();
    expect(mirrored).toEqual({
      status: "approved",
      preference_id: preferenceId,
      amount_minor: 25_191_34,
      checkout_id: null,
      external_reference: reference,
    });

    const detail = await getPaymentLink({ deps, preferenceId });
    expect(detail).toMatchObject({
      preferenceId,
      externalReference: reference,
      total: { amountMinor: 25_191_34, currency: "ARS" },
      expired: false,
      console: { createdByEmail: operator.email },
      payments: [{ providerPaymentId: paymentId, status: "approved", amount: { amountMinor: 25_191_34 } }],
    });
    expect(detail.items).toEqual([
      { id: null, title: "Consulting hour", quantity: 2, unitPrice: { amountMinor: 12_345_67, currency: "ARS" } },
      { id: null, title: "Report", quantity: 1, unitPrice: { amountMinor: 500_00, currency: "ARS" } },
    ]);
    expect(detail.merchantOrders).toEqual([
      expect.objectContaining({ id: Number(back.searchParams.get("merchant_order_id")), status: "closed" }),
    ]);
  });

  it("the thank-you page believes no query: a payment of another preference, or of a link not made here, is not found", async () => {
    const declinedReference = `declined-${randomUUID()}`;
    const mine = await create({ externalReference: declinedReference });
    const other = await create();
    const back = await pay(other.initPoint ?? "");
    const paymentId = Number(back.searchParams.get("payment_id"));
    await expect(
      readLinkResult({ deps, input: { preferenceId: mine.preferenceId ?? "", paymentId } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const foreign = await provider.preferences.create({
      items: [{ title: "Elsewhere", quantity: 1, unit_price: 10, currency_id: "ARS" }],
    });
    await expect(readLinkResult({ deps, input: { preferenceId: foreign.id, paymentId } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // A declined payment is said to be declined, never approved (auto_return: approved only, so the buyer stays on
    // the provider's page and follows its link back).
    expect((await payOnHostedPage(mine.initPoint ?? "", "OTHE")).status).toBe(200);
    const [declined] = (await provider.payments.search({ external_reference: declinedReference })).results ?? [];
    const declinedResult = await readLinkResult({
      deps,
      input: { preferenceId: mine.preferenceId ?? "", paymentId: declined?.id ?? 0 },
    });
    expect(declinedResult.state).toBe("rejected");
  });

  it("the payments sync brings a link's payment into the mirror with its preference", async () => {
    const link = await create();
    const back = await pay(link.initPoint ?? "");
    const paymentId = Number(back.searchParams.get("payment_id"));
    await syncPaymentsFromProvider({ deps });
    const row = await db
      .selectFrom("payments")
      .select(["preference_id", "status"])
      .where("provider_payment_id", "=", paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ preference_id: link.preferenceId, status: "approved" });
  });
});

describe("updatePaymentLink and expirePaymentLink", () => {
  it("changes items, expiry and back URLs at the provider", async () => {
    const link = await create();
    const preferenceId = link.preferenceId ?? "";
    const outcome = await updatePaymentLink({
      deps,
      actorUserId: operator.id,
      input: {
        preferenceId,
        currency: "ARS",
        items: [{ title: "Workshop", quantity: 3, unitPriceMinor: 99_99 }],
        expiresTo: "2098-05-01T12:00:00.000Z",
        backUrls: {
          success: "https://example.test/ok",
          pending: "https://example.test/wait",
          failure: "https://example.test/ko",
        },
        idempotencyKey: randomUUID(),
      },
    });
    expect(outcome).toEqual({ outcome: "done" });
    const preference = await provider.preferences.get(preferenceId);
    expect(preference.items).toEqual([
      expect.objectContaining({ title: "Workshop", quantity: 3, unit_price: 99.99, currency_id: "ARS" }),
    ]);
    expect(preference).toMatchObject({
      expires: true,
      expiration_date_to: "2098-05-01T12:00:00.000Z",
      back_urls: {
        success: "https://example.test/ok",
        pending: "https://example.test/wait",
        failure: "https://example.test/ko",
      },
    });
    const detail = await getPaymentLink({ deps, preferenceId });
    expect(detail.total).toEqual({ amountMinor: 299_97, currency: "ARS" });

    // Clearing both dates makes it payable any time again.
    await updatePaymentLink({
      deps,
      actorUserId: operator.id,
      input: { preferenceId, currency: "ARS", expiresFrom: null, expiresTo: null, idempotencyKey: randomUUID() },
    });
    expect((await provider.preferences.get(preferenceId)).expires).toBe(false);
  });

  it("refuses a currency change the account cannot charge, naming the field", async () => {
    const link = await create();
    await expect(
      updatePaymentLink({
        deps,
        actorUserId: operator.id,
        input: {
          preferenceId: link.preferenceId ?? "",
          currency: "USD",
          items: [{ title: "Dollars", quantity: 1, unitPriceMinor: 100 }],
          idempotencyKey: randomUUID(),
        },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "currency", reason: "currency_not_supported" });
  });

  it("a change whose answer was lost is unknown; the one loop reads the link and settles it", async () => {
    const link = await create();
    const preferenceId = link.preferenceId ?? "";
    env.sandbox.control.addFault({
      method: "PUT",
      path: `/checkout/preferences/${preferenceId}`,
      count: 4,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "drop" },
    });
    const idempotencyKey = randomUUID();
    expect(await expirePaymentLink({ deps, actorUserId: operator.id, preferenceId, idempotencyKey })).toEqual({
      outcome: "unknown",
    });
    env.sandbox.control.clearFaults();
    await reconcileProviderRequests({ deps, kinds: [PAYMENT_LINK_CHANGES.expire] });
    const settled = await db
      .selectFrom("provider_requests")
      .select("status")
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe("succeeded");
    expect((await getPaymentLink({ deps, preferenceId })).expired).toBe(true);
  });

  it("expire now: the link is expired in the console and the hosted page no longer takes a payment", async () => {
    const link = await create({ expiresFrom: new Date(Date.now() + 3_600_000).toISOString() });
    const preferenceId = link.preferenceId ?? "";
    await expect(
      expirePaymentLink({ deps, actorUserId: operator.id, preferenceId, idempotencyKey: randomUUID() }),
    ).resolves.toEqual({ outcome: "done" });
    const detail = await getPaymentLink({ deps, preferenceId });
    expect(detail.expired).toBe(true);
    const listed = await listPaymentLinks({ deps, filters: { offset: 0, limit: 50 } });
    expect(listed.items.find((item) => item.preferenceId === preferenceId)?.expired).toBe(true);
    const response = await payOnHostedPage(link.initPoint ?? "", "APRO");
    expect(response.status).not.toBe(303);
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("resource_id", "=", preferenceId)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["payment_link.expire_requested", "payment_link.expired"]);
  });

  it("an unknown link is a 404, not a 500", async () => {
    await expect(getPaymentLink({ deps, preferenceId: "123-nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
