// The console's payment list: the local mirror only (never the provider), filtered, sorted and read a page at a
// time by keyset. Each filter and sort has an index (migration 0008): (provider_created_at, provider_payment_id),
// (amount_minor, provider_payment_id), status, payment_method_id, payer_email, external_reference and the
// provider payment id's unique key. The cursor is `<sort key>.<provider payment id>` of the page's last row.
import { ACCOUNT_FILTER_OWN, type PaymentListFilters, type PaymentListItem } from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import type { Kysely } from "kysely";
import type { DB, Payment } from "../../db/schema";
import { AppError } from "../../errors/app-error";

export interface ListPaymentsOptions {
  db: Kysely<DB>;
  filters: PaymentListFilters;
  cursor: string | null;
  limit: number;
}

export interface PaymentListPage {
  items: PaymentListItem[];
  nextCursor: string | null;
}

type ListedRow = Pick<
  Payment,
  | "provider_payment_id"
  | "status"
  | "status_detail"
  | "amount_minor"
  | "refunded_minor"
  | "currency"
  | "payment_method_id"
  | "payment_type_id"
  | "installments"
  | "payer_email"
  | "external_reference"
  | "checkout_id"
  | "provider_created_at"
  | "provider_account_id"
>;

function parseCursor(cursor: string): { key: number; id: number } {
  const [key, id] = cursor.split(".").map(Number);
  if (key === undefined || id === undefined || !Number.isSafeInteger(key) || !Number.isSafeInteger(id)) {
    throw new AppError("BAD_REQUEST", "Invalid cursor", { field: "cursor" });
  }
  return { key, id };
}

function cursorOf(row: ListedRow, byAmount: boolean): string {
  return `${byAmount ? row.amount_minor : row.provider_created_at.getTime()}.${row.provider_payment_id}`;
}

/** A mirror row as the list shows it. */
export function toPaymentListItem(row: ListedRow): PaymentListItem {
  const currency = row.currency.trim() as CurrencyCode;
  return {
    providerPaymentId: row.provider_payment_id,
    status: row.status,
    statusDetail: row.status_detail,
    amount: { amountMinor: row.amount_minor, currency },
    refunded: { amountMinor: row.refunded_minor, currency },
    paymentMethodId: row.payment_method_id,
    paymentTypeId: row.payment_type_id,
    installments: row.installments,
    payerEmail: row.payer_email,
    externalReference: row.external_reference,
    checkoutId: row.checkout_id,
    accountId: row.provider_account_id,
    createdAt: row.provider_created_at.toISOString(),
  };
}

/** One page of the filtered list, in the requested order, after `cursor`. */
export async function listPayments(options: ListPaymentsOptions): Promise<PaymentListPage> {
  const { db, filters, limit } = options;
  const byAmount = filters.sort === "amount_desc" || filters.sort === "amount_asc";
  const descending = filters.sort === "created_desc" || filters.sort === "amount_desc";
  const keyColumn = byAmount ? "amount_minor" : "provider_created_at";
  let query = db
    .selectFrom("payments")
    .select([
      "provider_payment_id",
      "status",
      "status_detail",
      "amount_minor",
      "refunded_minor",
      "currency",
      "payment_method_id",
      "payment_type_id",
      "installments",
      "payer_email",
      "external_reference",
      "checkout_id",
      "provider_created_at",
      "provider_account_id",
    ]);
  if (filters.status && filters.status.length > 0) query = query.where("status", "in", filters.status);
  if (filters.paymentMethod) query = query.where("payment_method_id", "=", filters.paymentMethod);
  if (filters.createdFrom) query = query.where("provider_created_at", ">=", new Date(filters.createdFrom));
  if (filters.createdTo) query = query.where("provider_created_at", "<=", new Date(filters.createdTo));
  if (filters.amountMinMinor !== undefined) query = query.where("amount_minor", ">=", filters.amountMinMinor);
  if (filters.amountMaxMinor !== undefined) query = query.where("amount_minor", "<=", filters.amountMaxMinor);
  if (filters.payerEmail) query = query.where("payer_email", "=", filters.payerEmail.trim().toLowerCase());
  if (filters.externalReference) query = query.where("external_reference", "=", filters.externalReference);
  if (filters.providerPaymentId !== undefined) {
    query = query.where("provider_payment_id", "=", filters.providerPaymentId);
  }
  // The shared account filter: the store's own account (null) or one connection (migration 0021's index).
  if (filters.account === ACCOUNT_FILTER_OWN) query = query.where("provider_account_id", "is", null);
  else if (filters.account) query = query.where("provider_account_id", "=", filters.account);
  if (options.cursor) {
    const cursor = parseCursor(options.cursor);
    const key = byAmount ? cursor.key : new Date(cursor.key);
    const op = descending ? "<" : ">";
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple(keyColumn, "provider_payment_id"), op, tuple(key as never, cursor.id)),
    );
  }
  const direction = descending ? "desc" : "asc";
  const rows = await query
    .orderBy(keyColumn, direction)
    .orderBy("provider_payment_id", direction)
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toPaymentListItem),
    nextCursor: rows.length > limit && last ? cursorOf(last, byAmount) : null,
  };
}
