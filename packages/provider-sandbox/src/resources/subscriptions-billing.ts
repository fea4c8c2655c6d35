// The subscription charging clock (docs/provider-facts.md §4.8): every authorized
// subscription is charged once per period. Each charge is an authorized payment
// (an invoice, `/authorized_payments`) plus a `/v1/payments` payment with
// `operation_type: recurring_payment`, made with the card remembered when the
// subscription was authorized (its cardholder name decides the outcome).
//
// Period n (0-based) of a subscription is due at `anchor + (n + skipped) × frequency`,
// where `anchor` is the first charge date (authorization, `start_date` or the end
// of the free trial) and `skipped` counts periods that fell while it was paused.
// Charging only ever moves `periodsInvoiced` forward, so running the ticker twice
// for the same moment never charges a period twice.
//
// Sandbox choices (the provider does not publish its exact schedule): a declined
// charge goes `recycling` and is retried every RETRY_INTERVAL_DAYS days, at most
// MAX_RETRIES times; after that the invoice is `cancelled` and the semaphore red.

import type { SandboxContext, Seller } from "../context";
import { SandboxHttpError } from "../core/errors";
import type { Schemas } from "../schemas";
import { type CreatePaymentOptions, createPayment } from "./payments";
import { addFrequency } from "./subscriptions-common";

export type Subscription = Schemas["Subscription"];
export type AuthorizedPayment = Schemas["AuthorizedPayment"];
/** A card the sandbox can charge again: cardholder name, brand, digits, expiry (never the number). */
export type RememberedCard = NonNullable<CreatePaymentOptions["charge"]>;

/** A subscription as the sandbox keeps it (per-seller collection `preapprovals`). */
export interface StoredSubscription {
  subscription: Subscription;
  /** The card to charge; null while the subscription is pending. */
  card: RememberedCard | null;
  /** When period 0 is due (ISO); null until the subscription is first authorized. */
  anchor: string | null;
  /** Periods that have an invoice. */
  periodsInvoiced: number;
  /** Periods passed over while paused (never invoiced, never counted against `repetitions`). */
  periodsSkipped: number;
}

/** An invoice as the sandbox keeps it (per-seller collection `authorized_payments`). */
export interface StoredInvoice {
  invoice: AuthorizedPayment;
  /** The subscription period it charges (0-based). */
  period: number;
}

export const SUBSCRIPTIONS_COLLECTION = "preapprovals";
export const INVOICES_COLLECTION = "authorized_payments";
export const MAX_RETRIES = 3;
export const RETRY_INTERVAL_DAYS = 2;
/** Guards the catch-up loop when the clock jumps years ahead of a daily subscription. */
const MAX_PERIODS_PER_TICK = 1000;

export function subscriptionsOf(ctx: SandboxContext, userId: number) {
  return ctx.store.collection<StoredSubscription>(userId, SUBSCRIPTIONS_COLLECTION);
}

export function invoicesOf(ctx: SandboxContext, userId: number) {
  return ctx.store.collection<StoredInvoice>(userId, INVOICES_COLLECTION);
}

/** When the stored subscription's next period is due, or null when no period is left (repetitions, end date). */
export function nextDueDate(stored: StoredSubscription): Date | null {
  const recurring = stored.subscription.auto_recurring;
  if (!stored.anchor || !recurring) return null;
  const repetitions = recurring.repetitions ?? null;
  if (repetitions !== null && stored.periodsInvoiced >= repetitions) return null;
  const due = addFrequency(
    new Date(stored.anchor),
    (stored.periodsInvoiced + stored.periodsSkipped) * recurring.frequency,
    recurring.frequency_type,
  );
  if (recurring.end_date && due.getTime() > new Date(recurring.end_date).getTime()) return null;
  return due;
}

/**
 * The first charge date of a subscription authorized at `now`: `start_date` when
 * later, pushed past a free trial (and its `first_invoice_offset` days).
 */
export function firstChargeDate(subscription: Subscription, now: Date): Date {
  const recurring = subscription.auto_recurring;
  let start = now;
  if (recurring?.start_date && new Date(recurring.start_date).getTime() > now.getTime())
    start = new Date(recurring.start_date);
  const trial = recurring?.free_trial;
  if (trial) {
    start = addFrequency(start, trial.frequency, trial.frequency_type);
    if (trial.first_invoice_offset) start = addFrequency(start, trial.first_invoice_offset, "days");
  }
  return start;
}

/** Moves a resumed subscription's schedule past the periods that fell due while it was paused. */
export function skipMissedPeriods(stored: StoredSubscription, now: Date): void {
  for (let i = 0; i < MAX_PERIODS_PER_TICK; i++) {
    const due = nextDueDate(stored);
    if (!due || due.getTime() >= now.getTime()) return;
    stored.periodsSkipped += 1;
  }
}

