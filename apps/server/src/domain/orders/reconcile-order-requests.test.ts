// The one reconcile loop settling the requests of the virtual terminal's orders, Point intents and merchant order
// writes whose answer was never seen, against a real sandbox over HTTP and a real PostgreSQL: the provider's fault
// leaves the request unknown, and the loop (as its job runs it) settles it by its kind, sending again with the
// stored key where Cobro can (one effect at the provider), each to the account stored with the key.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { PROVIDER_REQUEST_KINDS } from "../../jobs/provider-request-kinds";
import { providerForAccount } from "../../provider/provider-for-account";
import { insertConnectedSeller } from "../../test/connected-sellers";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestOrder } from "../../test/test-orders";
import { createTestUser } from "../../test/test-users";
import { createMerchantOrder } from "../merchant-orders/create-merchant-order";
import { updateMerchantOrder } from "../merchant-orders/update-merchant-order";
import { reconcileProviderRequests } from "../provider-requests/reconcile-provider-requests";
import { createPointIntent, pointIntentRows } from "../terminals/point-intents";
import { captureOrder } from "./order-actions";
import { orderRows } from "./order-mirror";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;
const operator = await createTestUser({ db, role: "operator" });

/** The loop as its job runs it, `minutes` later (past the lease of any call still out). */
function sweep(minutes = 2) {
  const later = new Date(deps.now().getTime() + minutes * 60_000);
  return reconcileProviderRequests({ deps: { ...deps, now: () => later }, kinds: PROVIDER_REQUEST_KINDS });
}

function requestWithKey(idempotencyKey: string) {
  return db
    .selectFrom("provider_requests")
    .selectAll()
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirstOrThrow();
}

async function callsWithKey(idempotencyKey: string, path: string) {
  await env.flushProviderCalls();
  return db
    .selectFrom("provider_calls")
    .select(["status", "path"])
    .where("idempotency_key", "=", idempotencyKey)
    .where("path", "=", path)
    .execute();
}

/** Every attempt of the next call to `path` (the client's retries included) is made, then its answer lost. */
function loseAnswers(method: string, path: string) {
  env.sandbox.control.addFault({
    method,
    path,
    count: 3,
    // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
    action: { type: "commit-then-fail", then: "status", status: 503 },
  });
}

describe("the reconcile loop settles what was never answered", () => {
  it("a merchant order made but unanswered: the loop repeats its key, finds the one order and mirrors it", async () => {
    const ref = `mo-reconcile-${randomUUID()}`;
    const idempotencyKey = randomUUID();
    loseAnswers("POST", "/merchant_orders");
    const unseen = await createMerchantOrder({
      deps,
      actorUserId: operator.id,
      input: { idempotencyKey, externalReference: ref, items: [{ title: "Mate", quantity: 1, unitPriceMinor: 900 }] },
    });
    env.sandbox.control.clearFaults();
    expect(unseen).toEqual({ outcome: "unknown", merchantOrderId: null });
    expect(await requestWithKey(idempotencyKey)).toMatchObject({ status: "unknown", provider_account_id: null });

    await sweep();
    const settled = await requestWithKey(idempotencyKey);
    expect(settled.status).toBe("succeeded");
    const found = await provider.merchantOrders.search({ external_reference: ref });
    expect(found.total).toBe(1);
    const id = found.elements?.[0]?.id ?? 0;
    expect(settled.answer).toMatchObject({ id });
    const mirrored = await db
      .selectFrom("merchant_orders")
      .select("external_reference")
      .where("provider_merchant_order_id", "=", id)
      .executeTakeFirst();
    expect(mirrored).toEqual({ external_reference: ref });
    // Settled requests are not read again.
    await sweep();
    expect((await provider.merchantOrders.search({ external_reference: ref })).total).toBe(1);
  });

  it("a seller's merchant order update left unknown is settled on the seller's account, never the store's", async () => {
    const seller = await insertConnectedSeller(deps);
    const sellerClient = await providerForAccount(deps, seller.id);
    const order = await sellerClient.merchantOrders.create({
      items: [{ title: "Seller's order", quantity: 1, unit_price: 10, currency_id: "ARS" }],
    });
    const idempotencyKey = randomUUID();
    loseAnswers("PUT", `/merchant_orders/${order.id}`);
    const unseen = await updateMerchantOrder({
      deps,
      actorUserId: operator.id,
      input: { merchantOrderId: order.id, idempotencyKey, additionalInfo: "Reconciled", account: seller.id },
    });
    env.sandbox.control.clearFaults();
    expect(unseen.outcome).toBe("unknown");
    expect(await requestWithKey(idempotencyKey)).toMatchObject({ status: "unknown", provider_account_id: seller.id });

    await sweep();
    expect(await requestWithKey(idempotencyKey)).toMatchObject({ status: "succeeded" });
    expect((await sellerClient.merchantOrders.get(order.id)).additional_info).toBe("Reconciled");
    // The store's own credentials never reached the seller's order (the sandbox keeps sellers apart).
    await expect(provider.merchantOrders.get(order.id)).rejects.toMatchObject({ status: 404 });
  });

  it("a Point intent made but unanswered: the loop repeats its key and writes the one intent to the row", async () => {
    const terminal = (await provider.point.devices()).devices?.find((device) => device.operating_mode === "PDV");
    if (!terminal) throw new Error("the sandbox has no PDV terminal");
    const idempotencyKey = randomUUID();
    loseAnswers("POST", `/point/integration-api/devices/${terminal.id}/payment-intents`);
    const lost = await createPointIntent({
      deps,
      actorUserId: operator.id,
      input: {
        idempotencyKey,
        deviceId: String(terminal.id),
        amountMinor: 1_500,
        installments: 1,
        installmentsCost: "seller",
        printOnTerminal: false,
      },
    });
    env.sandbox.control.clearFaults();
    expect(lost).toMatchObject({ requestStatus: "unknown", intentId: null });

    await sweep();
    const row = await pointIntentRows(db).where("point_intents.id", "=", lost.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ request_status: "succeeded", state: "OPEN" });
    expect(row.provider_intent_id).not.toBeNull();
    const intent = await provider.point.getIntent(row.provider_intent_id ?? "");
    expect(intent.id).toBe(row.provider_intent_id);
    await provider.point.cancelIntent(String(terminal.id), intent.id);
  });

  it("an order capture made but unanswered: the loop repeats its key (one capture) and the order is mirrored", async () => {
    const orderId = await createTestOrder(env, operator.id, { captureMode: "manual", amountMinor: 4_000 });
    const order = await orderRows(db).where("orders.id", "=", orderId).executeTakeFirstOrThrow();
    const providerOrderId = order.provider_order_id ?? "";
    const idempotencyKey = randomUUID();
    loseAnswers("POST", `/v1/orders/${providerOrderId}/capture`);
    const unseen = await captureOrder({ deps, actorUserId: operator.id, orderId, idempotencyKey });
    env.sandbox.control.clearFaults();
    expect(unseen.outcome).toBe("unknown");

    await sweep();
    expect(await requestWithKey(idempotencyKey)).toMatchObject({ status: "succeeded" });
    const captures = await callsWithKey(idempotencyKey, `/v1/orders/${providerOrderId}/capture`);
    // The lost call and the loop's repeat, both with the one key: the provider captured once and replayed.
    expect(captures.map((call) => call.status).sort()).toEqual([200, 503]);
    expect(await orderRows(db).where("orders.id", "=", orderId).executeTakeFirstOrThrow()).toMatchObject({
      status: "processed",
    });
  });
});
