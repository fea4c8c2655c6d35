// How a checkout reads in the console's store orders: its order number, state, items and payer.
import type { StoreOrderListItem } from "@cobro/contracts";
import type { Selectable } from "kysely";
import type { CheckoutsTable } from "../../db/schema";
import { toMoney } from "../catalog/product-view";
import { parseCheckoutItems } from "../checkout/checkout-items";

export type StoreOrderRow = Pick<
  Selectable<CheckoutsTable>,
  | "id"
  | "user_id"
  | "items"
  | "amount_minor"
  | "currency"
  | "status"
  | "payer_email"
  | "payer_name"
  | "provider_payment_id"
  | "created_at"
  | "order_number"
>;

/** The number staff and shopper call an order by: the shop's human order number (`#1042`), as its pages show it. */
export function orderNumberOf(row: Pick<StoreOrderRow, "order_number">): string {
  return `#${row.order_number}`;
}

/** The checkout columns every store-order read selects (aliased `c`). */
export const STORE_ORDER_COLUMNS = [
  "c.id",
  "c.user_id",
  "c.items",
  "c.amount_minor",
  "c.currency",
  "c.status",
  "c.payer_email",
  "c.payer_name",
  "c.provider_payment_id",
  "c.created_at",
  "c.order_number",
] as const;

export function toStoreOrderListItem(row: StoreOrderRow, paymentCount: number): StoreOrderListItem {
  return {
    checkoutId: row.id,
    orderNumber: orderNumberOf(row),
    state: row.status,
    total: toMoney(row.amount_minor, row.currency),
    items: parseCheckoutItems(row.items).map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unitPrice: toMoney(item.unitPriceMinor, row.currency),
    })),
    payer: { email: row.payer_email, name: row.payer_name, userId: row.user_id },
    providerPaymentId: row.provider_payment_id,
    paymentCount,
    createdAt: row.created_at.toISOString(),
  };
}
