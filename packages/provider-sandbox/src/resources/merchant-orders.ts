// Merchant orders (`/merchant_orders`, docs/provider-facts.md §4.7): they group the
// payments made from one Checkout Pro preference. The hosted checkout opens one
// per preference and adds each payment to it; the order's `order_status` and
// `status` follow its payments (also when a payment is refunded later, which a
// clock ticker notices), and every change sends a `merchant_order` webhook.

import { createHash } from "node:crypto";
import type { Collection, RegisterRoutes, SandboxContext, Seller } from "../context";
import { badField, notFound } from "../core/errors";
import { SITE_CURRENCY } from "../data/site-data";
import type { Schemas } from "../schemas";
import { findPayment } from "./payments";
import { getPreference } from "./preferences";

type MerchantOrder = Schemas["MerchantOrder"];
type MerchantOrderPayment = Schemas["MerchantOrderPayment"];
type MerchantOrderItem = Schemas["MerchantOrderItem"];
type Payment = Schemas["Payment"];

const COLLECTION = "merchant_orders";
/** Global index of orders that have payments: lets the ticker find them without scanning every seller. */
const OWNERS = "merchant_order_owners";
const ID_SEQUENCE = "merchant_order";
const FIRST_ID = 20_000_000_001;

interface MerchantOrderOwner {
  id: number;
  sellerUserId: number;
}

/** Payment statuses whose money reached the seller (counted in `paid_amount`). */
const PAID_STATUSES = new Set(["approved", "refunded", "charged_back", "in_mediation"]);
const WAITING_STATUSES = new Set(["pending", "in_process", "authorized"]);

function orders(ctx: SandboxContext, userId: number): Collection<MerchantOrder> {
  return ctx.store.collection<MerchantOrder>(userId, COLLECTION);
}

function decimalsOf(currency: string | undefined): number {
  return currency === "CLP" || currency === "COP" ? 0 : 2;
}

/** Sums amounts in minor units so that 0.1 + 0.2 stays 0.3. */
function sumAmounts(amounts: number[], currency: string | undefined): number {
  const factor = 10 ** decimalsOf(currency);
  return amounts.reduce((sum, amount) => sum + Math.round(amount * factor), 0) / factor;
}

function currencyOf(order: MerchantOrder): string | undefined {
  return order.items?.[0]?.currency_id ?? (order.site_id ? SITE_CURRENCY[order.site_id] : undefined);
}

function itemsTotal(items: MerchantOrderItem[], currency: string | undefined): number {
  return sumAmounts(
    items.map((item) => (item.unit_price ?? 0) * (item.quantity ?? 1)),
    currency,
  );
}

/** The summary of a payment that a merchant order lists. */
function paymentEntry(payment: Payment): MerchantOrderPayment {
  return {
    id: payment.id,
    transaction_amount: payment.transaction_amount,
    total_paid_amount: payment.transaction_details?.total_paid_amount ?? payment.transaction_amount,
    shipping_cost: 0,
    amount_refunded: payment.transaction_amount_refunded ?? 0,
    currency_id: payment.currency_id as MerchantOrderPayment["currency_id"],
    status: payment.status,
    status_detail: payment.status_detail,
    operation_type: payment.operation_type ?? "regular_payment",
    date_approved: payment.date_approved ?? null,
    date_created: payment.date_created,
    last_modified: payment.date_last_updated ?? payment.date_created,
  };
}

/**
 * Recomputes the amounts and states from the payments. provider: an order is
 * `closed` once paid in full; `order_status` says how far payment got
 * (payment_required → payment_in_process → partially_paid/paid →
 * partially_refunded/refunded).
 */
function recompute(order: MerchantOrder): MerchantOrder {
  const currency = currencyOf(order);
  const payments = order.payments ?? [];
  const paid = sumAmounts(
    payments.filter((p) => PAID_STATUSES.has(p.status ?? "")).map((p) => p.transaction_amount ?? 0),
    currency,
  );
  const refunded = sumAmounts(
    payments.map((p) => p.amount_refunded ?? 0),
    currency,
  );
  const total = itemsTotal(order.items ?? [], currency);
  let orderStatus: NonNullable<MerchantOrder["order_status"]>;
  if (paid === 0)
    orderStatus = payments.some((p) => WAITING_STATUSES.has(p.status ?? ""))
      ? "payment_in_process"
      : "payment_required";
  else if (refunded >= paid) orderStatus = "refunded";
  else if (refunded > 0) orderStatus = "partially_refunded";
  else if (paid >= total) orderStatus = "paid";
  else orderStatus = "partially_paid";
  const fullyPaid = paid > 0 && paid >= total;
  return {
    ...order,
    paid_amount: paid,
    refunded_amount: refunded,
    total_amount: total,
    order_status: orderStatus,
    status: order.status === "expired" ? "expired" : fullyPaid ? "closed" : "opened",
  };
}

