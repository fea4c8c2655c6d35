// The console's payment links area words (pt).
import type { linksEn } from "./messages-en";

export const linksPt: Readonly<Record<keyof typeof linksEn, string>> = {
  "admin.nav.links": "Links de pagamento",
  "admin.links.title": "Links de pagamento",
};
