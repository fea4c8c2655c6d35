// The console's payment links area words (es).
import type { linksEn } from "./messages-en";

export const linksEs: Readonly<Record<keyof typeof linksEn, string>> = {
  "admin.nav.links": "Links de pago",
  "admin.links.title": "Links de pago",
};
