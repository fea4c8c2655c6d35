// The console's orders area words (es).
import type { ordersEn } from "./messages-en";

export const ordersEs: Readonly<Record<keyof typeof ordersEn, string>> = {
  "admin.nav.orders": "Órdenes",
  "admin.orders.title": "Órdenes",
};
