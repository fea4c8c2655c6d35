// Subscriptions (`/preapproval`, docs/provider-facts.md §4.8). Classic errors.
//
// States: `pending` (no card yet) → `authorized` (charges run) ↔ `paused`;
// any of them → `cancelled`, which is final (every later change answers 400).
// Authorizing needs a card token, which is consumed and remembered (cardholder
// name, brand, digits, expiry) so that `subscriptions-billing.ts` can charge it
// every period. The first charge happens when the subscription is authorized
// (or when its free trial / start date comes).

import type { RegisterRoutes, SandboxContext, Seller } from "../context";
import { badField, classicError, notFound } from "../core/errors";
import { hex32, payerIdForEmail } from "../core/ids";
import type { Schemas } from "../schemas";
import { consumeCardToken } from "./card-tokens";
import { findPlan } from "./plans";
import {
  cancelOpenInvoices,
  chargeDueSubscription,
  firstChargeDate,
  type RememberedCard,
  refreshSummary,
  type StoredSubscription,
  type Subscription,
  skipMissedPeriods,
  startSubscriptionBilling,
  subscriptionsOf,
} from "./subscriptions-billing";
import { checkWholeAmount, pageOf, parseSort, queryInt, sortByDate } from "./subscriptions-common";

function findStored(ctx: SandboxContext, seller: Seller, id: string): StoredSubscription {
  const stored = subscriptionsOf(ctx, seller.userId).get(id);
  if (!stored) throw notFound("preapproval", id);
  return stored;
}

function rememberCard(
  ctx: SandboxContext,
  seller: Seller,
  tokenId: string,
): { card: RememberedCard; cardId: string | null } {
  const token = consumeCardToken(ctx, seller, tokenId);
  return {
    card: {
      cardholderName: token.cardholderName,
      paymentMethodId: token.paymentMethodId,
      firstSixDigits: token.token.first_six_digits ?? "000000",
      lastFourDigits: token.token.last_four_digits ?? "0000",
      expirationMonth: token.token.expiration_month ?? 11,
      expirationYear: token.token.expiration_year ?? 2030,
    },
    cardId: token.cardId,
  };
}

function notifySubscription(
  ctx: SandboxContext,
  seller: Seller,
  subscription: Subscription,
  action: "created" | "updated",
): void {
  ctx.webhooks.notify({
    sellerUserId: seller.userId,
    topic: "subscription_preapproval",
    action,
    dataId: subscription.id,
  });
}

/** Starts the charging schedule of a subscription that has just become authorized. */
function authorize(stored: StoredSubscription, now: Date): void {
  stored.subscription.status = "authorized";
  if (!stored.anchor) stored.anchor = firstChargeDate(stored.subscription, now).toISOString();
  else skipMissedPeriods(stored, now);
}

function save(ctx: SandboxContext, seller: Seller, stored: StoredSubscription): Subscription {
  refreshSummary(ctx, seller.userId, stored);
  subscriptionsOf(ctx, seller.userId).put(stored.subscription.id, stored);
  return structuredClone(stored.subscription);
}

function autoRecurringFromPlan(
  plan: Schemas["Plan"],
  requested: Schemas["SubscriptionAutoRecurring"] | undefined,
): Schemas["SubscriptionAutoRecurring"] {
  const source = plan.auto_recurring;
  if (!source) throw badField("preapproval_plan_id", "the plan has no auto_recurring");
  const recurring: Schemas["SubscriptionAutoRecurring"] = {
    frequency: source.frequency,
    frequency_type: source.frequency_type,
    currency_id: source.currency_id,
  };
  if (source.transaction_amount !== undefined) recurring.transaction_amount = source.transaction_amount;
  if (source.repetitions !== undefined) recurring.repetitions = source.repetitions;
  if (source.billing_day !== undefined) recurring.billing_day = source.billing_day;
  if (source.billing_day_proportional !== undefined)
    recurring.billing_day_proportional = source.billing_day_proportional;
  if (source.free_trial) recurring.free_trial = structuredClone(source.free_trial);
  // A plan fixes the charge; the subscriber may only choose when it starts and ends.
  if (requested?.start_date) recurring.start_date = requested.start_date;
  if (requested?.end_date) recurring.end_date = requested.end_date;
  if (recurring.transaction_amount === undefined && requested?.transaction_amount !== undefined) {
    recurring.transaction_amount = requested.transaction_amount;
  }
  return recurring;
}

/**
 * Creates a subscription (POST /preapproval/), to a plan or with its own
 * `auto_recurring`. With a card token (and `status` authorized or absent) it is
 * authorized and charged at once (unless a free trial or a later start date
 * applies); otherwise it is `pending` with an `init_point`. `applicationId` is
 * the application the access token was issued to.
 */