/** A stable numeric id for a buyer who has no account id (guest checkout), from the e-mail. */
function payerIdFor(payment: Payment): number | null {
  const raw = payment.payer?.id;
  if (raw && /^\d{1,15}$/.test(raw)) return Number(raw);
  const email = payment.payer?.email;
  if (!email) return null;
  return 100_000_000 + (createHash("sha256").update(email.toLowerCase()).digest().readUInt32BE(0) % 900_000_000);
}

function notifyChange(ctx: SandboxContext, sellerUserId: number, order: MerchantOrder, created: boolean): void {
  ctx.webhooks.notify({
    sellerUserId,
    topic: "merchant_order",
    action: created ? "merchant_order.created" : "merchant_order.updated",
    dataId: String(order.id),
    notificationUrl: order.notification_url ?? null,
  });
}

/** The fields that define an order's state, to tell whether an update changed anything. */
function stateKey(order: MerchantOrder): string {
  return JSON.stringify([order.status, order.order_status, order.paid_amount, order.refunded_amount, order.payments]);
}

/** Builds a seller's new merchant order from `fields`, stores it and sends the `merchant_order.created` webhook. */
function openNewOrder(ctx: SandboxContext, seller: Seller, fields: Partial<MerchantOrder>): MerchantOrder {
  const now = ctx.clock.nowIso();
  const order = recompute({
    id: ctx.store.nextId(ID_SEQUENCE, FIRST_ID),
    preference_id: null,
    application_id: null,
    status: "opened",
    order_status: "payment_required",
    site_id: seller.siteId,
    payer: null,
    collector: { id: seller.userId, nickname: seller.nickname },
    sponsor_id: null,
    payments: [],
    paid_amount: 0,
    refunded_amount: 0,
    shipping_cost: 0,
    total_amount: 0,
    cancelled: false,
    items: [],
    shipments: [],
    notification_url: null,
    additional_info: "",
    external_reference: "",
    marketplace: "NONE",
    date_created: now,
    last_updated: now,
    is_test: false,
    ...fields,
  });
  save(ctx, seller.userId, order);
  notifyChange(ctx, seller.userId, order, true);
  return order;
}

function itemsFromPreference(preference: Schemas["Preference"]): MerchantOrderItem[] {
  return preference.items.map((item) => ({
    id: item.id ?? "",
    title: item.title ?? "",
    description: item.description ?? "",
    picture_url: item.picture_url ?? "",
    category_id: item.category_id ?? "",
    currency_id: item.currency_id,
    quantity: item.quantity,
    unit_price: item.unit_price,
  }));
}

function save(ctx: SandboxContext, sellerUserId: number, order: MerchantOrder): MerchantOrder {
  orders(ctx, sellerUserId).put(order.id, order);
  if ((order.payments ?? []).length > 0) {
    ctx.store.global<MerchantOrderOwner>(OWNERS).put(order.id, { id: order.id, sellerUserId });
  }
  return order;
}

/**
 * The merchant order that takes the next payment of a preference: its open
 * order, or a new one (items, references and notification URL copied from the
 * preference; `merchant_order` webhook sent). A fully paid order is closed, so
 * paying the same preference again opens a new order.
 */
export function openMerchantOrderForPreference(
  ctx: SandboxContext,
  seller: Seller,
  preference: Schemas["Preference"],
): MerchantOrder {
  const existing = orders(ctx, seller.userId)
    .list()
    .find((order) => order.preference_id === preference.id && order.status === "opened");
  if (existing) return existing;
  return openNewOrder(ctx, seller, {
    preference_id: preference.id,
    application_id: preference.client_id === undefined ? null : String(preference.client_id),
    items: itemsFromPreference(preference),
    notification_url: preference.notification_url || null,
    external_reference: preference.external_reference ?? "",
    additional_info: preference.additional_info ?? "",
    marketplace: preference.marketplace ?? "NONE",
  });
}

