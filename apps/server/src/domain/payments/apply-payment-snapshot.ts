// Writes a payment as the provider reported it into the local mirror
// (`payments`) and moves its checkout along. Callers pass a snapshot fetched
// from the provider's API, never a webhook body.

import type { Payment as ProviderPayment } from "@cobro/provider-client";
import { type CurrencyCode, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import { type Kysely, sql, type Transaction } from "kysely";
import { type DB, toJsonb } from "../../db/schema";
import type { JobQueue } from "../../deps";
import { AppError } from "../../errors/app-error";
import { parseCheckoutItems } from "../checkout/checkout-items";
import { checkoutEmailLocale, queueTicketEmail } from "../checkout/queue-ticket-email";
import { dispatchEmail, queueEmail } from "../email/outbox";
import { shouldApplyPaymentSnapshot } from "./payment-status-order";

/**
 * The checkout status a payment status leads to. A checkout is "paid" once a
 * payment is approved; a refunded or charged-back payment takes it along.
 */
export const CHECKOUT_STATUS_BY_PAYMENT_STATUS: Readonly<Record<string, string>> = {
  pending: "pending",
  in_process: "pending",
  authorized: "authorized",
  approved: "paid",
  in_mediation: "disputed",
  rejected: "failed",
  cancelled: "cancelled",
  refunded: "refunded",
  charged_back: "charged_back",
};

/** Payment statuses that mean the money was (or is being) taken: such a payment owns its checkout. */
const SETTLING_STATUSES = new Set(["authorized", "approved", "in_mediation", "refunded", "charged_back"]);

/** `unchanged`: the very snapshot already mirrored (same status and provider update time) — nothing written. */
export type ApplyPaymentOutcome = "created" | "updated" | "unchanged" | "stale";

export interface ApplyPaymentResult {
  outcome: ApplyPaymentOutcome;
  paymentId: string;
  checkoutId: string | null;
  status: string;
}

function parseProviderDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** A provider amount in minor units, or null when absent or not a finite non-negative number. */
function minorOrNull(value: number | null | undefined, currency: CurrencyCode): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return null;
  return toMinorUnits(value, currency);
}

/**
 * The checkout preference (payment link) a payment paid: the provider copies the preference's id into the
 * payment's metadata (`metadata.preference_id`) when it is paid on the hosted checkout.
 */
export function preferenceIdOf(payment: ProviderPayment): string | null {
  const metadata: unknown = payment.metadata;
  if (typeof metadata !== "object" || metadata === null || !("preference_id" in metadata)) return null;
  const value = metadata.preference_id;
  return typeof value === "string" && value !== "" && value.length <= 200 ? value : null;
}

function currencyOf(payment: ProviderPayment): CurrencyCode {
  const currency = payment.currency_id;
  if (!isSupportedCurrency(currency)) {
    throw new AppError("BAD_REQUEST", `Payment ${payment.id} is in ${currency}, which this shop does not handle.`);
  }
  return currency;
}

/** The key of a checkout's confirmation e-mail: one per order, however often its approval is seen. */
export function orderConfirmationKey(checkoutId: string): string {
  return `order-confirmation:${checkoutId}`;
}

/**
 * Queues the order's confirmation e-mail, in the transaction that marks it paid. The unique key makes a second
 * sighting of the approval (webhook, redirect, reconciliation, sync) a no-op. A guest order paid with the address
 * of a shopper who verified it joins their account here.
 */
