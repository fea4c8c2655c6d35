// What the hosted pages show per site, on top of `sites.ts` and
// `test-cards.ts`: the locale amounts are formatted in, and the test data
// hints (docs/provider-facts.md §5.1, §5.2).

import type { CurrencyCode } from "@cobro/provider-client/money";
import type { SiteId } from "../context";
import { CARDHOLDER_OUTCOMES } from "../data/cardholder-outcomes";
import { findPaymentMethod, SITES } from "../data/sites";
import { TEST_CARD_EXPIRY, TEST_CARDS } from "../data/test-cards";

/** provider: each site has one currency (docs/provider-facts.md §6). */
export const SITE_CURRENCY: Readonly<Record<SiteId, CurrencyCode>> = {
  MLA: SITES.MLA.currencyId,
  MLB: SITES.MLB.currencyId,
  MLM: SITES.MLM.currencyId,
  MLC: SITES.MLC.currencyId,
  MCO: SITES.MCO.currencyId,
  MPE: SITES.MPE.currencyId,
  MLU: SITES.MLU.currencyId,
};

/** The locale amounts are shown in on a site's pages. */
export const SITE_LOCALE: Readonly<Record<SiteId, string>> = {
  MLA: "es-AR",
  MLB: "pt-BR",
  MLM: "es-MX",
  MLC: "es-CL",
  MCO: "es-CO",
  MPE: "es-PE",
  MLU: "es-UY",
};

export const SITE_COUNTRY: Readonly<Record<SiteId, string>> = {
  MLA: "Argentina",
  MLB: "Brazil",
  MLM: "Mexico",
  MLC: "Chile",
  MCO: "Colombia",
  MPE: "Peru",
  MLU: "Uruguay",
};

/** Identity documents a buyer can give in a site (none in Mexico). */
export function identificationTypesOf(siteId: SiteId): { id: string; name: string }[] {
  return SITES[siteId].identificationTypes.map((t) => ({ id: t.id, name: t.name }));
}

/** provider: the document the test data pairs with APRO/OTHE, null where none is asked (docs/provider-facts.md §5.1). */
export function testDocumentOf(siteId: SiteId): { type: string; number: string } | null {
  return SITES[siteId].sampleIdentification;
}

export interface TestCardHint {
  brand: string;
  /** Grouped in fours for reading, e.g. `4509 9535 6623 3704`. */
  number: string;
  securityCode: string;
}

/** The site's test cards, with display names (docs/provider-facts.md §5.2). */
export function testCardsOf(siteId: SiteId): TestCardHint[] {
  return TEST_CARDS.filter((card) => card.siteId === siteId).map((card) => ({
    brand: findPaymentMethod(siteId, card.paymentMethodId)?.name ?? card.paymentMethodId,
    number: card.number.replace(/(\d{4})(?=\d)/g, "$1 "),
    securityCode: card.securityCode,
  }));
}

/** provider: any test card works with expiry 11/30. */
export const TEST_EXPIRY = { month: String(TEST_CARD_EXPIRY.month), year: String(TEST_CARD_EXPIRY.year) } as const;

/** provider: documented scenarios of the cardholder names (docs/provider-facts.md §5.1). */
const SCENARIOS: readonly [name: string, scenario: string][] = [
  ["APRO", "Approved"],
  ["OTHE", "Rejected, general error"],
  ["CONT", "Pending"],
  ["CALL", "Rejected, call to authorize"],
  ["FUND", "Rejected, insufficient amount"],
  ["SECU", "Rejected, invalid security code"],
  ["EXPI", "Rejected, expiration date"],
  ["FORM", "Rejected, form error"],
];

/** The cardholder names shown as hints, with the payment status each one produces. */
export function cardholderHints(): { name: string; scenario: string; status: string }[] {
  return SCENARIOS.map(([name, scenario]) => {
    const outcome = CARDHOLDER_OUTCOMES[name];
    return { name, scenario, status: outcome ? `${outcome.status} / ${outcome.statusDetail}` : "" };
  });
}

/** Names that also decline for a specific reason, listed after the table. */
export const MORE_CARDHOLDER_NAMES: readonly string[] = ["CARD", "INST", "DUPL", "LOCK", "CTNA", "ATTE", "BLAC"];