/** Recomputes `summarized` and `next_payment_date` from the subscription's invoices. */
export function refreshSummary(ctx: SandboxContext, userId: number, stored: StoredSubscription): void {
  const subscription = stored.subscription;
  const invoices = invoicesOf(ctx, userId)
    .list()
    .filter((i) => i.invoice.preapproval_id === subscription.id)
    .map((i) => i.invoice);
  const charged = invoices.filter((i) => i.payment?.status === "approved");
  const open = invoices.filter((i) => i.status === "scheduled" || i.status === "recycling");
  const amount = subscription.auto_recurring?.transaction_amount ?? 0;
  const repetitions = subscription.auto_recurring?.repetitions ?? null;
  const uninvoiced = repetitions === null ? 0 : Math.max(0, repetitions - stored.periodsInvoiced);
  const last = charged.at(-1);
  const latest = invoices.at(-1);
  let semaphore: "green" | "yellow" | "red" | null = null;
  if (latest)
    semaphore =
      latest.status === "recycling"
        ? "yellow"
        : latest.status === "cancelled" && latest.payment?.status !== "approved"
          ? "red"
          : "green";
  subscription.summarized = {
    quotas: repetitions,
    charged_quantity: charged.length,
    charged_amount: roundMoney(charged.reduce((acc, i) => acc + (i.transaction_amount ?? 0), 0)),
    pending_charge_quantity: open.length + uninvoiced,
    pending_charge_amount: roundMoney(
      open.reduce((acc, i) => acc + (i.transaction_amount ?? 0), 0) + uninvoiced * amount,
    ),
    last_charged_date: last?.debit_date ?? null,
    last_charged_amount: last?.transaction_amount ?? null,
    semaphore,
  };
  const next = subscription.status === "cancelled" ? null : nextDueDate(stored);
  subscription.next_payment_date = next ? next.toISOString() : null;
}

function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Charges one invoice with the remembered card; sets its status, payment and
 * retry state. `at` is when the attempt was due (a retry is scheduled from it,
 * so a clock that jumps days ahead replays the retries in between).
 */
function attemptCharge(
  ctx: SandboxContext,
  seller: Seller,
  stored: StoredSubscription,
  entry: StoredInvoice,
  at: Date,
  now: Date,
): void {
  const subscription = stored.subscription;
  const invoice = entry.invoice;
  const card = stored.card;
  let payment: Schemas["Payment"] | null = null;
  if (card) {
    try {
      payment = createPayment(
        ctx,
        seller,
        {
          transaction_amount: invoice.transaction_amount ?? 0,
          payment_method_id: card.paymentMethodId,
          installments: 1,
          payer: { email: subscription.payer_email || `payer_${subscription.payer_id ?? 0}@testuser.com` },
          capture: true,
          binary_mode: false,
          ...(subscription.reason ? { description: subscription.reason } : {}),
          ...(subscription.external_reference ? { external_reference: subscription.external_reference } : {}),
        },
        {
          operationType: "recurring_payment",
          charge: card,
          extra: {
            metadata: { preapproval_id: subscription.id, authorized_payment_id: invoice.id },
            point_of_interaction: {
              type: "SUBSCRIPTIONS",
              transaction_data: {
                subscription_id: subscription.id,
                billing_date: invoice.debit_date ?? null,
                first_time_use: entry.period === 0,
                subscription_sequence: {
                  number: entry.period + 1,
                  total: subscription.auto_recurring?.repetitions ?? null,
                },
                invoice_period: {
                  period: subscription.auto_recurring?.frequency ?? 1,
                  type: subscription.auto_recurring?.frequency_type === "days" ? "daily" : "monthly",
                },
              },
            },
          },
        },
      );
    } catch (error) {
      // A refused payment request (e.g. a validation rule) is a failed charge, not a crash of the clock.
      if (!(error instanceof SandboxHttpError)) throw error;
    }
  }
  invoice.last_modified = now.toISOString();
  invoice.payment = payment ? { id: payment.id, status: payment.status, status_detail: payment.status_detail } : null;
  if (payment && payment.status !== "rejected" && payment.status !== "cancelled") {
    invoice.status = "processed";
    invoice.next_retry_date = null;
    return;
  }
  if ((invoice.retry_attempt ?? 0) < MAX_RETRIES) {
    invoice.status = "recycling";
    invoice.next_retry_date = addFrequency(at, RETRY_INTERVAL_DAYS, "days").toISOString();
  } else {
    invoice.status = "cancelled";
    invoice.next_retry_date = null;
  }
}

