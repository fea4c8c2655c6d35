// Writes an order as the provider reported it (an answer, a re-read, the `data`
// of a 402 decline) into Cobro's own table, and records each state it goes
// through for the timeline. Card tokens are removed before anything is stored.
// A snapshot older than the one mirrored (by the provider's last_updated_date)
// is ignored, so answers arriving out of order cannot move an order back.
import type { Order as ProviderOrder } from "@cobro/provider-client";
import { type CurrencyCode, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import type { Kysely, Selectable } from "kysely";
import { type DB, type JsonValue, type OrdersTable, toJsonb } from "../../db/schema";
import type { ProviderRequestStatus } from "../provider-requests/provider-request-status";

/** An order's row with its create request's key and status (the ledger's, by `provider_request_id`). */
export type OrderRequestRow = Selectable<OrdersTable> & {
  idempotency_key: string;
  create_status: ProviderRequestStatus;
};

/** The orders with their create's key and status; filter and order on `orders.…`. */
export function orderRows(db: Kysely<DB>) {
  return db
    .selectFrom("orders")
    .innerJoin("provider_requests", "provider_requests.id", "orders.provider_request_id")
    .selectAll("orders")
    .select(["provider_requests.idempotency_key", "provider_requests.status as create_status"]);
}

/** A copy of the provider's order without any `token` field (payment methods carry the card token). */
export function withoutCardTokens<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutCardTokens(item)) as T;
  if (typeof value === "object" && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === "token") continue;
      copy[key] = withoutCardTokens(item);
    }
    return copy as T;
  }
  return value;
}

/** An Orders amount ("100.50") in minor units; 0 when absent or not an amount. */
export function orderAmountToMinor(amount: string | number | null | undefined, currency: string): number {
  if (amount === null || amount === undefined || amount === "") return 0;
  if (!isSupportedCurrency(currency)) return 0;
  try {
    return toMinorUnits(String(amount), currency as CurrencyCode);
  } catch {
    return 0;
  }
}

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface ApplyOrderResult {
  /** Our row, or null when Cobro did not create this order (nothing is written then). */
  orderId: string | null;
  status: string | null;
  statusDetail: string | null;
  applied: boolean;
}

/**
 * Mirrors `order` into the row with our id `orderId` (after a create) or, without it, the row holding its
 * provider id. Records a state change when the status, detail or refunded amount moved.
 */
export async function applyOrderSnapshot(options: {
  db: Kysely<DB>;
  order: ProviderOrder;
  now: Date;
  orderId?: string;
}): Promise<ApplyOrderResult> {
  const { order, now } = options;
  return options.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom("orders").selectAll().forUpdate();
    query = options.orderId ? query.where("id", "=", options.orderId) : query.where("provider_order_id", "=", order.id);
    const row = await query.executeTakeFirst();
    if (!row) return { orderId: null, status: null, statusDetail: null, applied: false };
    const currency = row.currency.trim();
    const providerUpdatedAt = parseDate(order.last_updated_date);
    if (row.provider_updated_at && providerUpdatedAt && providerUpdatedAt < row.provider_updated_at) {
      return { orderId: row.id, status: row.status, statusDetail: row.status_detail, applied: false };
    }
    const payments = order.transactions?.payments ?? [];
    const refundedMinor = payments.reduce((sum, tx) => sum + orderAmountToMinor(tx.refunded_amount, currency), 0);
    const first = payments[0];
    const transactions = withoutCardTokens(order.transactions ?? {}) as JsonValue;
    await trx
      .updateTable("orders")
      .set({
        provider_order_id: order.id,
        status: order.status,
        status_detail: order.status_detail ?? null,
        refunded_minor: refundedMinor,
        transactions: toJsonb(transactions),
        snapshot: toJsonb(withoutCardTokens(order) as JsonValue),
        payment_method_id: first?.payment_method?.id ?? row.payment_method_id,
        installments: first?.payment_method?.installments ?? row.installments,
        provider_updated_at: providerUpdatedAt ?? row.provider_updated_at,
        updated_at: now,
      })
      .where("id", "=", row.id)
      .execute();
    const moved =
      row.status !== order.status ||
      row.status_detail !== (order.status_detail ?? null) ||
      row.refunded_minor !== refundedMinor;
    if (moved) {
      await trx
        .insertInto("order_state_changes")
        .values({
          order_id: row.id,
          status: order.status,
          status_detail: order.status_detail ?? null,
          refunded_minor: refundedMinor,
          at: now,
        })
        .execute();
    }
    return { orderId: row.id, status: order.status, statusDetail: order.status_detail ?? null, applied: true };
  });
}
