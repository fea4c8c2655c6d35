// The console's merchant orders area words (pt).
import type { merchantOrdersEn } from "./messages-en";

export const merchantOrdersPt: Readonly<Record<keyof typeof merchantOrdersEn, string>> = {
  "admin.nav.merchantOrders": "Pedidos de venda",
  "admin.merchantOrders.title": "Pedidos de venda",
};