async function queueOrderConfirmation(
  trx: Transaction<DB>,
  payment: ProviderPayment,
  checkoutId: string,
  now: Date,
): Promise<string | null> {
  const checkout = await trx
    .selectFrom("checkouts")
    .select(["id", "order_number", "locale", "user_id", "payer_email", "items", "amount_minor", "currency"])
    .where("id", "=", checkoutId)
    .executeTakeFirstOrThrow();
  const to = (checkout.payer_email ?? payment.payer?.email ?? "").trim().toLowerCase();
  if (to === "") return null;
  let userId = checkout.user_id;
  if (userId === null) {
    const owner = await trx
      .selectFrom("users")
      .select("id")
      .where(sql<string>`lower(email)`, "=", to)
      .where("email_verified_at", "is not", null)
      .executeTakeFirst();
    if (owner) {
      await trx.updateTable("checkouts").set({ user_id: owner.id }).where("id", "=", checkout.id).execute();
      await trx.updateTable("payments").set({ user_id: owner.id }).where("checkout_id", "=", checkout.id).execute();
      userId = owner.id;
    }
  }
  // The language the shopper bought in (the checkout's item names are in it), else the one they chose on the site.
  const locale = await checkoutEmailLocale(trx, { locale: checkout.locale, user_id: userId });
  const currency = currencyOf(payment);
  const paidMinor = toMinorUnits(
    payment.transaction_details?.total_paid_amount ?? payment.transaction_amount,
    currency,
  );
  return queueEmail({
    db: trx,
    dedupeKey: orderConfirmationKey(checkout.id),
    kind: "order_confirmation",
    to,
    locale,
    payload: {
      checkoutId: checkout.id,
      orderNumber: checkout.order_number,
      paymentMethodId: payment.payment_method_id ?? null,
      paymentTypeId: payment.payment_type_id ?? null,
      cardLastFour: payment.card?.last_four_digits ?? null,
      installments: payment.installments ?? null,
      items: parseCheckoutItems(checkout.items).map((item) => ({
        name: item.name,
        quantity: item.quantity,
        unitPriceMinor: item.unitPriceMinor,
      })),
      totalMinor: paidMinor,
      currency,
    },
    now,
  });
}

/** Moves the checkout along; returns the id of an order confirmation e-mail it queued, if any. */
async function moveCheckout(
  trx: Transaction<DB>,
  payment: ProviderPayment,
  checkoutId: string,
  now: Date,
): Promise<string | null> {
  const checkout = await trx
    .selectFrom("checkouts")
    .select(["id", "provider_payment_id"])
    .where("id", "=", checkoutId)
    .forUpdate()
    .executeTakeFirst();
  if (!checkout) return null;
  if (checkout.provider_payment_id !== null && checkout.provider_payment_id !== payment.id) {
    // Another attempt for the same checkout (e.g. a declined card, then a good one): a failed
    // attempt must not overwrite a checkout already settled by a successful payment.
    const current = await trx
      .selectFrom("payments")
      .select("status")
      .where("provider_payment_id", "=", checkout.provider_payment_id)
      .executeTakeFirst();
    if (current && SETTLING_STATUSES.has(current.status) && !SETTLING_STATUSES.has(payment.status)) return null;
  }
  await trx
    .updateTable("checkouts")
    .set({
      status: CHECKOUT_STATUS_BY_PAYMENT_STATUS[payment.status] ?? payment.status,
      provider_payment_id: payment.id,
      updated_at: now,
    })
    .where("id", "=", checkout.id)
    .execute();
  if (payment.status === "approved") return queueOrderConfirmation(trx, payment, checkout.id, now);
  return queueTicketEmail(trx, payment, checkout.id, now);
}

/**
 * Upserts the mirror row for `payment` in one transaction. A snapshot older
 * than the stored one, or whose status ranks lower, changes nothing
 * (`outcome: "stale"`). The payment is linked to its checkout through
 * `external_reference`, and the checkout's status follows the payment.
 */
