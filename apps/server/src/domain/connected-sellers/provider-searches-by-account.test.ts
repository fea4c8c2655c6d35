// The console's provider searches (payment links, merchant orders, customers, terminals) by account, against the real
// sandbox over HTTP and the test database. The sandbox keeps each seller's resources apart (a seller's preference,
// merchant order or customer is visible only with that seller's token), so these tests can tell which credentials a
// search or a read used: a seller's resource is listed and read under the seller's filter and not under the store's
// own; a link's detail shows the payments mirrored for its account only; a link's, a customer's and a merchant order's
// changes and a terminal's mode switch go to the account they belong to (a retry of the same key too); the other
// actions on a connected account are refused with a 409 on `account` before any provider call.
import { randomUUID } from "node:crypto";
import type { Payment as ProviderPayment } from "@cobro/provider-client";
import { afterAll, describe, expect, it } from "vitest";
import { providerForAccount } from "../../provider/provider-for-account";
import { insertConnectedSeller } from "../../test/connected-sellers";
import { payOnHostedPage, startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser } from "../../test/test-users";
import { deleteCustomer } from "../customers/delete-customer";
import { getCustomer } from "../customers/get-customer";
import { searchCustomers } from "../customers/search-customers";
import { updateCustomer } from "../customers/update-customer";
import { getPaymentLink } from "../links/get-payment-link";
import { listPaymentLinks } from "../links/list-payment-links";
import { expirePaymentLink } from "../links/update-payment-link";
import { getMerchantOrderDetail } from "../merchant-orders/get-merchant-order-detail";
import { searchMerchantOrders } from "../merchant-orders/search-merchant-orders";
import { updateMerchantOrder } from "../merchant-orders/update-merchant-order";
import { applyPaymentSnapshot } from "../payments/apply-payment-snapshot";
import { listTerminalDevices, setTerminalMode } from "../terminals/terminal-devices";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps } = env;
const operator = await createTestUser({ db, role: "operator" });
const seller = await insertConnectedSeller(deps);
const sellerClient = await providerForAccount(deps, seller.id);

/** The store's mirror row of a merchant order (a seller's is never written: the mirror has no account column). */
function mirroredMerchantOrder(id: number) {
  return db
    .selectFrom("merchant_orders")
    .select("provider_merchant_order_id")
    .where("provider_merchant_order_id", "=", id)
    .executeTakeFirst();
}

