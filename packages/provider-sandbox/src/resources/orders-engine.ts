// The Orders API's domain (docs/provider-facts.md §4.6, §7): creating, processing,
// capturing, cancelling and refunding orders and editing the payment
// transaction of a manual-mode order. Route handlers (`orders.ts`,
// `order-transactions.ts`) only parse the request and call these functions;
// every failure is thrown as an Orders-shaped `SandboxHttpError`.
//
// Sandbox rules worth knowing:
// - Only `type: "online"` orders are simulated (400 `invalid_order_type` for `point`/`qr`).
// - provider: test credentials only accept payer e-mails containing `@testuser.com`
//   (400 `invalid_email_for_sandbox`), so every sandbox order needs such an address.
// - A card payment's outcome comes from the card token's cardholder name (APRO, OTHE,
//   CALL, FUND, CONT, ...), in the Orders vocabulary of `CARDHOLDER_OUTCOMES`.
// - Each processed payment transaction is backed by a `/v1/payments` payment
//   (`reference_id`), created through `createPayment`.

import type { SandboxContext, Seller, SiteId } from "../context";
import { ordersError, SandboxHttpError } from "../core/errors";
import { ulidLike } from "../core/ids";
import { CARDHOLDER_OUTCOMES } from "../data/cardholder-outcomes";
import { siteOf } from "../data/sites";
import type { Schemas } from "../schemas";
import { cancelPayment, capturePayment, createPayment, findPayment } from "./payments";
import { refundPayment } from "./refunds";

export type Order = Schemas["Order"];
export type OrderPayment = Schemas["OrderPayment"];
export type OrderRefund = Schemas["OrderRefund"];

const COLLECTION = "orders";
const TESTUSER_DOMAIN = "@testuser.com";
const CARD_PAYMENT_TYPES = new Set(["credit_card", "debit_card", "prepaid_card"]);
const CANCELLABLE_PAYMENTS: ReadonlySet<string> = new Set(["pending", "in_process", "authorized"]);
/**
 * How long an `automatic_async` order stays authorized before the provider
 * captures it (sandbox clock). provider: the official SDKs capture
 * (sdk-nodejs e2e/order/capture.spec.ts, sdk-java OrderClientIT.captureOrderSuccess)
 * and cancel (sdk-nodejs e2e/order/cancel.spec.ts) such an order right after
 * creating it, so the create call leaves it open; sdk-java's refund tests wait
 * 3 s after a create before refunding, the order of magnitude used here.
 */
export const AUTOMATIC_ASYNC_CAPTURE_DELAY_MS = 5_000;
/** Transaction states that wait for the underlying payment to settle. */
const UNSETTLED_STATES: ReadonlySet<string> = new Set(["processing", "action_required"]);

/** provider: Orders carry the alpha-3 country (`ARG`, `BRA`, ...); the site table holds alpha-2. */
const COUNTRY_BY_SITE: Record<SiteId, string> = {
  MLA: "ARG",
  MLB: "BRA",
  MLM: "MEX",
  MLC: "CHL",
  MCO: "COL",
  MPE: "PER",
  MLU: "URY",
};

// ------------------------------------------------------------------ amounts

/** "100.5" → 10050 hundredths. The spec's pattern already guarantees the shape. */
export function amountToHundredths(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) {
    throw ordersError(400, "property_value", "The following properties have an invalid value", {
      details: [`amount ${amount} is not a decimal string`],
    });
  }
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 10050 → "100.50". */
export function hundredthsToAmount(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100).padStart(2, "0");
  return `${whole}.${fraction}`;
}

// ------------------------------------------------------------------ storage

function orders(ctx: SandboxContext, seller: Seller) {
  return ctx.store.collection<Order>(seller.userId, COLLECTION);
}

/** A seller's order, or 404 `order_not_found` (also for another seller's order). */
export function findOrder(ctx: SandboxContext, seller: Seller, orderId: string): Order {
  const order = orders(ctx, seller).get(orderId);
  if (!order) {
    throw ordersError(404, "order_not_found", "The order was not found", { details: [`order ${orderId} not found`] });
  }
  return order;
}

function saveOrder(ctx: SandboxContext, seller: Seller, order: Order): Order {
  order.last_updated_date = ctx.clock.nowIso();
  orders(ctx, seller).put(order.id, order);
  return order;
}

function paymentsOf(order: Order): OrderPayment[] {
  order.transactions ??= {};
  order.transactions.payments ??= [];
  return order.transactions.payments;
}