export function createSubscription(
  ctx: SandboxContext,
  seller: Seller,
  body: Schemas["SubscriptionRequest"],
  applicationId: number,
): Subscription {
  const plan = body.preapproval_plan_id ? lookupPlan(ctx, seller, body.preapproval_plan_id) : null;
  const recurring = plan ? autoRecurringFromPlan(plan, body.auto_recurring) : body.auto_recurring;
  if (!recurring)
    throw badField("auto_recurring", "auto_recurring is required for a subscription without a plan", "required");
  if (recurring.transaction_amount === undefined) {
    throw badField("auto_recurring.transaction_amount", "transaction_amount is required", "required");
  }
  checkWholeAmount(recurring.currency_id, recurring.transaction_amount, "auto_recurring.transaction_amount");
  if (recurring.start_date && recurring.end_date && new Date(recurring.end_date) <= new Date(recurring.start_date)) {
    throw badField("auto_recurring.end_date", "end_date must be after start_date");
  }
  const wantsAuthorized =
    body.status === "authorized" || (body.status === undefined && body.card_token_id !== undefined);
  if (wantsAuthorized && !body.card_token_id) {
    throw badField("card_token_id", "card_token_id is required to create an authorized subscription", "required");
  }

  const now = ctx.clock.now();
  const id = hex32();
  const subscription: Subscription = {
    id,
    status: "pending",
    version: 1,
    preapproval_plan_id: plan ? plan.id : null,
    reason: body.reason ?? plan?.reason ?? "",
    external_reference: body.external_reference ?? null,
    payer_id: payerIdForEmail(body.payer_email),
    payer_email: body.payer_email,
    collector_id: seller.userId,
    // provider: every preapproval answers the numeric id of the token's application (FIDELITY.md, Corrections).
    application_id: applicationId,
    back_url: body.back_url ?? plan?.back_url ?? "",
    init_point: `${ctx.config.publicUrl}/subscriptions/checkout?preapproval_id=${id}`,
    auto_recurring: structuredClone(recurring),
    first_invoice_offset: recurring.free_trial?.first_invoice_offset ?? null,
    next_payment_date: null,
    payment_method_id: null,
    card_id: null,
    date_created: now.toISOString(),
    last_modified: now.toISOString(),
  };
  const stored: StoredSubscription = { subscription, card: null, anchor: null, periodsInvoiced: 0, periodsSkipped: 0 };
  if (wantsAuthorized && body.card_token_id) {
    const { card, cardId } = rememberCard(ctx, seller, body.card_token_id);
    stored.card = card;
    subscription.payment_method_id = card.paymentMethodId;
    subscription.card_id = cardId;
    authorize(stored, now);
  }
  const created = save(ctx, seller, stored);
  notifySubscription(ctx, seller, subscription, "created");
  if (chargeDueSubscription(ctx, seller, stored, now)) return structuredClone(stored.subscription);
  return created;
}

function lookupPlan(ctx: SandboxContext, seller: Seller, planId: string): Schemas["Plan"] {
  let plan: Schemas["Plan"];
  try {
    plan = findPlan(ctx, seller, planId);
  } catch {
    throw badField("preapproval_plan_id", `preapproval_plan ${planId} not found`, "not_found");
  }
  if (plan.status !== "active") throw badField("preapproval_plan_id", `preapproval_plan ${planId} is not active`);
  return plan;
}

const ALLOWED_TRANSITIONS: Record<Subscription["status"], readonly Subscription["status"][]> = {
  pending: ["authorized", "cancelled"],
  authorized: ["paused", "cancelled"],
  paused: ["authorized", "cancelled"],
  cancelled: [],
};

/**
 * Changes a subscription (PUT /preapproval/{id}): status (pause, resume, cancel,
 * authorize a pending one), reason, reference, back URL, payer e-mail, card or
 * amount. A `cancelled` subscription cannot change (400).
 */