export async function applyPaymentSnapshot(options: {
  db: Kysely<DB>;
  payment: ProviderPayment;
  now: Date;
  /** Enqueues the send job of an order confirmation queued here (the minute sweep sends it otherwise). */
  jobs?: JobQueue;
  /**
   * The account whose credentials read this snapshot; null or omitted: the store's own (subscriptions, terminals,
   * links and console orders charge only on it). Recorded when the row is created, never changed after.
   */
  providerAccountId?: string | null;
}): Promise<ApplyPaymentResult> {
  const { payment, now } = options;
  const currency = currencyOf(payment);
  const lastUpdated = parseProviderDate(payment.date_last_updated);
  const row = {
    status: payment.status,
    status_detail: payment.status_detail ?? null,
    amount_minor: toMinorUnits(payment.transaction_amount, currency),
    refunded_minor: toMinorUnits(payment.transaction_amount_refunded ?? 0, currency),
    currency,
    payment_method_id: payment.payment_method_id ?? null,
    payment_type_id: payment.payment_type_id ?? null,
    installments: payment.installments ?? null,
    // The chosen installments' cost: what the result page and the orders show as paid.
    installment_amount_minor: minorOrNull(payment.transaction_details?.installment_amount, currency),
    total_paid_minor: minorOrNull(payment.transaction_details?.total_paid_amount, currency),
    provider_last_updated: lastUpdated,
    snapshot: toJsonb(payment),
    provider_created_at: parseProviderDate(payment.date_created) ?? now,
    payer_email: payment.payer?.email ? payment.payer.email.trim().toLowerCase() : null,
    external_reference: payment.external_reference || null,
    preference_id: preferenceIdOf(payment),
  };
  // The payment's timeline: one row per state the mirror takes (created or updated, never stale or unchanged).
  const stateChange = {
    provider_payment_id: payment.id,
    status: row.status,
    status_detail: row.status_detail,
    refunded_minor: row.refunded_minor,
    currency,
    at: lastUpdated ?? now,
    recorded_at: now,
  };

  let emailId: string | null = null;
  const result = await options.db.transaction().execute(async (trx): Promise<ApplyPaymentResult> => {
    const checkout = payment.external_reference
      ? await trx
          .selectFrom("checkouts")
          .select(["id", "user_id"])
          .where("external_reference", "=", payment.external_reference)
          .executeTakeFirst()
      : undefined;
    const providerAccountId = options.providerAccountId ?? null;

    const inserted = await trx
      .insertInto("payments")
      .values({
        ...row,
        provider_payment_id: payment.id,
        checkout_id: checkout?.id ?? null,
        user_id: checkout?.user_id ?? null,
        provider_account_id: providerAccountId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column("provider_payment_id").doNothing())
      .returning(["id", "checkout_id"])
      .executeTakeFirst();
    if (inserted) {
      await trx.insertInto("payment_state_changes").values(stateChange).execute();
      if (inserted.checkout_id) emailId = await moveCheckout(trx, payment, inserted.checkout_id, now);
      return { outcome: "created", paymentId: inserted.id, checkoutId: inserted.checkout_id, status: payment.status };
    }

    // Already mirrored: lock the row so concurrent snapshots apply one after the other.
    const stored = await trx
      .selectFrom("payments")
      .select(["id", "status", "provider_last_updated", "checkout_id"])
      .where("provider_payment_id", "=", payment.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (
      !shouldApplyPaymentSnapshot(
        { status: stored.status, lastUpdated: stored.provider_last_updated },
        { status: payment.status, lastUpdated },
      )
    ) {
      return { outcome: "stale", paymentId: stored.id, checkoutId: stored.checkout_id, status: stored.status };
    }
    const checkoutId = stored.checkout_id ?? checkout?.id ?? null;
    const sameSnapshot =
      stored.status === payment.status &&
      stored.provider_last_updated !== null &&
      lastUpdated !== null &&
      stored.provider_last_updated.getTime() === lastUpdated.getTime() &&
      stored.checkout_id === checkoutId;
    if (sameSnapshot) return { outcome: "unchanged", paymentId: stored.id, checkoutId, status: stored.status };
    await trx
      .updateTable("payments")
      .set({ ...row, checkout_id: checkoutId, updated_at: now })
      .where("id", "=", stored.id)
      .execute();
    await trx.insertInto("payment_state_changes").values(stateChange).execute();
    if (checkoutId) emailId = await moveCheckout(trx, payment, checkoutId, now);
    return { outcome: "updated", paymentId: stored.id, checkoutId, status: payment.status };
  });
  if (options.jobs) await dispatchEmail(options.jobs, emailId);
  return result;
}

/**
 * Mirrors a payment read for a checkout: under the account the checkout charges on (recorded with it when it was
 * made), with its confirmation e-mail job enqueued at once.
 */
export function mirrorCheckoutPayment(
  deps: { db: Kysely<DB>; now: () => Date; jobs?: JobQueue },
  checkout: { provider_account_id: string | null },
  payment: ProviderPayment,
): Promise<ApplyPaymentResult> {
  return applyPaymentSnapshot({
    db: deps.db,
    payment,
    now: deps.now(),
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
    providerAccountId: checkout.provider_account_id,
  });
}