function refundsOf(order: Order): OrderRefund[] {
  order.transactions ??= {};
  order.transactions.refunds ??= [];
  return order.transactions.refunds;
}

function findTransaction(order: Order, transactionId: string): OrderPayment {
  const payment = paymentsOf(order).find((p) => p.id === transactionId);
  if (!payment) {
    throw ordersError(404, "transaction_not_found", "The transaction was not found", {
      details: [`transaction ${transactionId} not found in order ${order.id}`],
    });
  }
  return payment;
}

/** A deep copy, so a response body never aliases stored state. */
function snapshot<T>(value: T): T {
  return structuredClone(value);
}

function notifyOrder(ctx: SandboxContext, seller: Seller, order: Order, action: string): void {
  ctx.webhooks.notify({ sellerUserId: seller.userId, topic: "order", action: `order.${action}`, dataId: order.id });
}

// ------------------------------------------------------------------ validation

function requiredProperty(field: string): SandboxHttpError {
  return ordersError(400, "required_properties", "The following properties are required", { details: [field] });
}

/** `prefix` is the method's path in the body with a trailing dot (`transactions.payments[0].payment_method.`). */
function checkPaymentMethod(method: { type?: string; token?: string }, prefix: string): void {
  if (CARD_PAYMENT_TYPES.has(method.type ?? "") && !method.token) throw requiredProperty(`${prefix}token`);
}

function checkPaymentRequest(payment: Schemas["OrderPaymentRequest"], field: string): void {
  checkPaymentMethod(payment.payment_method, `${field}.payment_method.`);
}

function checkPaymentsMatchTotal(order: Order, payments: { amount: string }[]): void {
  const total = amountToHundredths(order.total_amount);
  const sum = payments.reduce((acc, p) => acc + amountToHundredths(p.amount), 0);
  if (sum !== total) {
    throw ordersError(
      400,
      "invalid_total_amount",
      "The total amount must be equal to the sum of the transactions amount",
      {
        details: [`total_amount ${order.total_amount} differs from the sum of the payments ${hundredthsToAmount(sum)}`],
      },
    );
  }
}

function newPaymentTransaction(request: Schemas["OrderPaymentRequest"], nowMs: number): OrderPayment {
  const method = request.payment_method;
  const payment: OrderPayment = {
    id: `pay_${ulidLike(nowMs)}`,
    amount: request.amount,
    status: "created",
    status_detail: "created",
    payment_method: snapshot({ ...method }),
  };
  if (request.expiration_time) payment.expiration_time = request.expiration_time;
  if (request.date_of_expiration) payment.date_of_expiration = request.date_of_expiration;
  return payment;
}

// ------------------------------------------------------------------ processing

interface ProcessOutcome {
  /** `failed` transactions' `"pay_…: <detail>"` lines for the 402 body. */
  failures: string[];
}

/** Moves every `created` payment transaction through the provider: card token, `/v1/payments` payment, status. */
function processTransactions(ctx: SandboxContext, seller: Seller, order: Order): ProcessOutcome {
  const failures: string[] = [];
  for (const tx of paymentsOf(order)) {
    if (tx.status !== "created") continue;
    // `status` is read back through a widened binding: processTransaction changes it.
    processTransaction(ctx, seller, order, tx);
    const status: string = tx.status;
    if (status === "failed") failures.push(`${tx.id}: ${tx.status_detail ?? "failed"}`);
  }
  applyOrderStatus(order);
  return { failures };
}

function recordAttempt(tx: OrderPayment): void {
  tx.attempt_number = (tx.attempt_number ?? 0) + 1;
  tx.attempts ??= [];
  const attempt: Schemas["OrderPaymentAttempt"] = { id: tx.reference_id ?? tx.id, status: tx.status };
  if (tx.status_detail) attempt.status_detail = tx.status_detail;
  if (tx.payment_method) attempt.payment_method = snapshot(tx.payment_method);
  tx.attempts.push(attempt);
}