export function updateSubscription(
  ctx: SandboxContext,
  seller: Seller,
  id: string,
  body: Schemas["SubscriptionUpdateRequest"],
): Subscription {
  const stored = findStored(ctx, seller, id);
  const subscription = stored.subscription;
  const now = ctx.clock.now();
  if (subscription.status === "cancelled") {
    // provider: cancellation is irreversible.
    throw classicError(400, "the subscription is cancelled and cannot be modified", {
      cause: [{ code: "invalid_status", description: `preapproval ${id} is cancelled`, data: "status" }],
    });
  }
  const target = body.status;
  if (
    target !== undefined &&
    target !== subscription.status &&
    !ALLOWED_TRANSITIONS[subscription.status].includes(target)
  ) {
    throw badField("status", `cannot change status from ${subscription.status} to ${target}`, "invalid_status");
  }
  const amount = body.auto_recurring?.transaction_amount;
  const currency = body.auto_recurring?.currency_id ?? subscription.auto_recurring?.currency_id;
  checkWholeAmount(currency, amount, "auto_recurring.transaction_amount");
  if (target === "authorized" && !stored.card && !body.card_token_id) {
    throw badField("card_token_id", "card_token_id is required to authorize a pending subscription", "required");
  }

  if (body.card_token_id) {
    const { card, cardId } = rememberCard(ctx, seller, body.card_token_id);
    stored.card = card;
    subscription.payment_method_id = card.paymentMethodId;
    subscription.card_id = cardId;
  }
  if (body.reason !== undefined) subscription.reason = body.reason;
  if (body.external_reference !== undefined) subscription.external_reference = body.external_reference;
  if (body.back_url !== undefined) subscription.back_url = body.back_url;
  if (body.payer_email !== undefined) subscription.payer_email = body.payer_email;
  if (body.auto_recurring && subscription.auto_recurring) {
    if (amount !== undefined) subscription.auto_recurring.transaction_amount = amount;
    if (body.auto_recurring.currency_id !== undefined)
      subscription.auto_recurring.currency_id = body.auto_recurring.currency_id;
  }
  const statusChanged = target !== undefined && target !== subscription.status;
  if (statusChanged) {
    if (target === "authorized") authorize(stored, now);
    else subscription.status = target;
    if (target === "cancelled") cancelOpenInvoices(ctx, seller, id, now);
  }
  subscription.version = (subscription.version ?? 0) + 1;
  subscription.last_modified = now.toISOString();
  const saved = save(ctx, seller, stored);
  if (statusChanged) notifySubscription(ctx, seller, subscription, "updated");
  if (chargeDueSubscription(ctx, seller, stored, now)) return structuredClone(stored.subscription);
  return saved;
}

/** Searches a seller's subscriptions (payer, plan, status, free text `q`), newest first unless `sort` says otherwise. */
export function searchSubscriptions(
  ctx: SandboxContext,
  seller: Seller,
  query: {
    q?: string;
    payer_id?: string;
    payer_email?: string;
    preapproval_plan_id?: string;
    status?: string;
    sort?: string;
    limit: number;
    offset: number;
  },
): Schemas["SubscriptionSearchResult"] {
  const q = query.q?.toLowerCase();
  const email = query.payer_email?.toLowerCase();
  const found = subscriptionsOf(ctx, seller.userId)
    .list()
    .map((s) => s.subscription)
    .filter((s) => (query.status ? s.status === query.status : true))
    .filter((s) => (email ? (s.payer_email ?? "").toLowerCase() === email : true))
    .filter((s) => (query.payer_id ? String(s.payer_id) === query.payer_id : true))
    .filter((s) => (query.preapproval_plan_id ? s.preapproval_plan_id === query.preapproval_plan_id : true))
    .filter((s) =>
      q
        ? [s.id, s.reason ?? "", s.external_reference ?? "", s.payer_email ?? ""].some((text) =>
            text.toLowerCase().includes(q),
          )
        : true,
    );
  const { field, direction } = parseSort(query.sort);
  return pageOf(sortByDate(found, field, direction), query.limit, query.offset);
}

/** Routes of the `subscriptions` group, and the charging clock. */
export const registerSubscriptionsRoutes: RegisterRoutes = (app, ctx) => {
  startSubscriptionBilling(ctx);

  app.post("/preapproval/", (c) =>
    c.json(
      createSubscription(
        ctx,
        c.get("seller"),
        c.get("jsonBody") as Schemas["SubscriptionRequest"],
        c.get("applicationId"),
      ),
      201,
    ),
  );

  // Registered before `/:id` so that `search` is never taken for a subscription id.
  app.get("/preapproval/search", (c) => {
    const result = searchSubscriptions(ctx, c.get("seller"), {
      q: c.req.query("q"),
      payer_id: c.req.query("payer_id"),
      payer_email: c.req.query("payer_email"),
      preapproval_plan_id: c.req.query("preapproval_plan_id"),
      status: c.req.query("status"),
      sort: c.req.query("sort"),
      limit: queryInt(c.req.query("limit"), 30),
      offset: queryInt(c.req.query("offset"), 0),
    });
    return c.json(result, 200);
  });

  app.get("/preapproval/:id", (c) =>
    c.json(structuredClone(findStored(ctx, c.get("seller"), c.req.param("id")).subscription), 200),
  );

  app.put("/preapproval/:id", (c) =>
    c.json(
      updateSubscription(
        ctx,
        c.get("seller"),
        c.req.param("id"),
        c.get("jsonBody") as Schemas["SubscriptionUpdateRequest"],
      ),
      200,
    ),
  );
};
