// The virtual terminal's orders against a real sandbox over HTTP and a real PostgreSQL: every Orders API call
// Cobro makes (create, process, capture, cancel, refund, and a manual order's transaction), its refusals in words,
// a declined card (402), the key stored before the call and reused by every repeat (one order), an unseen answer
// kept "unknown" and confirmed by repeating, and the `order` notification re-read into the mirror.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { WEBHOOK_TOPIC_HANDLERS } from "../../jobs/webhook-topic-handlers";
import { insertConnectedSeller } from "../../test/connected-sellers";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestOrder, firstTransactionId, orderInput } from "../../test/test-orders";
import { createTestUser } from "../../test/test-users";
import { syncPaymentFromProvider } from "../payments/sync-payment-from-provider";
import { createOrder } from "./create-order";
import { getOrderDetail } from "./get-order-detail";
import { listOrders } from "./list-orders";
import {
  addOrderTransaction,
  cancelOrder,
  captureOrder,
  deleteOrderTransaction,
  processOrder,
  refreshOrder,
  refundOrder,
  updateOrderTransaction,
} from "./order-actions";
import { orderRows } from "./order-mirror";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, provider } = env;
const operator = await createTestUser({ db, role: "operator" });
const actor = { deps, actorUserId: operator.id };

function rowOf(orderId: string) {
  return orderRows(db).where("orders.id", "=", orderId).executeTakeFirstOrThrow();
}

/** Our orders stored under one dialog key (the ledger's). */
function ordersWithKey(idempotencyKey: string) {
  return orderRows(db).where("provider_requests.idempotency_key", "=", idempotencyKey);
}

/** An order action with its ledger request (its key and call status), by the dialog's key. */
function actionWithKey(idempotencyKey: string) {
  return db
    .selectFrom("order_actions")
    .innerJoin("provider_requests", "provider_requests.id", "order_actions.provider_request_id")
    .select([
      "order_actions.kind",
      "order_actions.error",
      "provider_requests.status",
      "provider_requests.idempotency_key",
      "provider_requests.provider_account_id",
    ])
    .where("provider_requests.idempotency_key", "=", idempotencyKey)
    .executeTakeFirstOrThrow();
}

async function providerOrderOf(orderId: string) {
  const row = await rowOf(orderId);
  if (!row.provider_order_id) throw new Error("order not known at the provider");
  return provider.orders.get(row.provider_order_id);
}

