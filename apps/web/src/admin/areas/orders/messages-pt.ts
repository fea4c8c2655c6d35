// The console's orders area words (pt).
import type { ordersEn } from "./messages-en";

export const ordersPt: Readonly<Record<keyof typeof ordersEn, string>> = {
  "admin.nav.orders": "Pedidos",
  "admin.orders.title": "Pedidos",
};