/**
 * Adds a payment to a seller's merchant order (or refreshes its entry),
 * recomputes amounts and states, stores the order and sends a
 * `merchant_order` webhook when something changed.
 */
export function addPaymentToMerchantOrder(
  ctx: SandboxContext,
  sellerUserId: number,
  orderId: number,
  payment: Payment,
): MerchantOrder {
  const order = orders(ctx, sellerUserId).get(orderId);
  if (!order) throw notFound("merchant_order", orderId);
  const entry = paymentEntry(payment);
  const payments = [...(order.payments ?? []).filter((p) => p.id !== entry.id), entry];
  const payerId = order.payer ? null : payerIdFor(payment);
  const next = recompute({
    ...order,
    payments,
    payer: order.payer ?? (payerId === null ? null : { id: payerId, nickname: null }),
    last_updated: ctx.clock.nowIso(),
  });
  if (stateKey(next) === stateKey(order)) return order;
  save(ctx, sellerUserId, next);
  notifyChange(ctx, sellerUserId, next, false);
  return next;
}

/** Brings an order's payment entries up to date with the payments (refunds, captures, cancellations). */
function syncPayments(ctx: SandboxContext, sellerUserId: number, order: MerchantOrder): MerchantOrder {
  const current = order.payments ?? [];
  if (current.length === 0) return order;
  const refreshed = current.map((entry) => {
    const payment = entry.id === undefined ? undefined : findPayment(ctx, sellerUserId, entry.id);
    return payment ? paymentEntry(payment) : entry;
  });
  const next = recompute({ ...order, payments: refreshed });
  if (stateKey(next) === stateKey(order)) return order;
  const updated = { ...next, last_updated: ctx.clock.nowIso() };
  save(ctx, sellerUserId, updated);
  notifyChange(ctx, sellerUserId, updated, false);
  return updated;
}

function requireOrder(ctx: SandboxContext, seller: Seller, id: number): MerchantOrder {
  const order = Number.isSafeInteger(id) ? orders(ctx, seller.userId).get(id) : undefined;
  if (!order) throw notFound("merchant_order", id);
  return syncPayments(ctx, seller.userId, order);
}

type MerchantOrderRequest = Schemas["MerchantOrderRequest"];

/** The request fields, as order fields; a `preference_id` must be one of the seller's preferences. */
function fieldsFromRequest(ctx: SandboxContext, seller: Seller, body: MerchantOrderRequest): Partial<MerchantOrder> {
  const fields: Partial<MerchantOrder> = {};
  if (body.preference_id !== undefined) {
    let preference: Schemas["Preference"];
    try {
      preference = getPreference(ctx, seller, body.preference_id);
    } catch {
      throw badField("preference_id", `preference ${body.preference_id} not found`, "invalid_preference_id");
    }
    fields.preference_id = preference.id;
    fields.items = itemsFromPreference(preference);
    fields.notification_url = preference.notification_url || null;
    fields.external_reference = preference.external_reference ?? "";
  }
  if (body.application_id !== undefined) fields.application_id = body.application_id;
  if (body.site_id !== undefined) fields.site_id = body.site_id;
  if (body.payer !== undefined) fields.payer = { id: body.payer.id ?? 0, nickname: body.payer.nickname ?? null };
  if (body.sponsor_id !== undefined) fields.sponsor_id = body.sponsor_id;
  if (body.items !== undefined) {
    const currency = SITE_CURRENCY[body.site_id ?? seller.siteId];
    fields.items = body.items.map((item) => ({
      id: item.id ?? "",
      title: item.title ?? "",
      description: item.description ?? "",
      picture_url: item.picture_url ?? "",
      category_id: item.category_id ?? "",
      currency_id: item.currency_id ?? currency,
      quantity: item.quantity ?? 1,
      unit_price: item.unit_price ?? 0,
    }));
  }
  if (body.notification_url !== undefined) fields.notification_url = body.notification_url;
  if (body.additional_info !== undefined) fields.additional_info = body.additional_info;
  if (body.external_reference !== undefined) fields.external_reference = body.external_reference;
  if (body.marketplace !== undefined) fields.marketplace = body.marketplace;
  return fields;
}

/** Creates a merchant order as `POST /merchant_orders` does (items from the body or from `preference_id`). */
export function createMerchantOrder(ctx: SandboxContext, seller: Seller, body: MerchantOrderRequest): MerchantOrder {
  return openNewOrder(ctx, seller, fieldsFromRequest(ctx, seller, body));
}

