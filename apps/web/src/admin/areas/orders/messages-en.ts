// English words of the console's orders area; spread into the admin dictionary (this file defines its keys).
export const ordersEn = {
  "admin.nav.orders": "Orders",
  "admin.orders.title": "Orders",
} as const;
