// The console's merchant orders area words (es).
import type { merchantOrdersEn } from "./messages-en";

export const merchantOrdersEs: Readonly<Record<keyof typeof merchantOrdersEn, string>> = {
  "admin.nav.merchantOrders": "Órdenes de venta",
  "admin.merchantOrders.title": "Órdenes de venta",
};