function processTransaction(ctx: SandboxContext, seller: Seller, order: Order, tx: OrderPayment): void {
  const method = tx.payment_method ?? {};
  const methodId = method.id ?? "";
  const methodType = method.type ?? "";
  const amount = amountToHundredths(tx.amount) / 100;
  const payer = order.payer ?? {};
  const body: Schemas["PaymentCreateRequest"] = {
    transaction_amount: amount,
    payment_method_id: methodId,
    installments: method.installments ?? 1,
    payer: {
      email: payer.email ?? "",
      ...(payer.first_name ? { first_name: payer.first_name } : {}),
      ...(payer.last_name ? { last_name: payer.last_name } : {}),
      ...(payer.identification ? { identification: payer.identification } : {}),
    },
    // provider: capture_mode manual reserves the amount until /capture; automatic_async reserves it
    // until the provider captures it shortly after (see AUTOMATIC_ASYNC_CAPTURE_DELAY_MS).
    capture: order.capture_mode === "automatic" || order.capture_mode === undefined,
    binary_mode: false,
    ...(order.description ? { description: order.description } : {}),
    ...(order.external_reference ? { external_reference: order.external_reference } : {}),
    ...(method.statement_descriptor ? { statement_descriptor: method.statement_descriptor } : {}),
  };

  const isCard = CARD_PAYMENT_TYPES.has(methodType);
  // createPayment consumes the token only once the request passes its checks, so a refused
  // request (e.g. a debit card with capture_mode manual) leaves the token usable.
  if (isCard && method.token) body.token = method.token;
  let payment: Schemas["Payment"];
  try {
    payment = createPayment(ctx, seller, body);
  } catch (error) {
    if (!(error instanceof SandboxHttpError)) throw error;
    if (isCard && isCardTokenError(error)) {
      // provider: an unusable token fails the transaction (`invalid_card_token`), it is not a 400.
      tx.status = "failed";
      tx.status_detail = "invalid_card_token";
      recordAttempt(tx);
      return;
    }
    const message = error.message || "the payment was refused";
    const serverSide = error.status >= 500;
    throw ordersError(
      serverSide ? 500 : 400,
      serverSide ? "internal_error" : "invalid_properties",
      "The following properties are invalid",
      { details: [`${tx.id}: ${message}`] },
    );
  }

  tx.reference_id = String(payment.id);
  if (payment.card?.id) tx.payment_method = { ...tx.payment_method, card_id: String(payment.card.id) };
  applyPaymentOutcome(tx, payment);
  copyPaymentInstructions(tx, payment);
  recordAttempt(tx);
}

/** An error about the card token itself (unknown, used, expired, another seller's): the classic cause names `token`. */
function isCardTokenError(error: SandboxHttpError): boolean {
  const causes = (error.body as { cause?: { data?: unknown }[] }).cause;
  return Array.isArray(causes) && causes.some((cause) => cause.data === "token");
}

/**
 * Maps the `/v1/payments` outcome onto the transaction, in the Orders vocabulary
 * (docs/provider-facts.md §4.6, §5.1): the payment's outcome came from the token's
 * cardholder name, and its rejection detail maps back to that name's Orders detail.
 */
function applyPaymentOutcome(tx: OrderPayment, payment: Schemas["Payment"]): void {
  const methodType = tx.payment_method?.type ?? "";
  switch (payment.status) {
    case "approved":
      tx.status = "processed";
      tx.status_detail = "accredited";
      tx.paid_amount = tx.amount;
      return;
    case "authorized":
      tx.status = "action_required";
      tx.status_detail = "waiting_capture";
      return;
    case "in_process":
      tx.status = "processing";
      tx.status_detail = "in_process";
      return;
    case "pending":
      tx.status = "action_required";
      if (payment.status_detail === "pending_challenge") tx.status_detail = "pending_challenge";
      else tx.status_detail = methodType === "bank_transfer" ? "waiting_transfer" : "waiting_payment";
      return;
    case "rejected":
      tx.status = "failed";
      tx.status_detail = ordersDetailForRejection(payment.status_detail);
      return;
    default:
      tx.status = "processing";
      tx.status_detail = "in_process";
  }
}

/** Cash, boleto and Pix payments: what the payer needs to pay, from the `/v1/payments` payment. */
function copyPaymentInstructions(tx: OrderPayment, payment: Schemas["Payment"]): void {
  const method = { ...(tx.payment_method ?? {}) };
  const details = payment.transaction_details;
  const data = payment.point_of_interaction?.transaction_data;
  const ticketUrl = data?.ticket_url ?? details?.external_resource_url;
  if (ticketUrl) method.ticket_url = ticketUrl;
  if (details?.barcode?.content) method.barcode_content = details.barcode.content;
  if (details?.digitable_line) method.digitable_line = details.digitable_line;
  if (details?.payment_method_reference_id) method.reference = details.payment_method_reference_id;
  if (details?.verification_code) method.verification_code = details.verification_code;
  if (data?.qr_code) method.qr_code = data.qr_code;
  if (data?.qr_code_base64) method.qr_code_base64 = data.qr_code_base64;
  tx.payment_method = method;
}

