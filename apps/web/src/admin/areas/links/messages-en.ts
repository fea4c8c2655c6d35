// English words of the console's payment links area; spread into the admin dictionary (this file defines its keys).
export const linksEn = {
  "admin.nav.links": "Payment links",
  "admin.links.title": "Payment links",
} as const;
