// The console's customers area words (es).
import type { customersEn } from "./messages-en";

export const customersEs: Readonly<Record<keyof typeof customersEn, string>> = {
  "admin.nav.customers": "Clientes",
  "admin.customers.title": "Clientes",
};
