import { describe, expect, it } from "vitest";
import type { Schemas } from "../schemas";
import { apiFor, callerFor, expectJson } from "../test-support/api-client";
import { TEST_DNI, tokenize } from "../test-support/card-payments";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";
import { AUTOMATIC_ASYNC_CAPTURE_DELAY_MS } from "./orders-engine";

type Order = Schemas["Order"];

const sandbox = await useSandbox(startQuietSandbox, { resetBeforeEach: true });
// provider: Orders writes (create, cancel, refund, capture, transactions) require an X-Idempotency-Key.
const call = callerFor(sandbox, { idempotencyKeys: true });
const OTHER_SELLER = "TEST-4444444444444444-444444-44444444444444444444444444444444-7770004";
const PAYER = { email: "buyer@testuser.com", first_name: "Ana" };

function cardToken(cardholder: string): Promise<string> {
  return tokenize(apiFor(sandbox), { name: cardholder, identification: TEST_DNI });
}

function cardPayment(tokenId: string, amount = "100.00"): Schemas["OrderPaymentRequest"] {
  return { amount, payment_method: { id: "visa", type: "credit_card", token: tokenId, installments: 1 } };
}

async function automaticOrder(
  cardholder: string,
  extra: Partial<Schemas["OrderCreateRequest"]> = {},
): Promise<Response> {
  const token = await cardToken(cardholder);
  return call("POST", "/v1/orders", {
    type: "online",
    total_amount: "100.00",
    external_reference: "ext-1",
    payer: PAYER,
    transactions: { payments: [cardPayment(token)] },
    ...extra,
  });
}

function createdOrder(res: Response, status = 201): Promise<Order> {
  return expectJson<Order>(res, status);
}

function firstPayment(order: Order): Schemas["OrderPayment"] {
  const payment = order.transactions?.payments?.[0];
  if (!payment) throw new Error("the order has no payment");
  return payment;
}

