// The provider's sites and the one currency each charges in.
import type { CurrencyCode } from "@cobro/provider-client/money";

/** provider: each site charges in one currency (docs/provider-facts.md §6). */
export const SITE_CURRENCIES: Readonly<Record<string, CurrencyCode>> = {
  MLA: "ARS",
  MLB: "BRL",
  MLM: "MXN",
  MLC: "CLP",
  MCO: "COP",
  MPE: "PEN",
  MLU: "UYU",
};

/** provider: each site is one country's Mercado Libre / Mercado Pago (its ISO 3166 code). */
export const SITE_COUNTRIES: Readonly<Record<string, string>> = {
  MLA: "AR",
  MLB: "BR",
  MLM: "MX",
  MLC: "CL",
  MCO: "CO",
  MPE: "PE",
  MLU: "UY",
};