function notifyInvoice(
  ctx: SandboxContext,
  seller: Seller,
  invoice: AuthorizedPayment,
  action: "created" | "updated",
): void {
  ctx.webhooks.notify({
    sellerUserId: seller.userId,
    topic: "subscription_authorized_payment",
    action,
    dataId: String(invoice.id),
  });
}

/**
 * Charges what is due for one subscription at `now`: one invoice per period
 * whose date is ≤ now, then the retries of `recycling` invoices whose retry
 * date has come. Idempotent: a period is invoiced once, however often this runs.
 * Stores the subscription and its invoices; returns true when anything changed.
 */
export function chargeDueSubscription(
  ctx: SandboxContext,
  seller: Seller,
  stored: StoredSubscription,
  now: Date,
): boolean {
  const subscription = stored.subscription;
  if (subscription.status !== "authorized" || !stored.card || !stored.anchor) return false;
  const invoices = invoicesOf(ctx, seller.userId);
  let changed = false;

  for (let i = 0; i < MAX_PERIODS_PER_TICK; i++) {
    const due = nextDueDate(stored);
    if (!due || due.getTime() > now.getTime()) break;
    const period = stored.periodsInvoiced;
    stored.periodsInvoiced += 1;
    const id = ctx.store.nextId("authorized_payment_id", 7_000_000_001);
    const entry: StoredInvoice = {
      period,
      invoice: {
        id,
        preapproval_id: subscription.id,
        type: "scheduled",
        status: "scheduled",
        date_created: now.toISOString(),
        last_modified: now.toISOString(),
        debit_date: due.toISOString(),
        next_retry_date: null,
        transaction_amount: subscription.auto_recurring?.transaction_amount ?? 0,
        currency_id: subscription.auto_recurring?.currency_id ?? "ARS",
        reason: subscription.reason ?? "",
        external_reference: subscription.external_reference ?? null,
        retry_attempt: 0,
        payment: null,
      },
    };
    if (subscription.payer_id !== undefined) entry.invoice.payer_id = subscription.payer_id;
    attemptCharge(ctx, seller, stored, entry, due, now);
    invoices.put(id, entry);
    notifyInvoice(ctx, seller, entry.invoice, "created");
    changed = true;
  }

  for (const entry of invoices.list()) {
    const invoice = entry.invoice;
    if (invoice.preapproval_id !== subscription.id) continue;
    // Every retry that fell due is replayed in order, each from its own date.
    while (
      invoice.status === "recycling" &&
      invoice.next_retry_date &&
      new Date(invoice.next_retry_date).getTime() <= now.getTime()
    ) {
      const at = new Date(invoice.next_retry_date);
      invoice.retry_attempt = (invoice.retry_attempt ?? 0) + 1;
      attemptCharge(ctx, seller, stored, entry, at, now);
      invoices.put(invoice.id, entry);
      notifyInvoice(ctx, seller, invoice, "updated");
      changed = true;
    }
  }

  if (changed) {
    refreshSummary(ctx, seller.userId, stored);
    for (const entry of invoices.list()) {
      if (entry.invoice.preapproval_id !== subscription.id) continue;
      entry.invoice.summarized = structuredClone(subscription.summarized);
    }
    subscriptionsOf(ctx, seller.userId).put(subscription.id, stored);
  }
  return changed;
}

/** Cancels a subscription's open invoices (scheduled or recycling): they will never be charged. */
export function cancelOpenInvoices(ctx: SandboxContext, seller: Seller, subscriptionId: string, now: Date): void {
  const invoices = invoicesOf(ctx, seller.userId);
  for (const entry of invoices.list()) {
    const invoice = entry.invoice;
    if (invoice.preapproval_id !== subscriptionId) continue;
    if (invoice.status !== "scheduled" && invoice.status !== "recycling") continue;
    invoice.status = "cancelled";
    invoice.next_retry_date = null;
    invoice.last_modified = now.toISOString();
    invoices.put(invoice.id, entry);
    notifyInvoice(ctx, seller, invoice, "updated");
  }
}

/** Charges every seller's due subscriptions (the clock ticker). */
export function runSubscriptionBilling(ctx: SandboxContext, now: Date): void {
  for (const seller of ctx.store.sellers()) {
    for (const stored of subscriptionsOf(ctx, seller.userId).list()) {
      chargeDueSubscription(ctx, seller, stored, now);
    }
  }
}

const billingClocks = new WeakSet<object>();

/** Registers the billing ticker on the sandbox clock, once per clock. */
export function startSubscriptionBilling(ctx: SandboxContext): void {
  if (billingClocks.has(ctx.clock)) return;
  billingClocks.add(ctx.clock);
  ctx.clock.onTick((now) => runSubscriptionBilling(ctx, now));
}
