// English words of the console's merchant orders area; spread into the admin dictionary (this file defines its keys).
export const merchantOrdersEn = {
  "admin.nav.merchantOrders": "Merchant orders",
  "admin.merchantOrders.title": "Merchant orders",
} as const;