/** The order's status follows its (single) payment transaction (docs/provider-facts.md §4.6 status table). */
function applyOrderStatus(order: Order): void {
  const payments = paymentsOf(order);
  const paid = payments.reduce((acc, p) => acc + (p.paid_amount ? amountToHundredths(p.paid_amount) : 0), 0);
  order.total_paid_amount = hundredthsToAmount(paid);
  const tx = payments[0];
  if (!tx) return;
  order.status = tx.status as Order["status"];
  order.status_detail = tx.status === "failed" ? "failed" : (tx.status_detail ?? tx.status);
}

function declined(order: Order, failures: string[]): SandboxHttpError {
  return ordersError(402, "failed", "The following transactions failed", { details: failures, data: snapshot(order) });
}

// ------------------------------------------------------------------ operations

/**
 * Creates an order for a seller (POST /v1/orders). Automatic mode processes the
 * payment at once and answers the order, or throws the 402 `failed` error with
 * the stored failed order in `data`; manual mode stores it `created`.
 */
export function createOrder(ctx: SandboxContext, seller: Seller, body: Schemas["OrderCreateRequest"]): Order {
  if (body.type !== "online") {
    throw ordersError(400, "invalid_order_type", "The sandbox only simulates online orders", {
      details: [`type ${body.type} is not supported by the sandbox; use online`],
    });
  }
  const email = body.payer?.email;
  if (!email) throw requiredProperty("payer.email");
  if (!email.toLowerCase().includes(TESTUSER_DOMAIN)) {
    // provider: sandbox (test credential) orders only accept test-user e-mails.
    throw ordersError(
      400,
      "invalid_email_for_sandbox",
      "The payer email must contain @testuser.com when using test credentials",
      {
        details: [`payer.email ${email} must contain ${TESTUSER_DOMAIN}`],
      },
    );
  }
  const total = amountToHundredths(body.total_amount);
  if (total === 0) {
    throw ordersError(400, "invalid_total_amount", "The total amount must be greater than zero", {
      details: ["total_amount must be greater than 0"],
    });
  }
  if (body.items && body.items.length > 0) {
    const itemsTotal = body.items.reduce((acc, item) => acc + amountToHundredths(item.unit_price) * item.quantity, 0);
    if (itemsTotal !== total) {
      throw ordersError(
        400,
        "order_items_total_amount_mismatch",
        "The total amount must be equal to the sum of the items amount",
        {
          details: [`total_amount ${body.total_amount} differs from the items total ${hundredthsToAmount(itemsTotal)}`],
        },
      );
    }
  }
  if (body.marketplace_fee && amountToHundredths(body.marketplace_fee) > total) {
    throw ordersError(400, "property_value", "The following properties have an invalid value", {
      details: ["marketplace_fee must not exceed total_amount"],
    });
  }
  const processingMode = body.processing_mode ?? "automatic";
  const paymentRequests = body.transactions?.payments ?? [];
  if (processingMode === "automatic" && paymentRequests.length === 0) {
    throw ordersError(
      400,
      "order_builder_without_transactions",
      "An order in automatic mode needs its payment in transactions.payments",
      {
        details: ["transactions.payments"],
      },
    );
  }
  paymentRequests.forEach((p, i) => {
    checkPaymentRequest(p, `transactions.payments[${i}]`);
  });

  const now = ctx.clock.nowIso();
  const order: Order = {
    id: `ORD${ulidLike(ctx.clock.now().getTime())}`,
    type: body.type,
    processing_mode: processingMode,
    capture_mode: body.capture_mode ?? "automatic",
    status: "created",
    status_detail: "created",
    total_amount: body.total_amount,
    total_paid_amount: "0.00",
    currency: body.currency ?? siteOf(seller.siteId).currencyId,
    country_code: COUNTRY_BY_SITE[seller.siteId],
    user_id: String(seller.userId),
    created_date: now,
    last_updated_date: now,
    transactions: { payments: paymentRequests.map((p) => newPaymentTransaction(p, ctx.clock.now().getTime())) },
  };
  if (body.external_reference) order.external_reference = body.external_reference;
  if (body.description) order.description = body.description;
  if (body.payer) order.payer = snapshot(body.payer);
  if (body.items) order.items = snapshot(body.items);
  if (body.config) order.config = snapshot(body.config) as Order["config"];
  if (body.expiration_time) order.expiration_time = body.expiration_time;
  if (body.checkout_available_at) order.checkout_available_at = body.checkout_available_at;
  if (body.marketplace) order.marketplace = body.marketplace;
  if (body.marketplace_fee) order.marketplace_fee = body.marketplace_fee;
  if (body.additional_info) order.additional_info = snapshot(body.additional_info);
  const integration: NonNullable<Order["integration_data"]> = { ...snapshot(body.integration_data ?? {}) };
  if (seller.clientId) integration.application_id = seller.clientId;
  if (Object.keys(integration).length > 0) order.integration_data = integration;
  if (paymentRequests.length > 0) checkPaymentsMatchTotal(order, paymentRequests);

  if (processingMode === "manual") {
    saveOrder(ctx, seller, order);
    notifyOrder(ctx, seller, order, "created");
    return snapshot(order);
  }
  const { failures } = processTransactions(ctx, seller, order);
  saveOrder(ctx, seller, order);
  notifyOrder(ctx, seller, order, order.status);
  if (failures.length > 0) throw declined(order, failures);
  return snapshot(order);
}