async function callsWithKey(key: string) {
  await env.flushProviderCalls();
  return db
    .selectFrom("provider_calls")
    .selectAll()
    .where("idempotency_key", "=", key)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

function key() {
  return randomUUID();
}

describe("createOrder (the virtual terminal's new charge)", () => {
  it("automatic mode charges at once: the order is processed, mirrored with its transaction and audited", async () => {
    const input = await orderInput(env, { amountMinor: 12_345, externalReference: "phone-1001" });
    const outcome = await createOrder({ ...actor, input });
    expect(outcome).toMatchObject({ outcome: "done", status: "processed", statusDetail: "accredited" });
    const row = await rowOf(outcome.orderId);
    expect(row).toMatchObject({
      create_status: "succeeded",
      idempotency_key: input.idempotencyKey,
      external_reference: "phone-1001",
      amount_minor: 12_345,
      status: "processed",
      created_by: operator.id,
    });
    expect(row.provider_order_id).toMatch(/^ORD/);
    // No card token is kept.
    expect(JSON.stringify(row.snapshot)).not.toContain(input.card.cardToken);
    expect(JSON.stringify(row.transactions)).not.toContain(input.card.cardToken);
    const order = await providerOrderOf(outcome.orderId);
    expect(order).toMatchObject({ status: "processed", total_amount: "123.45", external_reference: "phone-1001" });
    const detail = await getOrderDetail({ deps, orderId: outcome.orderId });
    expect(detail.transactions).toHaveLength(1);
    expect(detail.transactions[0]).toMatchObject({
      status: "processed",
      amount: { amountMinor: 12_345, currency: "ARS" },
      refundable: { amountMinor: 12_345 },
    });
    expect(detail.allowed).toMatchObject({ refund: true, capture: false, process: false, cancel: false });
    // The order's underlying payment, once Cobro's payments mirror has it, is linked from its transaction.
    const referenceId = Number(detail.transactions[0]?.referenceId);
    expect(detail.transactions[0]?.mirroredPaymentId).toBeNull();
    await syncPaymentFromProvider({ deps, providerPaymentId: referenceId });
    expect((await getOrderDetail({ deps, orderId: outcome.orderId })).transactions[0]?.mirroredPaymentId).toBe(
      referenceId,
    );
    const actions = detail.timeline.filter((entry) => entry.kind === "staff").map((entry) => entry.action);
    expect(actions).toEqual(["order.create_requested", "order.created"]);
    expect(detail.timeline.some((entry) => entry.kind === "provider_call" && entry.path === "/v1/orders")).toBe(true);
    expect(detail.timeline.some((entry) => entry.kind === "state" && entry.status === "processed")).toBe(true);
  });

  it("the same dialog twice (double click, repeat) → one order, one provider call", async () => {
    const input = await orderInput(env);
    const [first, second] = await Promise.all([createOrder({ ...actor, input }), createOrder({ ...actor, input })]);
    expect(second.orderId).toBe(first.orderId);
    const again = await createOrder({ ...actor, input });
    expect(again).toEqual(await createOrder({ ...actor, input }));
    expect(await ordersWithKey(input.idempotencyKey).execute()).toHaveLength(1);
    // Both concurrent submits may have gone out with the key: the provider made one order of them.
    const creates = (await callsWithKey(input.idempotencyKey)).filter((call) => call.path === "/v1/orders");
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(new Set(creates.map((call) => call.resource_id).filter(Boolean)).size).toBe(1);
  });

  it("a declined card (402) is a failed order with the decline's reason, not an error", async () => {
    const input = await orderInput(env, { cardholder: "FUND" });
    const outcome = await createOrder({ ...actor, input });
    expect(outcome).toMatchObject({ outcome: "declined", status: "failed", statusDetail: "insufficient_amount" });
    expect(await rowOf(outcome.orderId)).toMatchObject({
      create_status: "succeeded",
      status: "failed",
      error: "insufficient_amount",
    });
    expect((await providerOrderOf(outcome.orderId)).status).toBe("failed");
  });

  it("a refusal (sandbox payer not a test user) is said in words, names no order and is not retried", async () => {
    const input = { ...(await orderInput(env)), payer: { ...(await orderInput(env)).payer, email: "a@example.com" } };
    await expect(createOrder({ ...actor, input })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      reason: "payer_email_not_test_user",
      field: "payer.email",
    });
    expect(await ordersWithKey(input.idempotencyKey).executeTakeFirstOrThrow()).toMatchObject({
      create_status: "failed",
      error: "payer_email_not_test_user",
    });
  });

  it("an unseen answer stays unknown (key stored), and repeating the dialog confirms it: one order", async () => {
    env.sandbox.control.addFault({
      method: "POST",
      path: "/v1/orders",
      count: 10,
      action: { type: "status", status: 503 },
    });
    const input = await orderInput(env);
    const unseen = await createOrder({ ...actor, input });
    env.sandbox.control.clearFaults();
    expect(unseen).toMatchObject({ outcome: "unknown", status: null });
    expect(await rowOf(unseen.orderId)).toMatchObject({ create_status: "unknown", provider_order_id: null });
    const confirmed = await createOrder({ ...actor, input });
    expect(confirmed).toMatchObject({ orderId: unseen.orderId, outcome: "done", status: "processed" });
  });

  it("refuses a currency the account cannot charge, naming the field, before anything is stored", async () => {
    const input = await orderInput(env, { currency: "BRL" });
    await expect(createOrder({ ...actor, input })).rejects.toMatchObject({
      field: "currency",
      reason: "currency_not_supported",
    });
    expect(await ordersWithKey(input.idempotencyKey).execute()).toHaveLength(0);
  });

  it("refuses a card brand the account does not offer, naming the field, before anything is stored", async () => {
    const input = await orderInput(env);
    input.card.paymentMethodId = "nosuchcard";
    await expect(createOrder({ ...actor, input })).rejects.toMatchObject({
      field: "card.paymentMethodId",
      reason: "invalid_payment_method",
    });
    expect(await ordersWithKey(input.idempotencyKey).execute()).toHaveLength(0);
  });
});

