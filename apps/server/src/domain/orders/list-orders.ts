// The console's orders list: Cobro's own table of the orders it created, newest first, filtered by status,
// processing mode, creation date and the start of the reference or payer e-mail, paged by keyset over
// (created_at, id). Every filter has an index (migration 0014-orders). Reads only the database.
import { ACCOUNT_FILTER_OWN, type OrderListFilters, type OrderListItem } from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import { type Kysely, sql } from "kysely";
import { escapeLike } from "../../db/like-pattern";
import type { DB, OrderRow } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { ProviderRequestStatus } from "../provider-requests/provider-request-status";

export function toOrderListItem(row: OrderRow & { create_status: ProviderRequestStatus }): OrderListItem {
  const currency = row.currency.trim() as CurrencyCode;
  return {
    id: row.id,
    providerOrderId: row.provider_order_id,
    createStatus: row.create_status,
    status: row.status,
    statusDetail: row.status_detail,
    processingMode: row.processing_mode,
    captureMode: row.capture_mode,
    amount: { amountMinor: row.amount_minor, currency },
    refunded: { amountMinor: row.refunded_minor, currency },
    payerEmail: row.payer_email,
    externalReference: row.external_reference,
    description: row.description,
    accountId: row.provider_account_id,
    createdAt: row.created_at.toISOString(),
  };
}

/** The create's status, from the ledger (a primary-key read per row); select it beside `orders.*`. */
export const createStatusOf =
  sql<ProviderRequestStatus>`(select q.status from provider_requests q where q.id = orders.provider_request_id)`.as(
    "create_status",
  );

function parseCursor(cursor: string): { at: Date; id: string } {
  const dot = cursor.indexOf(".");
  const at = new Date(Number(cursor.slice(0, dot)));
  const id = cursor.slice(dot + 1);
  if (dot < 1 || Number.isNaN(at.getTime()) || id === "") {
    throw new AppError("BAD_REQUEST", "Invalid cursor", { field: "cursor" });
  }
  return { at, id };
}

export async function listOrders(options: {
  db: Kysely<DB>;
  filters: OrderListFilters;
  cursor: string | null;
  limit: number;
}): Promise<{ items: OrderListItem[]; nextCursor: string | null }> {
  const { db, filters, limit } = options;
  let query = db.selectFrom("orders").selectAll().select(createStatusOf);
  if (filters.status && filters.status.length > 0) query = query.where("status", "in", filters.status);
  if (filters.mode) query = query.where("processing_mode", "=", filters.mode);
  // The shared account filter (migration 0021's index).
  if (filters.account === ACCOUNT_FILTER_OWN) query = query.where("provider_account_id", "is", null);
  else if (filters.account) query = query.where("provider_account_id", "=", filters.account);
  if (filters.createdFrom) query = query.where("created_at", ">=", new Date(filters.createdFrom));
  if (filters.createdTo) query = query.where("created_at", "<=", new Date(filters.createdTo));
  if (filters.text) {
    const pattern = `${escapeLike(filters.text.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["external_reference"]), "like", pattern),
        eb(eb.fn("lower", ["payer_email"]), "like", pattern),
      ]),
    );
  }
  if (options.cursor) {
    const cursor = parseCursor(options.cursor);
    query = query.where((eb) =>
      eb(eb.refTuple("created_at", "id"), "<", eb.tuple(cursor.at as never, cursor.id as never)),
    );
  }
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toOrderListItem),
    nextCursor: rows.length > limit && last ? `${last.created_at.getTime()}.${last.id}` : null,
  };
}