/** A seller's order (GET /v1/orders/{id}), brought up to date with its payment first. */
export function getOrder(ctx: SandboxContext, seller: Seller, orderId: string): Order {
  return snapshot(loadOrder(ctx, seller, orderId));
}

/** `findOrder`, brought up to date with its payments. */
function loadOrder(ctx: SandboxContext, seller: Seller, orderId: string): Order {
  const order = findOrder(ctx, seller, orderId);
  syncOrderWithPayments(ctx, seller, order);
  return order;
}

/** The Orders failure detail for a `/v1/payments` rejection detail (e.g. cc_rejected_insufficient_amount → insufficient_amount). */
function ordersDetailForRejection(statusDetail: string): string {
  const outcome = Object.values(CARDHOLDER_OUTCOMES).find(
    (o) => o.status === "rejected" && o.statusDetail === statusDetail,
  );
  return outcome?.ordersStatusDetail ?? "rejected_by_issuer";
}

/**
 * Follows the `/v1/payments` payment of transactions still waiting (`processing`
 * CONT cards, `action_required` vouchers and Pix): once the payment settles
 * (approved, rejected, expired, cancelled) the transaction and the order follow
 * and `order.<status>` is sent. Returns true when the order changed.
 */
export function syncOrderWithPayments(ctx: SandboxContext, seller: Seller, order: Order): boolean {
  captureDueAsyncOrder(ctx, seller, order);
  let changed = false;
  for (const tx of paymentsOf(order)) {
    if (!UNSETTLED_STATES.has(tx.status) || !tx.reference_id) continue;
    const payment = findPayment(ctx, seller.userId, Number(tx.reference_id));
    if (!payment) continue;
    const before = `${tx.status}/${tx.status_detail ?? ""}`;
    if (payment.status === "approved") {
      tx.status = "processed";
      tx.status_detail = "accredited";
      tx.paid_amount = tx.amount;
    } else if (payment.status === "rejected") {
      tx.status = "failed";
      tx.status_detail = ordersDetailForRejection(payment.status_detail);
    } else if (payment.status === "cancelled") {
      const expired = payment.status_detail === "expired";
      tx.status = expired ? "expired" : "canceled";
      tx.status_detail = expired ? "expired" : "canceled";
    } else if (payment.status === "authorized") {
      tx.status = "action_required";
      tx.status_detail = "waiting_capture";
    }
    if (`${tx.status}/${tx.status_detail ?? ""}` !== before) changed = true;
  }
  if (!changed) return false;
  applyOrderStatus(order);
  saveOrder(ctx, seller, order);
  notifyOrder(ctx, seller, order, order.status);
  return true;
}

/**
 * An `automatic_async` order's reservation is captured once its window has
 * passed (the payment becomes approved; `syncOrderWithPayments` then moves the
 * transaction to processed/accredited and notifies).
 */