describe("manual mode: review, change the payment, process, capture, refund", () => {
  it("add / change / remove the payment transaction, then process; capture; refund one transaction in part", async () => {
    const orderId = await createTestOrder(env, operator.id, {
      processingMode: "manual",
      captureMode: "manual",
      amountMinor: 20_000,
    });
    expect(await rowOf(orderId)).toMatchObject({ status: "created", processing_mode: "manual" });
    const firstTx = await firstTransactionId(env, orderId);

    // Remove it, add another card, then change that card.
    await deleteOrderTransaction({ ...actor, orderId, transactionId: firstTx, idempotencyKey: key() });
    expect((await getOrderDetail({ deps, orderId })).transactions).toHaveLength(0);
    const added = await addOrderTransaction({
      ...actor,
      orderId,
      idempotencyKey: key(),
      card: (await orderInput(env)).card,
    });
    expect(added.outcome).toBe("done");
    const newTx = await firstTransactionId(env, orderId);
    expect(newTx).not.toBe(firstTx);
    const { card } = await orderInput(env, { installments: 3 });
    await updateOrderTransaction({ ...actor, orderId, transactionId: newTx, idempotencyKey: key(), card });
    const changed = await providerOrderOf(orderId);
    expect(changed.transactions?.payments?.[0]?.payment_method?.installments).toBe(3);

    // Process: authorized (manual capture) → capture → processed.
    const processed = await processOrder({ ...actor, orderId, idempotencyKey: key() });
    expect(processed).toMatchObject({ outcome: "done", status: "action_required", statusDetail: "waiting_capture" });
    expect((await getOrderDetail({ deps, orderId })).allowed).toMatchObject({ capture: true, process: false });
    const captured = await captureOrder({ ...actor, orderId, idempotencyKey: key() });
    expect(captured).toMatchObject({ outcome: "done", status: "processed" });

    // Refund 50.00 of the transaction.
    const refunded = await refundOrder({
      ...actor,
      orderId,
      transactionId: newTx,
      amountMinor: 5_000,
      reason: "requested_by_customer",
      idempotencyKey: key(),
    });
    expect(refunded).toMatchObject({ outcome: "done", status: "processed", statusDetail: "partially_refunded" });
    const detail = await getOrderDetail({ deps, orderId });
    expect(detail.refunded).toEqual({ amountMinor: 5_000, currency: "ARS" });
    expect(detail.transactions[0]?.refundable).toEqual({ amountMinor: 15_000, currency: "ARS" });
    expect(detail.refunds).toHaveLength(1);
    expect(detail.actions.map((action) => [action.kind, action.status])).toEqual([
      ["delete_transaction", "succeeded"],
      ["add_transaction", "succeeded"],
      ["update_transaction", "succeeded"],
      ["process", "succeeded"],
      ["capture", "succeeded"],
      ["refund", "succeeded"],
    ]);
    const provided = await providerOrderOf(orderId);
    expect(provided.transactions?.payments?.[0]?.refunded_amount).toBe("50.00");
  });

  it("a refund larger than what is left of the transaction is refused naming the amount; nothing is sent", async () => {
    const orderId = await createTestOrder(env, operator.id, { amountMinor: 3_000 });
    const transactionId = await firstTransactionId(env, orderId);
    const idempotencyKey = key();
    await expect(
      refundOrder({ ...actor, orderId, transactionId, amountMinor: 3_001, reason: "other", idempotencyKey }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "amountMinor", reason: "refund_exceeds_balance" });
    expect(await callsWithKey(idempotencyKey)).toHaveLength(0);
    expect((await providerOrderOf(orderId)).transactions?.refunds ?? []).toHaveLength(0);
  });

  it("the provider's own refusal of a refund beyond the balance is said in words (refunded elsewhere)", async () => {
    const orderId = await createTestOrder(env, operator.id, { amountMinor: 3_000 });
    const transactionId = await firstTransactionId(env, orderId);
    const providerOrderId = (await rowOf(orderId)).provider_order_id ?? "";
    // Refunded at the provider behind the mirror's back, then our dialog asks for all of it.
    await provider.orders.refund(providerOrderId, { transactions: [{ id: transactionId, amount: "20.00" }] });
    await db
      .updateTable("orders")
      .set({ updated_at: new Date(0) })
      .where("id", "=", orderId)
      .execute();
    const refused = refundOrder({
      ...actor,
      orderId,
      transactionId,
      amountMinor: 3_000,
      reason: "other",
      idempotencyKey: key(),
    });
    // The re-read before acting shows 10.00 left: refused locally, naming the amount.
    await expect(refused).rejects.toMatchObject({ reason: "refund_exceeds_balance" });
  });

  it("a full refund refunds the whole order", async () => {
    const orderId = await createTestOrder(env, operator.id, { amountMinor: 4_000 });
    const outcome = await refundOrder({ ...actor, orderId, reason: "duplicate", idempotencyKey: key() });
    expect(outcome).toMatchObject({ outcome: "done", status: "refunded" });
    expect(await rowOf(orderId)).toMatchObject({ refunded_minor: 4_000, status: "refunded" });
  });

  it("capturing a processed automatic order is refused by the provider and said in words", async () => {
    const orderId = await createTestOrder(env, operator.id);
    const idempotencyKey = key();
    await expect(captureOrder({ ...actor, orderId, idempotencyKey })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      reason: "order_not_capturable",
    });
    const action = await actionWithKey(idempotencyKey);
    expect(action).toMatchObject({ kind: "capture", status: "failed", error: "order_not_capturable" });
    expect((await providerOrderOf(orderId)).status).toBe("processed");
  });

  it("changing a processed order's transactions is refused; nothing is sent", async () => {
    const orderId = await createTestOrder(env, operator.id, { processingMode: "manual" });
    await processOrder({ ...actor, orderId, idempotencyKey: key() });
    const transactionId = await firstTransactionId(env, orderId);
    const idempotencyKey = key();
    await expect(
      updateOrderTransaction({ ...actor, orderId, transactionId, idempotencyKey, card: (await orderInput(env)).card }),
    ).rejects.toMatchObject({ reason: "order_not_editable" });
    await expect(
      deleteOrderTransaction({ ...actor, orderId, transactionId, idempotencyKey: key() }),
    ).rejects.toMatchObject({ reason: "order_not_editable" });
    expect(await callsWithKey(idempotencyKey)).toHaveLength(0);
  });

  it("a declined card at process (402) leaves the order failed with the decline's reason", async () => {
    const orderId = await createTestOrder(env, operator.id, { processingMode: "manual", cardholder: "CALL" });
    const outcome = await processOrder({ ...actor, orderId, idempotencyKey: key() });
    expect(outcome).toMatchObject({
      outcome: "declined",
      status: "failed",
      statusDetail: "required_call_for_authorize",
    });
    const detail = await getOrderDetail({ deps, orderId });
    expect(detail.error).toBe("required_call_for_authorize");
    expect(detail.actions[0]).toMatchObject({
      kind: "process",
      status: "failed",
      error: "required_call_for_authorize",
    });
    expect(detail.transactions[0]).toMatchObject({ status: "failed", statusDetail: "required_call_for_authorize" });
  });

  it("cancel releases a manual order not processed yet; a second cancel is refused in words", async () => {
    const orderId = await createTestOrder(env, operator.id, { processingMode: "manual" });
    expect(await cancelOrder({ ...actor, orderId, idempotencyKey: key() })).toMatchObject({ status: "canceled" });
    await expect(cancelOrder({ ...actor, orderId, idempotencyKey: key() })).rejects.toMatchObject({
      reason: "order_not_cancellable",
    });
  });

  it("the same action dialog twice → one provider effect", async () => {
    const orderId = await createTestOrder(env, operator.id, { amountMinor: 6_000 });
    const transactionId = await firstTransactionId(env, orderId);
    const idempotencyKey = key();
    const refund = () =>
      refundOrder({ ...actor, orderId, transactionId, amountMinor: 1_000, reason: "other", idempotencyKey });
    const first = await refund();
    expect(await refund()).toMatchObject({ actionId: first.actionId, outcome: "done" });
    expect((await providerOrderOf(orderId)).transactions?.refunds ?? []).toHaveLength(1);
  });
});