describe("payment links by account", () => {
  it("lists and reads a seller's link under the seller's filter only, with the payments mirrored for it", async () => {
    const reference = `acct-link-${randomUUID()}`;
    const link = await sellerClient.preferences.create({
      items: [{ title: "Seller's poncho", quantity: 1, unit_price: 120, currency_id: "ARS" }],
      external_reference: reference,
    });
    const filters = { externalReference: reference, offset: 0, limit: 20 };

    const underSeller = await listPaymentLinks({ deps, accountId: seller.id, filters });
    expect(underSeller.items.map((item) => item.preferenceId)).toEqual([link.id]);
    const underOwn = await listPaymentLinks({ deps, accountId: null, filters });
    expect(underOwn.items).toEqual([]);

    // A buyer pays it on the hosted page; the mirror holds the payment under the seller (as a notification with the
    // seller's user_id would). A row of the store's own account that names the same preference must not show.
    expect((await payOnHostedPage(link.init_point ?? "", "APRO")).ok).toBe(true);
    const found = await sellerClient.payments.search({ external_reference: reference });
    const paid = found.results?.[0] as ProviderPayment | undefined;
    expect(paid?.id).toBeTypeOf("number");
    const now = new Date();
    await applyPaymentSnapshot({ db, payment: paid as ProviderPayment, now, providerAccountId: seller.id });
    const ownCopy = { ...(paid as ProviderPayment), id: 9_000_000_000 + Math.floor(Math.random() * 1_000_000) };
    await applyPaymentSnapshot({ db, payment: ownCopy, now, providerAccountId: null });

    const detail = await getPaymentLink({ deps, preferenceId: link.id, accountId: seller.id });
    expect(detail).toMatchObject({ preferenceId: link.id, externalReference: reference, console: null });
    expect(detail.payments.map((payment) => payment.providerPaymentId)).toEqual([paid?.id]);
    // The store's own credentials do not see the seller's link.
    await expect(getPaymentLink({ deps, preferenceId: link.id, accountId: null })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("expires a seller's link on the seller's account; the request keeps that account for every retry", async () => {
    const link = await sellerClient.preferences.create({
      items: [{ title: "Kept", quantity: 1, unit_price: 10, currency_id: "ARS" }],
    });
    const idempotencyKey = randomUUID();
    const expire = () =>
      expirePaymentLink({ deps, actorUserId: operator.id, preferenceId: link.id, idempotencyKey, account: seller.id });
    expect(await expire()).toEqual({ outcome: "done" });
    const after = await sellerClient.preferences.get(link.id);
    expect(after.expires).toBe(true);
    expect(after.last_updated).toBeTruthy();
    expect(Date.parse(after.expiration_date_to ?? "")).toBeLessThan(Date.now());
    const stored = await db
      .selectFrom("provider_requests")
      .select(["kind", "status", "provider_account_id", "resource_id"])
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      kind: "payment_link.expire",
      status: "succeeded",
      provider_account_id: seller.id,
      resource_id: link.id,
    });
    // A double click answers from the ledger: the link is not changed again.
    expect(await expire()).toEqual({ outcome: "done" });
    expect((await sellerClient.preferences.get(link.id)).last_updated).toBe(after.last_updated);
  });
});

describe("merchant orders by account", () => {
  it("searches and reads a seller's order under the seller's filter only, without mirroring it", async () => {
    const reference = `acct-mo-${randomUUID()}`;
    const order = await sellerClient.merchantOrders.create({
      items: [{ title: "Seller's order", quantity: 2, unit_price: 15, currency_id: "ARS" }],
      external_reference: reference,
    });
    const filters = { externalReference: reference, offset: 0, limit: 25 };

    const underSeller = await searchMerchantOrders({ deps, accountId: seller.id, filters });
    expect(underSeller.items.map((item) => item.id)).toEqual([order.id]);
    expect((await searchMerchantOrders({ deps, accountId: null, filters })).items).toEqual([]);
    expect(await mirroredMerchantOrder(order.id)).toBeUndefined();

    const detail = await getMerchantOrderDetail({ deps, merchantOrderId: order.id, accountId: seller.id });
    expect(detail).toMatchObject({ id: order.id, externalReference: reference, stale: false, requests: [] });
    expect(detail.total.amountMinor).toBe(3000);
  });

  it("changes a seller's order on the seller's account, and a retry of the key goes there too, once", async () => {
    const order = await sellerClient.merchantOrders.create({
      items: [{ title: "Seller's order", quantity: 1, unit_price: 20, currency_id: "ARS" }],
      external_reference: `acct-mo-edit-${randomUUID()}`,
    });
    const input = {
      merchantOrderId: order.id,
      idempotencyKey: randomUUID(),
      additionalInfo: "Gift",
      account: seller.id,
    };
    // The first try's answer is lost after the seller's order changed: unknown, never failed.
    env.sandbox.control.addFault({
      method: "PUT",
      path: `/merchant_orders/${order.id}`,
      count: 3,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "status", status: 503 },
    });
    const unseen = await updateMerchantOrder({ deps, actorUserId: operator.id, input });
    env.sandbox.control.clearFaults();
    expect(unseen).toEqual({ outcome: "unknown", merchantOrderId: order.id });
    const stored = await db
      .selectFrom("merchant_order_requests")
      .innerJoin("provider_requests", "provider_requests.id", "merchant_order_requests.provider_request_id")
      .select(["provider_requests.provider_account_id", "provider_requests.status"])
      .where("provider_requests.idempotency_key", "=", input.idempotencyKey)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ provider_account_id: seller.id, status: "unknown" });

    // The dialog's "Try again": the same key, sent to the account of the first try; the provider replays.
    expect(await updateMerchantOrder({ deps, actorUserId: operator.id, input })).toEqual({
      outcome: "done",
      merchantOrderId: order.id,
    });
    expect((await sellerClient.merchantOrders.get(order.id)).additional_info).toBe("Gift");
    await env.flushProviderCalls();
    const calls = await db
      .selectFrom("provider_calls")
      .select(["status", "path"])
      .where("idempotency_key", "=", input.idempotencyKey)
      .execute();
    expect(calls.map((call) => call.status).sort()).toEqual([200, 503]);
    // The same key for the store's own account is another request: a conflict, never a call with other credentials.
    await expect(
      updateMerchantOrder({ deps, actorUserId: operator.id, input: { ...input, account: undefined } }),
    ).rejects.toMatchObject({ code: "CONFLICT", field: "idempotencyKey" });
    expect(await mirroredMerchantOrder(order.id)).toBeUndefined();
  });
});