function captureDueAsyncOrder(ctx: SandboxContext, seller: Seller, order: Order): void {
  if (order.capture_mode !== "automatic_async" || order.status_detail !== "waiting_capture") return;
  if (ctx.clock.now().getTime() < Date.parse(order.created_date ?? "") + AUTOMATIC_ASYNC_CAPTURE_DELAY_MS) return;
  for (const tx of paymentsOf(order)) {
    if (tx.status_detail !== "waiting_capture" || !tx.reference_id) continue;
    const payment = findPayment(ctx, seller.userId, Number(tx.reference_id));
    if (payment?.status === "authorized") capturePayment(ctx, seller.userId, payment.id);
  }
}

/** Brings every seller's waiting orders up to date with their payments (a clock ticker). */
export function runOrdersClock(ctx: SandboxContext): void {
  for (const seller of ctx.store.sellers()) {
    for (const order of orders(ctx, seller).list()) {
      if (UNSETTLED_STATES.has(order.status)) syncOrderWithPayments(ctx, seller, order);
    }
  }
}

const ordersClocks = new WeakSet<object>();

/** Registers the orders ticker on the sandbox clock, once per clock. */
export function startOrdersClock(ctx: SandboxContext): void {
  if (ordersClocks.has(ctx.clock)) return;
  ordersClocks.add(ctx.clock);
  ctx.clock.onTick(() => runOrdersClock(ctx));
}

function requireManualMode(order: Order): void {
  if (order.processing_mode !== "manual") {
    throw ordersError(
      400,
      "invalid_order_mode_for_operation",
      "The operation is only allowed for orders in manual processing mode",
      {
        details: [`order ${order.id} is in ${order.processing_mode ?? "automatic"} processing mode`],
      },
    );
  }
}

function requireCreated(order: Order, operation: string): void {
  if (order.status !== "created") {
    throw ordersError(409, "operation_not_supported", `The order cannot be ${operation} in its current status`, {
      details: [`order ${order.id} is ${order.status}`],
    });
  }
}

/**
 * Processes a manual-mode order's payment (POST /v1/orders/{id}/process).
 * Throws 400 `invalid_order_mode_for_operation` for automatic orders, 400
 * `order_builder_without_transactions` without a payment, and the 402 `failed`
 * error when the payment is declined.
 */
export function processOrder(ctx: SandboxContext, seller: Seller, orderId: string): Order {
  const order = findOrder(ctx, seller, orderId);
  requireManualMode(order);
  requireCreated(order, "processed");
  const payments = paymentsOf(order);
  if (payments.length === 0) {
    throw ordersError(
      400,
      "order_builder_without_transactions",
      "The order has no payment to process; add one with /transactions",
      {
        details: ["transactions.payments"],
      },
    );
  }
  checkPaymentsMatchTotal(order, payments);
  const { failures } = processTransactions(ctx, seller, order);
  saveOrder(ctx, seller, order);
  notifyOrder(ctx, seller, order, order.status);
  if (failures.length > 0) throw declined(order, failures);
  return snapshot(order);
}

/**
 * Captures, in full, an order that waits for capture (POST /v1/orders/{id}/capture):
 * one created with `capture_mode: manual`, or an `automatic_async` one before
 * the provider captures it; anything else is 409 `cannot_capture_order`.
 */
export function captureOrder(ctx: SandboxContext, seller: Seller, orderId: string): Order {
  const order = loadOrder(ctx, seller, orderId);
  if (
    order.capture_mode === "automatic" ||
    order.status !== "action_required" ||
    order.status_detail !== "waiting_capture"
  ) {
    throw ordersError(
      409,
      "cannot_capture_order",
      "The order cannot be captured: only orders waiting for capture can",
      {
        details: [`order ${order.id} is ${order.status}/${order.status_detail}`],
      },
    );
  }
  for (const tx of paymentsOf(order)) {
    if (tx.status !== "action_required") continue;
    if (tx.reference_id) {
      try {
        capturePayment(ctx, seller.userId, Number(tx.reference_id));
      } catch (error) {
        if (!(error instanceof SandboxHttpError)) throw error;
        // e.g. the reservation lapsed (the payments clock cancels it after 7 days).
        throw ordersError(
          409,
          "cannot_capture_order",
          "The order cannot be captured: its payment is no longer reserved",
          {
            details: [`${tx.id}: ${error.message}`],
          },
        );
      }
    }
    tx.status = "processed";
    tx.status_detail = "accredited";
    tx.paid_amount = tx.amount;
  }
  applyOrderStatus(order);
  saveOrder(ctx, seller, order);
  notifyOrder(ctx, seller, order, "processed");
  return snapshot(order);
}