/** Changes the given fields of a seller's merchant order as `PUT /merchant_orders/{id}` does. */
export function updateMerchantOrder(
  ctx: SandboxContext,
  seller: Seller,
  id: number,
  body: MerchantOrderRequest,
): MerchantOrder {
  const order = requireOrder(ctx, seller, id);
  const next = recompute({ ...order, ...fieldsFromRequest(ctx, seller, body), last_updated: ctx.clock.nowIso() });
  save(ctx, seller.userId, next);
  notifyChange(ctx, seller.userId, next, false);
  return next;
}

/** A seller's merchant order with up-to-date payments, or a 404 (also for another seller's order). */
export function getMerchantOrder(ctx: SandboxContext, seller: Seller, id: number): MerchantOrder {
  return requireOrder(ctx, seller, id);
}

function inRange(value: string | undefined, from: string | undefined, to: string | undefined): boolean {
  if (!from && !to) return true;
  if (!value) return false;
  const t = Date.parse(value);
  if (from && t < Date.parse(from)) return false;
  if (to && t > Date.parse(to)) return false;
  return true;
}

/** A page of a seller's merchant orders, newest first, filtered like `GET /merchant_orders/search`. */
export function searchMerchantOrders(
  ctx: SandboxContext,
  seller: Seller,
  query: Record<string, string | undefined>,
): Schemas["MerchantOrderSearchResult"] {
  const limit = query.limit ? Number(query.limit) : 30;
  const offset = query.offset ? Number(query.offset) : 0;
  // The official Node SDK spells these `last_udpated_*` (sic); accept both.
  const updatedFrom = query.last_updated_from ?? query.last_udpated_from;
  const updatedTo = query.last_updated_to ?? query.last_udpated_to;
  const matches = orders(ctx, seller.userId)
    .list()
    .map((order) => syncPayments(ctx, seller.userId, order))
    .filter((order) => {
      if (query.status !== undefined && order.status !== query.status) return false;
      if (query.preference_id !== undefined && order.preference_id !== query.preference_id) return false;
      if (query.application_id !== undefined && order.application_id !== query.application_id) return false;
      if (query.payer_id !== undefined && String(order.payer?.id ?? "") !== query.payer_id) return false;
      if (query.sponsor_id !== undefined && String(order.sponsor_id ?? "") !== query.sponsor_id) return false;
      if (query.external_reference !== undefined && order.external_reference !== query.external_reference) return false;
      if (query.site_id !== undefined && order.site_id !== query.site_id) return false;
      if (query.marketplace !== undefined && order.marketplace !== query.marketplace) return false;
      if (query.items !== undefined && !(order.items ?? []).some((item) => item.id === query.items)) return false;
      if (!inRange(order.date_created, query.date_created_from, query.date_created_to)) return false;
      if (!inRange(order.last_updated, updatedFrom, updatedTo)) return false;
      return true;
    })
    .reverse();
  const elements = matches.slice(offset, offset + limit);
  return { elements, next_offset: offset + elements.length, total: matches.length };
}

/** Routes of the `merchant-orders` group; a clock ticker keeps orders in step with their payments. */
export const registerMerchantOrdersRoutes: RegisterRoutes = (app, ctx) => {
  app.post("/merchant_orders", (c) => {
    const order = createMerchantOrder(ctx, c.get("seller"), c.get("jsonBody") as MerchantOrderRequest);
    return c.json(order, 201);
  });
  app.get("/merchant_orders/search", (c) => c.json(searchMerchantOrders(ctx, c.get("seller"), c.req.query())));
  app.get("/merchant_orders/:merchantOrderId", (c) =>
    c.json(getMerchantOrder(ctx, c.get("seller"), Number(c.req.param("merchantOrderId")))),
  );
  app.put("/merchant_orders/:merchantOrderId", (c) => {
    const body = c.get("jsonBody") as MerchantOrderRequest;
    return c.json(updateMerchantOrder(ctx, c.get("seller"), Number(c.req.param("merchantOrderId")), body));
  });

  // A refund or cancellation changes a payment without telling its order; catch up on every tick.
  ctx.clock.onTick(() => {
    for (const owner of ctx.store.global<MerchantOrderOwner>(OWNERS).list()) {
      const order = orders(ctx, owner.sellerUserId).get(owner.id);
      if (order) syncPayments(ctx, owner.sellerUserId, order);
    }
  });
};
