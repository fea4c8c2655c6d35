// English words of the console's charges area; spread into the admin dictionary (this file defines its keys).
export const chargesEn = {
  "admin.nav.charges": "Charges",
  "admin.charges.title": "Subscription charges",
  "admin.charges.description":
    "Every charge Mercado Pago made for a subscription, with the payment it produced. A failed charge shows why, and its retries.",
  "admin.charges.filters": "Search charges",
  "admin.charges.field.subscriptionId": "Subscription id",
  "admin.charges.field.paymentId": "Payment id",
  "admin.charges.badFilter": "Check the search: the subscription id or the payment id is not valid.",
  "admin.charges.loading": "Loading charges…",
  "admin.charges.failed": "The charges could not be loaded",
  "admin.charges.empty": "No charges found",
  "admin.charges.emptyHint": "Change the search. Charges appear when a subscription's charge date comes.",
} as const;