/**
 * Cancels an order that is `created` or `action_required` (POST /v1/orders/{id}/cancel);
 * 409 `order_already_canceled` when it is canceled, 409 `cannot_cancel_order` otherwise.
 */
export function cancelOrder(ctx: SandboxContext, seller: Seller, orderId: string): Order {
  const order = loadOrder(ctx, seller, orderId);
  if (order.status === "canceled") {
    throw ordersError(409, "order_already_canceled", "The order is already canceled", {
      details: [`order ${order.id} is canceled`],
    });
  }
  if (order.status !== "created" && order.status !== "action_required") {
    throw ordersError(
      409,
      "cannot_cancel_order",
      "The order cannot be canceled in its current status; refund it instead",
      {
        details: [`order ${order.id} is ${order.status}`],
      },
    );
  }
  for (const tx of paymentsOf(order)) {
    const payment = tx.reference_id ? findPayment(ctx, seller.userId, Number(tx.reference_id)) : undefined;
    // Releases a reservation or voids an unpaid voucher; payments already final stay as they are.
    if (payment && CANCELLABLE_PAYMENTS.has(payment.status)) cancelPayment(ctx, seller.userId, payment.id);
    // provider: an online order's cancelled payment says canceled_transaction (sdk-nodejs
    // e2e/order/cancel.spec.ts); canceled_by_api is the Point terminals' wording.
    tx.status = "canceled";
    tx.status_detail = "canceled_transaction";
  }
  order.status = "canceled";
  order.status_detail = "canceled";
  saveOrder(ctx, seller, order);
  notifyOrder(ctx, seller, order, "canceled");
  return snapshot(order);
}

/**
 * Refunds a processed order (POST /v1/orders/{id}/refund). No body, `{}` or an
 * empty `transactions` refunds what is left of every payment (→ `refunded`);
 * `{transactions: [{id, amount}]}` refunds part (→ `processed`/`partially_refunded`,
 * or `refunded` once nothing is left). 409 `order_already_refunded` /
 * `cannot_refund_order` when there is nothing (or not that much) to refund.
 */
export function refundOrder(
  ctx: SandboxContext,
  seller: Seller,
  orderId: string,
  body: Schemas["OrderRefundRequest"] | undefined,
): Order {
  const order = loadOrder(ctx, seller, orderId);
  if (order.status === "refunded") {
    throw ordersError(409, "order_already_refunded", "The order is already refunded", {
      details: [`order ${order.id} is refunded`],
    });
  }
  if (order.status !== "processed") {
    throw ordersError(409, "cannot_refund_order", "Only processed orders can be refunded", {
      details: [`order ${order.id} is ${order.status}`],
    });
  }
  const requested = body?.transactions ?? [];
  const plan: { tx: OrderPayment; amount: number }[] = [];
  if (requested.length === 0) {
    for (const tx of paymentsOf(order)) {
      const left = refundableOf(tx);
      if (left > 0) plan.push({ tx, amount: left });
    }
  } else {
    const byTx = new Map<string, number>();
    for (const entry of requested) {
      const tx = findTransaction(order, entry.id);
      const amount = amountToHundredths(entry.amount);
      if (amount === 0) {
        throw ordersError(400, "property_value", "The following properties have an invalid value", {
          details: [`transactions refund amount for ${entry.id} must be greater than 0`],
        });
      }
      byTx.set(tx.id, (byTx.get(tx.id) ?? 0) + amount);
    }
    for (const [id, amount] of byTx) {
      const tx = findTransaction(order, id);
      const left = refundableOf(tx);
      if (amount > left) {
        throw ordersError(409, "cannot_refund_order", "The refund amount exceeds what is left to refund", {
          details: [`${id}: ${hundredthsToAmount(amount)} requested, ${hundredthsToAmount(left)} refundable`],
        });
      }
      plan.push({ tx, amount });
    }
  }
  if (plan.length === 0) {
    throw ordersError(409, "order_already_refunded", "Nothing is left to refund", { details: [`order ${order.id}`] });
  }

  const refunds = refundsOf(order);
  for (const { tx, amount } of plan) {
    let paymentRefundId: number | null = null;
    if (tx.reference_id) {
      try {
        paymentRefundId = refundPayment(ctx, seller, Number(tx.reference_id), { amount: amount / 100 }).id;
      } catch (error) {
        if (!(error instanceof SandboxHttpError)) throw error;
        // e.g. past the 180-day refund window of the underlying payment.
        throw ordersError(409, "cannot_refund_order", "The order cannot be refunded", {
          details: [`${tx.id}: ${error.message}`],
        });
      }
    }
    const refunded = (tx.refunded_amount ? amountToHundredths(tx.refunded_amount) : 0) + amount;
    tx.refunded_amount = hundredthsToAmount(refunded);
    const fully = refunded >= amountToHundredths(tx.paid_amount ?? tx.amount);
    tx.status = fully ? "refunded" : "processed";
    tx.status_detail = fully ? "refunded" : "partially_refunded";
    const refund: OrderRefund = {
      id: `ref_${ulidLike(ctx.clock.now().getTime())}`,
      transaction_id: tx.id,
      amount: hundredthsToAmount(amount),
      // The sandbox settles refunds at once; the provider shows `processing` for a while first.
      status: "processed",
    };
    if (paymentRefundId !== null) refund.reference_id = String(paymentRefundId);
    refunds.push(refund);
  }
  const allRefunded = !paymentsOf(order).some((tx) => tx.status === "processed");
  order.status = allRefunded ? "refunded" : "processed";
  order.status_detail = allRefunded ? "refunded" : "partially_refunded";
  saveOrder(ctx, seller, order);
  notifyOrder(ctx, seller, order, "refunded");
  return snapshot(order);
}

