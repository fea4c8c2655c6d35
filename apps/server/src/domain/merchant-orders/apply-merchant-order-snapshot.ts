// Writes a provider merchant order into the local mirror. Every answer Cobro sees goes through here (search,
// detail, create, update, the `merchant_order` notification), so the mirror is as fresh as the last of them. An
// answer older than the stored one (by the provider's `last_updated`) never overwrites it; running it twice with
// the same answer changes nothing but `updated_at`.
import type { MerchantOrder } from "@cobro/provider-client";
import type { CurrencyCode } from "@cobro/provider-client/money";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { type DB, toJsonb } from "../../db/schema";
import { isoOrNull, merchantOrderCurrency, minorOf } from "./merchant-order-view";

export interface ApplyMerchantOrderSnapshotOptions {
  db: Kysely<DB>;
  order: MerchantOrder;
  storeCurrency: CurrencyCode;
  now: Date;
}

export async function applyMerchantOrderSnapshot(options: ApplyMerchantOrderSnapshotOptions): Promise<void> {
  const { db, order, now } = options;
  const currency = merchantOrderCurrency(order, options.storeCurrency);
  const providerUpdatedAt = isoOrNull(order.last_updated);
  const row = {
    provider_merchant_order_id: order.id,
    status: order.status,
    order_status: order.order_status ?? null,
    preference_id: order.preference_id || null,
    external_reference: order.external_reference || null,
    total_minor: minorOf(order.total_amount, currency),
    paid_minor: minorOf(order.paid_amount, currency),
    refunded_minor: minorOf(order.refunded_amount, currency),
    currency,
    snapshot: toJsonb(order),
    provider_created_at: isoOrNull(order.date_created),
    provider_updated_at: providerUpdatedAt,
    updated_at: now,
  };
  await db
    .insertInto("merchant_orders")
    .values(row)
    .onConflict((oc) =>
      oc
        .column("provider_merchant_order_id")
        .doUpdateSet({
          status: (eb) => eb.ref("excluded.status"),
          order_status: (eb) => eb.ref("excluded.order_status"),
          preference_id: (eb) => eb.ref("excluded.preference_id"),
          external_reference: (eb) => eb.ref("excluded.external_reference"),
          total_minor: (eb) => eb.ref("excluded.total_minor"),
          paid_minor: (eb) => eb.ref("excluded.paid_minor"),
          refunded_minor: (eb) => eb.ref("excluded.refunded_minor"),
          currency: (eb) => eb.ref("excluded.currency"),
          snapshot: (eb) => eb.ref("excluded.snapshot"),
          provider_created_at: (eb) => eb.ref("excluded.provider_created_at"),
          provider_updated_at: (eb) => eb.ref("excluded.provider_updated_at"),
          updated_at: (eb) => eb.ref("excluded.updated_at"),
        })
        // An older answer (a slow search racing a webhook) must not undo a newer one.
        .where(
          sql<boolean>`merchant_orders.provider_updated_at is null or excluded.provider_updated_at is null or excluded.provider_updated_at >= merchant_orders.provider_updated_at`,
        ),
    )
    .execute();
}
