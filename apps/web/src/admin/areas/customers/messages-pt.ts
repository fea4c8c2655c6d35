// The console's customers area words (pt).
import type { customersEn } from "./messages-en";

export const customersPt: Readonly<Record<keyof typeof customersEn, string>> = {
  "admin.nav.customers": "Clientes",
  "admin.customers.title": "Clientes",
};