function refundableOf(tx: OrderPayment): number {
  if (tx.status !== "processed") return 0;
  const paid = amountToHundredths(tx.paid_amount ?? tx.amount);
  const refunded = tx.refunded_amount ? amountToHundredths(tx.refunded_amount) : 0;
  return Math.max(0, paid - refunded);
}

// ------------------------------------------------------------------ transactions (manual mode)

function requireEditable(order: Order): void {
  requireManualMode(order);
  requireCreated(order, "changed");
}

/**
 * Adds the payment to a manual-mode order (POST /v1/orders/{id}/transactions).
 * provider: one payment per order (400 `exceeded_number_of_transactions`).
 */
export function addOrderTransactions(
  ctx: SandboxContext,
  seller: Seller,
  orderId: string,
  body: Schemas["OrderTransactionsRequest"],
): Schemas["OrderTransactionsResult"] {
  const order = findOrder(ctx, seller, orderId);
  requireEditable(order);
  const payments = paymentsOf(order);
  if (payments.length + body.payments.length > 1) {
    throw ordersError(
      400,
      "exceeded_number_of_transactions",
      "The order already has a payment transaction: maximum 1 items required",
      {
        details: ["transactions.payments"],
      },
    );
  }
  body.payments.forEach((p, i) => {
    checkPaymentRequest(p, `payments[${i}]`);
  });
  checkPaymentsMatchTotal(order, [...payments, ...body.payments]);
  const created = body.payments.map((p) => newPaymentTransaction(p, ctx.clock.now().getTime()));
  payments.push(...created);
  saveOrder(ctx, seller, order);
  return { payments: snapshot(created) };
}

/** Changes the amount or payment method of a manual-mode order's unprocessed payment (PUT …/transactions/{id}). */
export function updateOrderTransaction(
  ctx: SandboxContext,
  seller: Seller,
  orderId: string,
  transactionId: string,
  body: Schemas["OrderPaymentUpdateRequest"],
): OrderPayment {
  const order = findOrder(ctx, seller, orderId);
  const tx = findTransaction(order, transactionId);
  requireEditable(order);
  if (body.payment_method) {
    // provider: a partial change keeps the rest of the method (sdk-nodejs e2e/order/transaction/update.spec.ts
    // sends only the installments); the merged method must still be complete.
    const merged = { ...tx.payment_method, ...body.payment_method };
    checkPaymentMethod(merged, "payment_method.");
    tx.payment_method = snapshot(merged);
  }
  // The total is checked again at /process: an amount may be fixed in several steps.
  if (body.amount) tx.amount = body.amount;
  saveOrder(ctx, seller, order);
  return snapshot(tx);
}

/** Removes a manual-mode order's unprocessed payment (DELETE …/transactions/{id}). */
export function deleteOrderTransaction(
  ctx: SandboxContext,
  seller: Seller,
  orderId: string,
  transactionId: string,
): void {
  const order = findOrder(ctx, seller, orderId);
  const tx = findTransaction(order, transactionId);
  requireEditable(order);
  const payments = paymentsOf(order);
  payments.splice(payments.indexOf(tx), 1);
  saveOrder(ctx, seller, order);
}