describe("an action whose answer was not seen", () => {
  it("stays unknown (not failed), holds the order, and Refresh confirms it by repeating its key: one capture", async () => {
    const orderId = await createTestOrder(env, operator.id, { captureMode: "manual", amountMinor: 9_000 });
    const providerOrderId = (await rowOf(orderId)).provider_order_id ?? "";
    env.sandbox.control.addFault({
      method: "POST",
      path: `/v1/orders/${providerOrderId}/capture`,
      count: 10,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "status", status: 503 },
    });
    const unseen = await captureOrder({ ...actor, orderId, idempotencyKey: key() });
    env.sandbox.control.clearFaults();
    expect(unseen.outcome).toBe("unknown");
    // The provider did capture; the re-read after the unseen answer already shows it.
    expect((await providerOrderOf(orderId)).status).toBe("processed");
    const detail = await getOrderDetail({ deps, orderId });
    expect(detail.actions[0]).toMatchObject({ kind: "capture", status: "unknown" });
    expect(detail.allowed.refund).toBe(false);
    await expect(refundOrder({ ...actor, orderId, reason: "other", idempotencyKey: key() })).rejects.toMatchObject({
      reason: "action_in_progress",
    });

    await refreshOrder({ deps, orderId, actorUserId: operator.id });
    const settled = await getOrderDetail({ deps, orderId });
    expect(settled.actions[0]).toMatchObject({ kind: "capture", status: "succeeded" });
    expect(settled).toMatchObject({ status: "processed", allowed: { refund: true } });
    const action = await db
      .selectFrom("order_actions")
      .innerJoin("provider_requests", "provider_requests.id", "order_actions.provider_request_id")
      .select("provider_requests.idempotency_key")
      .where("order_actions.order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    const captures = (await callsWithKey(action.idempotency_key)).filter((call) => call.path.endsWith("/capture"));
    // The first call (its answer lost) and Refresh's repeat, both with the one key; the provider replayed.
    expect(captures.map((call) => call.status).sort()).toEqual([200, 503]);
  });
});

