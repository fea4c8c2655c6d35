// The provider's published test cards per site (docs/provider-facts.md §5.2). Any
// future expiry works; the documented one is 11/30. CVV 123, Amex 1234. The
// cardholder name (APRO, OTHE, CONT, …) picks the outcome, not the number.

import type { SiteId } from "../context";

export interface TestCard {
  siteId: SiteId;
  /** Digits only. */
  number: string;
  /** The `/v1/payment_methods` id the number resolves to in that site. */
  paymentMethodId: string;
  paymentTypeId: "credit_card" | "debit_card";
  securityCode: string;
}

export const TEST_CARD_EXPIRY = { month: 11, year: 2030 } as const;

function card(
  siteId: SiteId,
  number: string,
  paymentMethodId: string,
  paymentTypeId: TestCard["paymentTypeId"],
): TestCard {
  const digits = number.replace(/\s+/g, "");
  return {
    siteId,
    number: digits,
    paymentMethodId,
    paymentTypeId,
    securityCode: paymentMethodId === "amex" ? "1234" : "123",
  };
}

/** Every test card of docs/provider-facts.md §5.2, with the brand it resolves to. */
export const TEST_CARDS: readonly TestCard[] = [
  card("MLA", "5031 7557 3453 0604", "master", "credit_card"),
  card("MLA", "4509 9535 6623 3704", "visa", "credit_card"),
  card("MLA", "3711 803032 57522", "amex", "credit_card"),
  card("MLA", "5287 3383 1025 3304", "debmaster", "debit_card"),
  card("MLA", "4002 7686 9439 5619", "debvisa", "debit_card"),
  card("MLB", "5031 4332 1540 6351", "master", "credit_card"),
  // provider: newer Brazilian pages list this Mastercard instead (docs/provider-facts.md §11).
  card("MLB", "5480 8328 0103 3311", "master", "credit_card"),
  card("MLB", "4235 6477 2802 5682", "visa", "credit_card"),
  card("MLB", "3753 651535 56885", "amex", "credit_card"),
  card("MLB", "5067 7667 8388 8311", "debelo", "debit_card"),
  card("MLC", "5416 7526 0258 2580", "master", "credit_card"),
  card("MLC", "4168 8188 4444 7115", "visa", "credit_card"),
  card("MLC", "3757 781744 61804", "amex", "credit_card"),
  card("MLC", "5241 0198 2664 6950", "debmaster", "debit_card"),
  card("MLC", "4023 6535 2391 4373", "debvisa", "debit_card"),
  card("MCO", "5254 1336 7440 3564", "master", "credit_card"),
  card("MCO", "4013 5406 8274 6260", "visa", "credit_card"),
  card("MCO", "3743 781877 55283", "amex", "credit_card"),
  card("MCO", "4915 1120 5524 6507", "debvisa", "debit_card"),
  card("MLM", "5474 9254 3267 0366", "master", "credit_card"),
  card("MLM", "4075 5957 1648 3764", "visa", "credit_card"),
  card("MLM", "3711 803032 57522", "amex", "credit_card"),
  card("MLM", "5579 0534 6148 2647", "debmaster", "debit_card"),
  card("MLM", "4189 1412 2126 7633", "debvisa", "debit_card"),
  card("MLU", "5031 7557 3453 0604", "master", "credit_card"),
  card("MLU", "4509 9535 6623 3704", "visa", "credit_card"),
  card("MLU", "4213 0163 1470 6756", "debvisa", "debit_card"),
  card("MPE", "5031 7557 3453 0604", "master", "credit_card"),
  card("MPE", "4009 1753 3280 6176", "visa", "credit_card"),
  card("MPE", "3711 803032 57522", "amex", "credit_card"),
  card("MPE", "5178 7816 2220 2455", "debmaster", "debit_card"),
];

/** The site's default test card of a brand, e.g. `testCard("MLB", "visa")`; throws when the site has none. */
export function testCard(siteId: SiteId, paymentMethodId: string): TestCard {
  const found = TEST_CARDS.find((c) => c.siteId === siteId && c.paymentMethodId === paymentMethodId);
  if (!found) throw new Error(`no ${paymentMethodId} test card for ${siteId}`);
  return found;
}