describe("automatic processing", () => {
  it("approves an APRO card: processed/accredited, backed by a /v1/payments payment", async () => {
    const order = await createdOrder(await automaticOrder("APRO"));
    expect(order.id).toMatch(/^ORD[0-9A-Z]{26}$/);
    expect(order).toMatchObject({
      status: "processed",
      status_detail: "accredited",
      total_paid_amount: "100.00",
      currency: "ARS",
    });
    const payment = firstPayment(order);
    expect(payment.id).toMatch(/^pay_[0-9A-Z]{26}$/);
    expect(payment).toMatchObject({
      status: "processed",
      status_detail: "accredited",
      amount: "100.00",
      paid_amount: "100.00",
    });
    expect(payment.reference_id).toMatch(/^\d+$/);

    const underlying = await call("GET", `/v1/payments/${payment.reference_id}`);
    expect(await underlying.json()).toMatchObject({
      status: "approved",
      transaction_amount: 100,
      external_reference: "ext-1",
    });

    const fetched = await call("GET", `/v1/orders/${order.id}`);
    expect(fetched.status).toBe(200);
    expect((await fetched.json()).status).toBe("processed");
    expect(
      sandbox.control
        .deliveries()
        .some((d) => d.topic === "order" && d.action === "order.processed" && d.dataId === order.id),
    ).toBe(true);
  });

  it("declines with HTTP 402: errors name the failed transaction and data is the failed order", async () => {
    const res = await automaticOrder("OTHE");
    expect(res.status).toBe(402);
    const body = (await res.json()) as { errors: { code: string; message: string; details: string[] }[]; data: Order };
    expect(body.errors[0]?.code).toBe("failed");
    expect(body.errors[0]?.message).toBe("The following transactions failed");
    const detail = body.errors[0]?.details[0] ?? "";
    expect(detail).toMatch(/^pay_[0-9A-Z]+: rejected_by_issuer$/);
    expect(body.data.status).toBe("failed");
    expect(firstPayment(body.data)).toMatchObject({ status: "failed", status_detail: "rejected_by_issuer" });
    const stored = await call("GET", `/v1/orders/${body.data.id}`);
    expect((await stored.json()).status).toBe("failed");
  });

  it("leaves a CONT card processing/in_process until its payment settles", async () => {
    const order = await createdOrder(await automaticOrder("CONT"));
    expect(order).toMatchObject({ status: "processing", status_detail: "in_process" });
    const settle = await fetch(`${sandbox.url}/__sandbox/payments/${firstPayment(order).reference_id}/settle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "approve" }),
    });
    expect(settle.status).toBe(200);
    const fetched = (await (await call("GET", `/v1/orders/${order.id}`)).json()) as Order;
    expect(fetched).toMatchObject({ status: "processed", status_detail: "accredited", total_paid_amount: "100.00" });
  });

  it("waits for a Pix payment (action_required/waiting_transfer) and follows it when paid", async () => {
    const seller = sandbox.control.createSeller({ siteId: "MLB" });
    const res = await call(
      "POST",
      "/v1/orders",
      {
        type: "online",
        total_amount: "50.00",
        payer: { email: "pix@testuser.com", identification: { type: "CPF", number: "12345678909" } },
        transactions: { payments: [{ amount: "50.00", payment_method: { id: "pix", type: "bank_transfer" } }] },
      },
      seller.accessToken,
    );
    const order = await createdOrder(res);
    expect(order).toMatchObject({ status: "action_required", status_detail: "waiting_transfer", currency: "BRL" });
    const payment = firstPayment(order);
    expect(payment.payment_method?.qr_code).toBeTruthy();
    await fetch(`${sandbox.url}/__sandbox/payments/${payment.reference_id}/settle`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "approve" }),
    });
    await sandbox.control.advanceClock({ seconds: 1 });
    expect(sandbox.control.deliveries().some((d) => d.action === "order.processed" && d.dataId === order.id)).toBe(
      true,
    );
    const other = await call("GET", `/v1/orders/${order.id}`, undefined, OTHER_SELLER);
    expect(other.status).toBe(404);
  });

  it("fails the transaction for a token that is already used", async () => {
    const token = await cardToken("APRO");
    const body = {
      type: "online",
      total_amount: "100.00",
      payer: PAYER,
      transactions: { payments: [cardPayment(token)] },
    };
    await createdOrder(await call("POST", "/v1/orders", body));
    const again = await call("POST", "/v1/orders", body);
    expect(again.status).toBe(402);
    expect((await again.json()).errors[0].details[0]).toContain("invalid_card_token");
  });
});

describe("refused payment requests", () => {
  it("answers 400 for a debit card with capture_mode manual and keeps the token usable", async () => {
    const tokenRes = await call("POST", "/v1/card_tokens", {
      card_number: "4002768694395619",
      expiration_month: 11,
      expiration_year: 2030,
      security_code: "123",
      cardholder: { name: "APRO", identification: { type: "DNI", number: "12345678" } },
    });
    const token = ((await tokenRes.json()) as { id: string }).id;
    const body = {
      type: "online",
      total_amount: "40.00",
      payer: PAYER,
      transactions: { payments: [{ amount: "40.00", payment_method: { id: "debvisa", type: "debit_card", token } }] },
    };
    const refused = await call("POST", "/v1/orders", { ...body, capture_mode: "manual" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors[0].code).toBe("invalid_properties");
    const order = await createdOrder(await call("POST", "/v1/orders", body));
    expect(order).toMatchObject({ status: "processed", status_detail: "accredited" });
  });
});

describe("validation", () => {
  const base = { type: "online", total_amount: "100.00", payer: PAYER };

  it("rejects number amounts and unknown properties in the Orders error shape", async () => {
    const numberAmount = await call("POST", "/v1/orders", { ...base, total_amount: 100 });
    expect(numberAmount.status).toBe(400);
    const numberBody = await numberAmount.json();
    expect(numberBody.errors[0].code).toBe("property_type");
    expect(numberBody).not.toHaveProperty("cause");

    const extra = await call("POST", "/v1/orders", { ...base, surprise: true });
    expect(extra.status).toBe(400);
    expect((await extra.json()).errors[0]).toMatchObject({ code: "unsupported_properties" });
  });

  it("requires a @testuser.com payer e-mail with test credentials", async () => {
    const res = await call("POST", "/v1/orders", {
      ...base,
      payer: { email: "someone@example.com" },
      processing_mode: "manual",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].code).toBe("invalid_email_for_sandbox");
  });

  it("checks the total against the payments and the items", async () => {
    const token = await cardToken("APRO");
    const mismatch = await call("POST", "/v1/orders", {
      ...base,
      transactions: { payments: [cardPayment(token, "90.00")] },
    });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).errors[0].code).toBe("invalid_total_amount");

    const items = await call("POST", "/v1/orders", {
      ...base,
      processing_mode: "manual",
      items: [{ title: "mug", unit_price: "30.00", quantity: 3 }],
    });
    expect(items.status).toBe(400);
    expect((await items.json()).errors[0].code).toBe("order_items_total_amount_mismatch");

    const zero = await call("POST", "/v1/orders", { ...base, total_amount: "0.00", processing_mode: "manual" });
    expect(zero.status).toBe(400);
    expect((await zero.json()).errors[0].code).toBe("invalid_total_amount");

    const matching = await call("POST", "/v1/orders", {
      ...base,
      processing_mode: "manual",
      items: [{ title: "mug", unit_price: "25.00", quantity: 4 }],
    });
    expect(matching.status).toBe(201);
  });

  it("needs the payment in the body in automatic mode", async () => {
    const res = await call("POST", "/v1/orders", base);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].code).toBe("order_builder_without_transactions");
  });

  it("answers 404 order_not_found for unknown and other sellers' orders", async () => {
    const order = await createdOrder(await automaticOrder("APRO"));
    const other = await call("GET", `/v1/orders/${order.id}`, undefined, OTHER_SELLER);
    expect(other.status).toBe(404);
    expect((await other.json()).errors[0].code).toBe("order_not_found");
    const unknown = await call("POST", "/v1/orders/ORD01J49MMW3SSBK5PSV3DFR32959/cancel");
    expect((await unknown.json()).errors[0].code).toBe("order_not_found");
  });
});

describe("manual processing", () => {
  async function manualOrder(): Promise<Order> {
    return createdOrder(
      await call("POST", "/v1/orders", {
        type: "online",
        processing_mode: "manual",
        total_amount: "100.00",
        payer: PAYER,
      }),
    );
  }

  it("adds, updates, deletes and processes the single payment transaction", async () => {
    const order = await manualOrder();
    expect(order).toMatchObject({ status: "created", status_detail: "created", processing_mode: "manual" });

    const firstToken = await cardToken("APRO");
    const added = await call("POST", `/v1/orders/${order.id}/transactions`, { payments: [cardPayment(firstToken)] });
    expect(added.status).toBe(201);
    const [payment] = ((await added.json()) as Schemas["OrderTransactionsResult"]).payments;
    expect(payment).toMatchObject({ status: "created", amount: "100.00" });

    const secondToken = await cardToken("APRO");
    const exceeded = await call("POST", `/v1/orders/${order.id}/transactions`, {
      payments: [cardPayment(secondToken)],
    });
    expect(exceeded.status).toBe(400);
    expect((await exceeded.json()).errors[0].code).toBe("exceeded_number_of_transactions");

    const updated = await call("PUT", `/v1/orders/${order.id}/transactions/${payment?.id}`, {
      payment_method: { id: "visa", type: "credit_card", token: secondToken, installments: 3 },
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).payment_method).toMatchObject({ token: secondToken, installments: 3 });

    const removed = await call("DELETE", `/v1/orders/${order.id}/transactions/${payment?.id}`);
    expect(removed.status).toBe(204);
    const missing = await call("DELETE", `/v1/orders/${order.id}/transactions/${payment?.id}`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).errors[0].code).toBe("transaction_not_found");

    const empty = await call("POST", `/v1/orders/${order.id}/process`);
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors[0].code).toBe("order_builder_without_transactions");

    await call("POST", `/v1/orders/${order.id}/transactions`, { payments: [cardPayment(secondToken)] });
    const processed = await call("POST", `/v1/orders/${order.id}/process`);
    expect(processed.status).toBe(200);
    const done = (await processed.json()) as Order;
    expect(done).toMatchObject({ status: "processed", status_detail: "accredited" });

    const twice = await call("POST", `/v1/orders/${order.id}/process`);
    expect(twice.status).toBe(409);
    const late = await call("POST", `/v1/orders/${order.id}/transactions`, {
      payments: [cardPayment(await cardToken("APRO"))],
    });
    expect(late.status).toBe(409);
  });

  // provider: sdk-nodejs e2e/order/transaction/update.spec.ts changes only the installments.
  it("updates part of a payment's method and keeps the rest; a card left without token names the field once", async () => {
    const token = await cardToken("APRO");
    const order = await manualOrder();
    const added = await call("POST", `/v1/orders/${order.id}/transactions`, { payments: [cardPayment(token)] });
    const [payment] = ((await added.json()) as Schemas["OrderTransactionsResult"]).payments;
    const partial = await call("PUT", `/v1/orders/${order.id}/transactions/${payment?.id}`, {
      payment_method: { installments: 3 },
    });
    expect(partial.status).toBe(200);
    expect((await partial.json()).payment_method).toMatchObject({
      id: "visa",
      type: "credit_card",
      token,
      installments: 3,
    });

    const pix = await manualOrder();
    const addedPix = await call("POST", `/v1/orders/${pix.id}/transactions`, {
      payments: [{ amount: "100.00", payment_method: { id: "pix", type: "bank_transfer" } }],
    });
    const [pixPayment] = ((await addedPix.json()) as Schemas["OrderTransactionsResult"]).payments;
    const noToken = await call("PUT", `/v1/orders/${pix.id}/transactions/${pixPayment?.id}`, {
      payment_method: { id: "visa", type: "credit_card" },
    });
    expect(noToken.status).toBe(400);
    expect((await noToken.json()).errors[0]).toMatchObject({
      code: "required_properties",
      details: ["payment_method.token"],
    });
  });

  it("declines at /process with 402", async () => {
    const order = await manualOrder();
    await call("POST", `/v1/orders/${order.id}/transactions`, { payments: [cardPayment(await cardToken("FUND"))] });
    const res = await call("POST", `/v1/orders/${order.id}/process`);
    expect(res.status).toBe(402);
    const body = await res.json();
    expect(body.errors[0].details[0]).toContain("insufficient_amount");
    expect(body.data.status).toBe("failed");
  });

  it("refuses /process and /transactions on automatic orders", async () => {
    const order = await createdOrder(await automaticOrder("APRO"));
    const process = await call("POST", `/v1/orders/${order.id}/process`);
    expect(process.status).toBe(400);
    expect((await process.json()).errors[0].code).toBe("invalid_order_mode_for_operation");
    const add = await call("POST", `/v1/orders/${order.id}/transactions`, {
      payments: [cardPayment(await cardToken("APRO"))],
    });
    expect(add.status).toBe(400);
    expect((await add.json()).errors[0].code).toBe("invalid_order_mode_for_operation");
  });
});

describe("capture and cancel", () => {
  it("reserves with capture_mode manual, then captures in full", async () => {
    const order = await createdOrder(await automaticOrder("APRO", { capture_mode: "manual" }));
    expect(order).toMatchObject({ status: "action_required", status_detail: "waiting_capture" });
    const reference = firstPayment(order).reference_id;
    expect((await (await call("GET", `/v1/payments/${reference}`)).json()).status).toBe("authorized");

    const captured = await call("POST", `/v1/orders/${order.id}/capture`);
    expect(captured.status).toBe(200);
    expect(await captured.json()).toMatchObject({
      status: "processed",
      status_detail: "accredited",
      total_paid_amount: "100.00",
    });
    expect((await (await call("GET", `/v1/payments/${reference}`)).json()).status).toBe("approved");

    const again = await call("POST", `/v1/orders/${order.id}/capture`);
    expect(again.status).toBe(409);
    expect((await again.json()).errors[0].code).toBe("cannot_capture_order");
  });

  // provider: the official SDKs capture and cancel an automatic_async order right after creating it
  // (sdk-nodejs e2e/order/capture.spec.ts and cancel.spec.ts, sdk-java OrderClientIT.captureOrderSuccess).
  it("authorizes an automatic_async order on create; capture right after is accepted", async () => {
    const order = await createdOrder(await automaticOrder("APRO", { capture_mode: "automatic_async" }));
    expect(order).toMatchObject({ status: "action_required", status_detail: "waiting_capture" });
    const captured = await call("POST", `/v1/orders/${order.id}/capture`);
    expect(captured.status).toBe(200);
    const body = (await captured.json()) as Order;
    expect(body).toMatchObject({ status: "processed", status_detail: "accredited" });
    expect(firstPayment(body)).toMatchObject({ amount: "100.00", status: "processed", status_detail: "accredited" });
  });

  it("cancels an automatic_async order right after create: canceled_transaction", async () => {
    const order = await createdOrder(await automaticOrder("APRO", { capture_mode: "automatic_async" }));
    const canceled = await call("POST", `/v1/orders/${order.id}/cancel`);
    expect(canceled.status).toBe(200);
    const body = (await canceled.json()) as Order;
    expect(body).toMatchObject({ status: "canceled", status_detail: "canceled" });
    expect(firstPayment(body)).toMatchObject({ status: "canceled", status_detail: "canceled_transaction" });
  });

  it("captures an automatic_async order by itself once its window passes; then capture and cancel are refused", async () => {
    const order = await createdOrder(await automaticOrder("APRO", { capture_mode: "automatic_async" }));
    await sandbox.control.advanceClock(AUTOMATIC_ASYNC_CAPTURE_DELAY_MS - 1_000);
    expect(await expectJson<Order>(await call("GET", `/v1/orders/${order.id}`))).toMatchObject({
      status: "action_required",
    });
    await sandbox.control.advanceClock(1_000);
    const settled = await expectJson<Order>(await call("GET", `/v1/orders/${order.id}`));
    expect(settled).toMatchObject({ status: "processed", status_detail: "accredited", total_paid_amount: "100.00" });
    expect((await (await call("GET", `/v1/payments/${firstPayment(order).reference_id}`)).json()).status).toBe(
      "approved",
    );
    expect(sandbox.control.deliveries().some((d) => d.action === "order.processed" && d.dataId === order.id)).toBe(
      true,
    );
    expect((await call("POST", `/v1/orders/${order.id}/capture`)).status).toBe(409);
    const cancel = await call("POST", `/v1/orders/${order.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).errors[0].code).toBe("cannot_cancel_order");
  });

  it("captures only orders waiting for capture (not capture_mode automatic)", async () => {
    const order = await createdOrder(await automaticOrder("APRO"));
    const res = await call("POST", `/v1/orders/${order.id}/capture`);
    expect(res.status).toBe(409);
    expect((await res.json()).errors[0].code).toBe("cannot_capture_order");
  });

  it("cancels a reserved order and releases the payment; never twice, never a processed order", async () => {
    const order = await createdOrder(await automaticOrder("APRO", { capture_mode: "manual" }));
    const canceled = await call("POST", `/v1/orders/${order.id}/cancel`);
    expect(canceled.status).toBe(200);
    const body = (await canceled.json()) as Order;
    expect(body).toMatchObject({ status: "canceled", status_detail: "canceled" });
    expect(firstPayment(body)).toMatchObject({ status: "canceled", status_detail: "canceled_transaction" });
    expect((await (await call("GET", `/v1/payments/${firstPayment(order).reference_id}`)).json()).status).toBe(
      "cancelled",
    );

    const again = await call("POST", `/v1/orders/${order.id}/cancel`);
    expect(again.status).toBe(409);
    expect((await again.json()).errors[0].code).toBe("order_already_canceled");

    const processed = await createdOrder(await automaticOrder("APRO"));
    const refused = await call("POST", `/v1/orders/${processed.id}/cancel`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).errors[0].code).toBe("cannot_cancel_order");
    expect(sandbox.control.deliveries().some((d) => d.action === "order.canceled" && d.dataId === order.id)).toBe(true);
  });

  it("cancels a created manual-mode order", async () => {
    const order = await createdOrder(
      await call("POST", "/v1/orders", {
        type: "online",
        processing_mode: "manual",
        total_amount: "10.00",
        payer: PAYER,
      }),
    );
    const res = await call("POST", `/v1/orders/${order.id}/cancel`);
    expect((await res.json()).status).toBe("canceled");
  });
});