describe("the orders list", () => {
  it("filters by mode, status and the start of the reference or e-mail, and pages by keyset", async () => {
    const tag = `list-${randomUUID().slice(0, 8)}`;
    for (let index = 0; index < 3; index += 1) {
      await createTestOrder(env, operator.id, { externalReference: `${tag}-${index}`, processingMode: "manual" });
    }
    const first = await listOrders({
      db,
      filters: { text: tag.toUpperCase(), mode: "manual" },
      cursor: null,
      limit: 2,
    });
    expect(first.items.map((item) => item.externalReference)).toEqual([`${tag}-2`, `${tag}-1`]);
    const second = await listOrders({ db, filters: { text: tag, mode: "manual" }, cursor: first.nextCursor, limit: 2 });
    expect(second.items.map((item) => item.externalReference)).toEqual([`${tag}-0`]);
    expect(second.nextCursor).toBeNull();
    const processed = await listOrders({ db, filters: { text: tag, status: ["processed"] }, cursor: null, limit: 5 });
    expect(processed.items).toHaveLength(0);
    const byEmail = await listOrders({
      db,
      filters: { text: env.payer().email.slice(0, 4) },
      cursor: null,
      limit: 100,
    });
    expect(byEmail.items.length).toBeGreaterThanOrEqual(3);
  });
});

describe("the orders list's account filter", () => {
  it("lists console orders under the store's own account (they charge on it), none under a connected seller", async () => {
    const tag = `acct-${randomUUID().slice(0, 8)}`;
    await createTestOrder(env, operator.id, { externalReference: `${tag}-0`, processingMode: "manual" });
    const seller = await insertConnectedSeller(env.deps);
    const own = await listOrders({ db, filters: { text: tag, account: "own" }, cursor: null, limit: 5 });
    expect(own.items.map((item) => [item.externalReference, item.accountId])).toEqual([[`${tag}-0`, null]]);
    const ofSeller = await listOrders({ db, filters: { text: tag, account: seller.id }, cursor: null, limit: 5 });
    expect(ofSeller.items).toHaveLength(0);
  });
});

describe("the order notification", () => {
  it("the sandbox sends topic `order` with the order id; the handler re-reads it into the mirror", async () => {
    const orderId = await createTestOrder(env, operator.id, { processingMode: "manual" });
    const providerOrderId = (await rowOf(orderId)).provider_order_id ?? "";
    // Processed behind Cobro's back (say, from the provider's own tools): only the notification tells.
    await provider.orders.process(providerOrderId);
    await env.sandbox.control.idle();
    // provider: Orders notifications go to the account's webhook URL with type=order and data.id=<order id>.
    const notices = env.sandbox.control
      .deliveries()
      .filter((delivery) => delivery.topic === "order" && delivery.dataId === providerOrderId);
    expect(notices.map((notice) => notice.action)).toEqual(["order.created", "order.processed"]);
    expect(notices[1]?.body).toMatchObject({ type: "order", data: { id: providerOrderId } });
    expect((await rowOf(orderId)).status).toBe("created");
    const handler = WEBHOOK_TOPIC_HANDLERS.order;
    if (!handler) throw new Error("no order handler");
    await handler({ deps, dataId: providerOrderId });
    // Twice, and with the id lower-cased as the signature's manifest has it: still one state change.
    await handler({ deps, dataId: providerOrderId.toLowerCase() });
    expect(await rowOf(orderId)).toMatchObject({ status: "processed" });
    const states = await db
      .selectFrom("order_state_changes")
      .select("status")
      .where("order_id", "=", orderId)
      .orderBy("at")
      .execute();
    expect(states.map((state) => state.status)).toEqual(["created", "processed"]);
  });

  it("an order Cobro did not create is not mirrored", async () => {
    const handler = WEBHOOK_TOPIC_HANDLERS.order;
    await expect(handler?.({ deps, dataId: "ORD01NOTOURS0000000000000000" })).resolves.toBeUndefined();
    await expect(handler?.({ deps, dataId: "not-an-order" })).rejects.toThrow();
  });
});
