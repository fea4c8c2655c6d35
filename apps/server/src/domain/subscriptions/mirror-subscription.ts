// Writes a subscription as the provider reported it into the local mirror
// (`subscriptions`), keyed by the provider id. The provider's `version` grows
// with every change, so an older snapshot never overwrites a newer one.
import type { Subscription as ProviderSubscription } from "@cobro/provider-client";
import { type CurrencyCode, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import { type Kysely, sql } from "kysely";
import { type DB, type Subscription, toJsonb } from "../../db/schema";

function amountOf(subscription: ProviderSubscription, fallbackCurrency: CurrencyCode) {
  const recurring = subscription.auto_recurring;
  const currency = recurring && isSupportedCurrency(recurring.currency_id) ? recurring.currency_id : fallbackCurrency;
  let amountMinor = 0;
  if (recurring?.transaction_amount !== undefined) {
    try {
      amountMinor = toMinorUnits(recurring.transaction_amount, currency);
    } catch {
      amountMinor = 0;
    }
  }
  return { amountMinor, currency };
}

function dateOrNull(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export async function mirrorSubscription(options: {
  db: Kysely<DB>;
  subscription: ProviderSubscription;
  /** The shopper it belongs to; an existing owner is never replaced. */
  userId: string | null;
  /** Currency to record when the provider sent none (the plan's). */
  fallbackCurrency: CurrencyCode;
  now: Date;
}): Promise<Subscription> {
  const { db, subscription, now } = options;
  const { amountMinor, currency } = amountOf(subscription, options.fallbackCurrency);
  const row = {
    provider_plan_id: subscription.preapproval_plan_id ?? null,
    status: subscription.status,
    amount_minor: amountMinor,
    currency,
    next_payment_date: dateOrNull(subscription.next_payment_date),
    snapshot: toJsonb(subscription),
    updated_at: now,
  };
  await db
    .insertInto("subscriptions")
    .values({ ...row, provider_subscription_id: subscription.id, user_id: options.userId, created_at: now })
    .onConflict((conflict) =>
      conflict
        .column("provider_subscription_id")
        .doUpdateSet({ ...row, user_id: sql<string | null>`coalesce(subscriptions.user_id, excluded.user_id)` })
        .where(
          sql<boolean>`coalesce((subscriptions.snapshot->>'version')::int, 0) <= coalesce((excluded.snapshot->>'version')::int, 0)`,
        ),
    )
    .execute();
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("provider_subscription_id", "=", subscription.id)
    .executeTakeFirstOrThrow();
}