describe("refunds", () => {
  it("refunds part, refuses more than is left, then refunds the rest", async () => {
    const order = await createdOrder(await automaticOrder("APRO"));
    const paymentId = firstPayment(order).id;

    const partial = await call("POST", `/v1/orders/${order.id}/refund`, {
      transactions: [{ id: paymentId, amount: "30.00" }],
    });
    expect(partial.status).toBe(201);
    const afterPartial = (await partial.json()) as Order;
    expect(afterPartial).toMatchObject({ status: "processed", status_detail: "partially_refunded" });
    expect(afterPartial.transactions?.refunds).toHaveLength(1);
    expect(afterPartial.transactions?.refunds?.[0]).toMatchObject({ transaction_id: paymentId, amount: "30.00" });
    expect(afterPartial.transactions?.refunds?.[0]?.id).toMatch(/^ref_[0-9A-Z]{26}$/);
    expect(firstPayment(afterPartial)).toMatchObject({ status_detail: "partially_refunded", refunded_amount: "30.00" });

    const tooMuch = await call("POST", `/v1/orders/${order.id}/refund`, {
      transactions: [{ id: paymentId, amount: "80.00" }],
    });
    expect(tooMuch.status).toBe(409);
    expect((await tooMuch.json()).errors[0].code).toBe("cannot_refund_order");

    const unknown = await call("POST", `/v1/orders/${order.id}/refund`, {
      transactions: [{ id: "pay_01J67CQQH5904WDBVZEM1234D", amount: "1.00" }],
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors[0].code).toBe("transaction_not_found");

    const rest = await call("POST", `/v1/orders/${order.id}/refund`, { transactions: [] });
    expect(rest.status).toBe(201);
    const refunded = (await rest.json()) as Order;
    expect(refunded).toMatchObject({ status: "refunded", status_detail: "refunded" });
    expect(refunded.transactions?.refunds?.map((r) => r.amount)).toEqual(["30.00", "70.00"]);

    const again = await call("POST", `/v1/orders/${order.id}/refund`);
    expect(again.status).toBe(409);
    expect((await again.json()).errors[0].code).toBe("order_already_refunded");

    // The underlying /v1/payments payment carries the same refunds; each order refund names its refund.
    const payment = (await (
      await call("GET", `/v1/payments/${firstPayment(order).reference_id}`)
    ).json()) as Schemas["Payment"];
    expect(payment).toMatchObject({ status: "refunded", transaction_amount_refunded: 100 });
    expect(payment.refunds?.map((r) => String(r.id))).toEqual(
      refunded.transactions?.refunds?.map((r) => r.reference_id),
    );
  });

  it("refunds everything with no body, and refuses unprocessed orders", async () => {
    const order = await createdOrder(await automaticOrder("APRO"));
    const full = await call("POST", `/v1/orders/${order.id}/refund`);
    expect(full.status).toBe(201);
    expect(await full.json()).toMatchObject({ status: "refunded", status_detail: "refunded" });

    const reserved = await createdOrder(await automaticOrder("APRO", { capture_mode: "manual" }));
    const refused = await call("POST", `/v1/orders/${reserved.id}/refund`, {});
    expect(refused.status).toBe(409);
    expect((await refused.json()).errors[0].code).toBe("cannot_refund_order");
  });
});
