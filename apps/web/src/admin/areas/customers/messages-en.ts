// English words of the console's customers area; spread into the admin dictionary (this file defines its keys).
export const customersEn = {
  "admin.nav.customers": "Customers",
  "admin.customers.title": "Customers",
} as const;
