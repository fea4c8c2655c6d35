// "My orders": the shopper's checkouts that reached the provider, newest
// first, with their payment's status and refunds. Keyset-paginated on
// (created_at, id) over the partial index checkouts_user_orders_idx.

import type { Order } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { toKeysetPage } from "../../db/keyset-page";
import type { DB } from "../../db/schema";
import { toMoney } from "../catalog/product-view";
import { parseCheckoutItems } from "../checkout/checkout-items";
import { paymentPlanOf, resultStatusOf } from "../checkout/checkout-result-view";

export async function listOrders(options: {
  db: Kysely<DB>;
  userId: string;
  limit: number;
  /** The checkout id of the last order of the previous page. */
  cursor?: string | null;
}): Promise<{ items: Order[]; nextCursor: string | null }> {
  const { db, userId, limit, cursor } = options;
  let query = db
    .selectFrom("checkouts as c")
    .leftJoin("payments as p", "p.provider_payment_id", "c.provider_payment_id")
    .select([
      "c.id",
      "c.order_number",
      "c.created_at",
      "c.amount_minor",
      "c.currency",
      "c.items",
      "p.status",
      "p.status_detail",
      "p.payment_method_id",
      "p.refunded_minor",
      "p.currency as payment_currency",
      "p.installments",
      "p.installment_amount_minor",
      "p.total_paid_minor",
      "p.payment_type_id",
    ])
    .where("c.user_id", "=", userId)
    // Abandoned carts (no payment attempted) are not orders.
    .where("c.provider_payment_id", "is not", null)
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit + 1);
  if (cursor) {
    // Compared in SQL against the cursor row (PostgreSQL's microseconds), and only within this shopper's rows.
    query = query.where(
      sql<boolean>`(c.created_at, c.id) < (select k.created_at, k.id from checkouts k where k.id = ${cursor} and k.user_id = ${userId})`,
    );
  }
  return toKeysetPage(await query.execute(), limit, (row) => ({
    checkoutId: row.id,
    orderNumber: row.order_number,
    createdAt: row.created_at.toISOString(),
    total: toMoney(row.amount_minor, row.currency),
    status: resultStatusOf(row.status),
    statusDetail: row.status_detail,
    paymentMethodId: row.payment_method_id,
    refunded: toMoney(row.refunded_minor ?? 0, row.payment_currency ?? row.currency),
    plan: paymentPlanOf(
      row.payment_currency === null
        ? null
        : {
            installments: row.installments,
            installment_amount_minor: row.installment_amount_minor,
            total_paid_minor: row.total_paid_minor,
            currency: row.payment_currency,
            payment_type_id: row.payment_type_id,
          },
    ),
    items: parseCheckoutItems(row.items).map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unitPrice: toMoney(item.unitPriceMinor, row.currency),
    })),
  }));
}