describe("customers by account", () => {
  it("searches and reads a seller's customer under the seller's filter only; edits go to the seller's account", async () => {
    const email = `acct-customer-${randomUUID().slice(0, 8)}@testuser.com`;
    const customer = await sellerClient.customers.create({ email, first_name: "Seller's" });

    const underSeller = await searchCustomers({ deps, accountId: seller.id, email, offset: 0, limit: 20 });
    expect(underSeller.items.map((item) => item.id)).toEqual([customer.id]);
    expect((await searchCustomers({ deps, accountId: null, email, offset: 0, limit: 20 })).items).toEqual([]);

    const detail = await getCustomer({ deps, customerId: customer.id, accountId: seller.id });
    expect(detail).toMatchObject({ id: customer.id, email, linkedUser: null });

    const edited = await updateCustomer({
      deps,
      actorUserId: operator.id,
      input: { customerId: customer.id, firstName: "Changed", account: seller.id },
    });
    expect(edited).toMatchObject({ id: customer.id, firstName: "Changed" });
    expect((await sellerClient.customers.get(customer.id)).first_name).toBe("Changed");
    // The store's own credentials cannot reach the seller's customer.
    await expect(
      updateCustomer({ deps, actorUserId: operator.id, input: { customerId: customer.id, firstName: "Own" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const removed = await deleteCustomer({
      deps,
      actorUserId: operator.id,
      customerId: customer.id,
      account: seller.id,
    });
    expect(removed).toMatchObject({ customerId: customer.id, unlinkedUserId: null });
    await expect(sellerClient.customers.get(customer.id)).rejects.toMatchObject({ status: 404 });
    const audits = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("resource_id", "=", customer.id)
      .orderBy("created_at")
      .execute();
    expect(audits).toMatchObject([
      { action: "customer.updated", details: { providerAccountId: seller.id } },
      { action: "customer.deleted", details: { providerAccountId: seller.id } },
    ]);
  });
});

describe("terminals by account", () => {
  it("lists a seller's terminals with the seller's credentials; a mode switch there goes to the seller's account", async () => {
    const own = await listTerminalDevices({ deps, accountId: null, filters: { offset: 0, limit: 25 } });
    const sellers = await listTerminalDevices({ deps, accountId: seller.id, filters: { offset: 0, limit: 25 } });
    expect(sellers.devices.length).toBeGreaterThan(0);
    const ownIds = new Set(own.devices.map((device) => device.id));
    expect(sellers.devices.some((device) => ownIds.has(device.id))).toBe(false);

    const device = sellers.devices[0];
    if (!device) throw new Error("the seller has no terminal");
    const to = device.operatingMode === "PDV" ? "STANDALONE" : "PDV";
    const switchMode = () =>
      setTerminalMode({ deps, actorUserId: operator.id, deviceId: device.id, operatingMode: to, account: seller.id });
    expect(await switchMode()).toEqual({ deviceId: device.id, operatingMode: to, restartRequired: true });
    // The seller's own read of its terminal shows the new mode: the switch went out with the seller's credentials.
    const modeAtSeller = async () =>
      (await sellerClient.point.devices()).devices?.find((candidate) => candidate.id === device.id)?.operating_mode;
    expect(await modeAtSeller()).toBe(to);
    // The dialog's "Try again" sends the same account: the same terminal, the same mode, nothing on the store's own.
    expect(await switchMode()).toMatchObject({ operatingMode: to });
    expect(await modeAtSeller()).toBe(to);
    const ownAfter = await listTerminalDevices({ deps, accountId: null, filters: { offset: 0, limit: 25 } });
    expect(ownAfter.devices).toEqual(own.devices);
    // The store's own credentials do not reach the seller's terminal.
    await expect(
      setTerminalMode({ deps, actorUserId: operator.id, deviceId: device.id, operatingMode: to }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("resource_id", "=", device.id)
      .execute();
    expect(audit.map((row) => row.details)).toEqual([
      { operatingMode: to, accountId: seller.id },
      { operatingMode: to, accountId: seller.id },
    ]);
  });

  it("an ended connection is a 409, never the store's own account's list", async () => {
    const ended = await insertConnectedSeller(deps);
    await db
      .updateTable("provider_accounts")
      .set({ status: "disconnected", access_token_ciphertext: null, ended_at: new Date() })
      .where("id", "=", ended.id)
      .execute();
    await expect(searchCustomers({ deps, accountId: ended.id, offset: 0, limit: 20 })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "account_connection_ended",
    });
  });

  it("a connection unknown to Cobro is a 404, never the store's own account", async () => {
    await expect(
      listTerminalDevices({ deps, accountId: randomUUID(), filters: { offset: 0, limit: 25 } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
