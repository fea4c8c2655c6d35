// What each site (country) offers: currency, identity documents and payment
// methods with their card rules (docs/provider-facts.md §4.11, §5.2, §6). The BIN
// patterns are chosen so that every published test card resolves to its brand
// (`data/test-cards.ts`); debit and co-branded methods are listed before the
// generic networks because their BINs are narrower.

import type { SiteId } from "../context";
import type { Schemas } from "../schemas";
import { methodLogoUrl } from "./method-logo-url";

export type SiteCurrency = "ARS" | "BRL" | "MXN" | "CLP" | "COP" | "PEN" | "UYU";

export interface CardMethodDefinition {
  kind: "card";
  id: string;
  name: string;
  paymentTypeId: "credit_card" | "debit_card";
  /** Regular expression (source) the card number's first digits match. */
  binPattern: string;
  /** Numbers that match `binPattern` but belong to another method (e.g. debit BINs of the network). */
  exclusionPattern: string | null;
  cardNumberLength: number;
  securityCodeLength: number;
  securityCodeLocation: "back" | "front";
  maxInstallments: number;
  issuer: { id: number; name: string };
  additionalInfoNeeded: string[];
}

export interface OfflineMethodDefinition {
  /** `pix`: QR code paid from a bank app; `ticket`: a voucher paid in cash or at a bank/ATM. */
  kind: "pix" | "ticket";
  id: string;
  name: string;
  paymentTypeId: "bank_transfer" | "ticket" | "atm";
  accreditationMinutes: number;
  additionalInfoNeeded: string[];
}

export type PaymentMethodDefinition = CardMethodDefinition | OfflineMethodDefinition;

export interface SiteDefinition {
  id: SiteId;
  /** ISO 3166 alpha-2. */
  countryId: string;
  currencyId: SiteCurrency;
  /** The provider's web domain suffix, e.g. `com.br` (permalinks). */
  domain: string;
  /** A document the provider's test data pairs with APRO/OTHE (docs/provider-facts.md §5.1), null when none is required. */
  sampleIdentification: { type: string; number: string } | null;
  /** Largest amount a payment may have, major units (a sandbox ceiling, not a provider figure). */
  maxAllowedAmount: number;
  identificationTypes: Schemas["IdentificationType"][];
  methods: PaymentMethodDefinition[];
}

const CARD_INFO_AR = [
  "cardholder_name",
  "cardholder_identification_type",
  "cardholder_identification_number",
  "issuer_id",
];
const CARD_INFO_BR = ["cardholder_name", "cardholder_identification_number"];
const CARD_INFO_DEFAULT = ["cardholder_name", "cardholder_identification_type", "cardholder_identification_number"];

function visa(exclusion: string | null, maxInstallments: number, additionalInfoNeeded: string[]): CardMethodDefinition {
  return {
    kind: "card",
    id: "visa",
    name: "Visa",
    paymentTypeId: "credit_card",
    binPattern: "^4",
    exclusionPattern: exclusion,
    cardNumberLength: 16,
    securityCodeLength: 3,
    securityCodeLocation: "back",
    maxInstallments,
    issuer: { id: 310, name: "Visa" },
    additionalInfoNeeded,
  };
}

function master(
  exclusion: string | null,
  maxInstallments: number,
  additionalInfoNeeded: string[],
): CardMethodDefinition {
  return {
    kind: "card",
    id: "master",
    name: "Mastercard",
    paymentTypeId: "credit_card",
    binPattern: "^(5|(2(22[1-9]|2[3-9]|[3-6]|7[01]|720)))",
    exclusionPattern: exclusion,
    cardNumberLength: 16,
    securityCodeLength: 3,
    securityCodeLocation: "back",
    maxInstallments,
    issuer: { id: 3, name: "Mastercard" },
    additionalInfoNeeded,
  };
}

function amex(maxInstallments: number, additionalInfoNeeded: string[]): CardMethodDefinition {
  return {
    kind: "card",
    id: "amex",
    name: "American Express",
    paymentTypeId: "credit_card",
    binPattern: "^(34|37)",
    exclusionPattern: null,
    cardNumberLength: 15,
    // provider: Amex has a 4-digit code printed on the front.
    securityCodeLength: 4,
    securityCodeLocation: "front",
    maxInstallments,
    issuer: { id: 4, name: "American Express" },
    additionalInfoNeeded,
  };
}

function debit(
  id: "debvisa" | "debmaster" | "debelo",
  binPattern: string,
  additionalInfoNeeded: string[],
): CardMethodDefinition {
  const names = { debvisa: "Visa Débito", debmaster: "Mastercard Débito", debelo: "Elo Débito" } as const;
  const issuers = {
    debvisa: { id: 1010, name: "Visa Débito" },
    debmaster: { id: 1020, name: "Mastercard Débito" },
    debelo: { id: 1030, name: "Elo" },
  };
  return {
    kind: "card",
    id,
    name: names[id],
    paymentTypeId: "debit_card",
    binPattern,
    exclusionPattern: null,
    cardNumberLength: 16,
    securityCodeLength: 3,
    securityCodeLocation: "back",
    // provider: debit cards are charged in one installment.
    maxInstallments: 1,
    issuer: issuers[id],
    additionalInfoNeeded,
  };
}

function ticket(id: string, name: string, paymentTypeId: "ticket" | "atm" = "ticket"): OfflineMethodDefinition {
  return { kind: "ticket", id, name, paymentTypeId, accreditationMinutes: 2880, additionalInfoNeeded: [] };
}

const AR_DEBVISA = "^(400276|400615|402789|404625|405069|405515|405516|405517|405755|405896|405897|406290|406291)";
const AR_DEBMASTER = "^(528733|517562|525855|546553)";
const BR_DEBELO = "^(506776|506778|509023|650485|650486)";
const CL_DEBVISA = "^(402365|400698|404311|455511)";
const CL_DEBMASTER = "^(524101|536435|557051)";
const CO_DEBVISA = "^(491511|450407|451307|477213)";
const MX_DEBVISA = "^(418914|407535|410180|415231|446115)";
const MX_DEBMASTER = "^(557905|525678|530056|555888)";
const UY_DEBVISA = "^(421301|409851|450601)";
const PE_DEBMASTER = "^(517878|510506|557907)";

/** Every site the sandbox knows, keyed by id. */
export const SITES: Readonly<Record<SiteId, SiteDefinition>> = {
  MLA: {
    id: "MLA",
    countryId: "AR",
    currencyId: "ARS",
    domain: "com.ar",
    sampleIdentification: { type: "DNI", number: "12345678" },
    maxAllowedAmount: 100_000_000,
    identificationTypes: [
      { id: "DNI", name: "DNI", type: "number", min_length: 7, max_length: 8 },
      { id: "CUIL", name: "CUIL", type: "number", min_length: 11, max_length: 11 },
      { id: "CUIT", name: "CUIT", type: "number", min_length: 11, max_length: 11 },
      { id: "CI", name: "Cédula", type: "number", min_length: 1, max_length: 9 },
      { id: "LC", name: "L.C.", type: "number", min_length: 6, max_length: 7 },
      { id: "LE", name: "L.E.", type: "number", min_length: 6, max_length: 7 },
      { id: "Otro", name: "Otro", type: "number", min_length: 5, max_length: 20 },
    ],
    methods: [
      debit("debvisa", AR_DEBVISA, CARD_INFO_AR),
      debit("debmaster", AR_DEBMASTER, CARD_INFO_AR),
      amex(12, CARD_INFO_AR),
      master(AR_DEBMASTER, 12, CARD_INFO_AR),
      visa(AR_DEBVISA, 12, CARD_INFO_AR),
      ticket("rapipago", "Rapipago"),
      ticket("pagofacil", "Pago Fácil"),
    ],
  },
  MLB: {
    id: "MLB",
    countryId: "BR",
    currencyId: "BRL",
    domain: "com.br",
    sampleIdentification: { type: "CPF", number: "12345678909" },
    maxAllowedAmount: 1_000_000,
    identificationTypes: [
      { id: "CPF", name: "CPF", type: "number", min_length: 11, max_length: 11 },
      { id: "CNPJ", name: "CNPJ", type: "number", min_length: 14, max_length: 14 },
    ],
    methods: [
      debit("debelo", BR_DEBELO, CARD_INFO_BR),
      amex(12, CARD_INFO_BR),
      master(BR_DEBELO, 12, CARD_INFO_BR),
      visa(null, 12, CARD_INFO_BR),
      // provider: Pix is a bank transfer paid by QR code or its "copia e cola" text.
      {
        kind: "pix",
        id: "pix",
        name: "PIX",
        paymentTypeId: "bank_transfer",
        accreditationMinutes: 0,
        additionalInfoNeeded: [],
      },
      {
        kind: "ticket",
        id: "bolbradesco",
        name: "Boleto",
        paymentTypeId: "ticket",
        accreditationMinutes: 1440,
        additionalInfoNeeded: ["identification_type", "identification_number", "first_name", "last_name"],
      },
    ],
  },
  MLM: {
    id: "MLM",
    countryId: "MX",
    currencyId: "MXN",
    domain: "com.mx",
    sampleIdentification: null,
    maxAllowedAmount: 1_000_000,
    // provider: Mexico asks for no identity document.
    identificationTypes: [],
    methods: [
      debit("debvisa", MX_DEBVISA, ["cardholder_name"]),
      debit("debmaster", MX_DEBMASTER, ["cardholder_name"]),
      amex(12, ["cardholder_name"]),
      master(MX_DEBMASTER, 12, ["cardholder_name"]),
      visa(MX_DEBVISA, 12, ["cardholder_name"]),
      ticket("oxxo", "OXXO"),
    ],
  },
  MLC: {
    id: "MLC",
    countryId: "CL",
    currencyId: "CLP",
    domain: "cl",
    sampleIdentification: { type: "Otro", number: "123456789" },
    maxAllowedAmount: 100_000_000,
    identificationTypes: [
      { id: "RUT", name: "RUT", type: "string", min_length: 7, max_length: 9 },
      { id: "Otro", name: "Otro", type: "string", min_length: 5, max_length: 20 },
    ],
    methods: [
      debit("debvisa", CL_DEBVISA, CARD_INFO_DEFAULT),
      debit("debmaster", CL_DEBMASTER, CARD_INFO_DEFAULT),
      amex(12, CARD_INFO_DEFAULT),
      master(CL_DEBMASTER, 12, CARD_INFO_DEFAULT),
      visa(CL_DEBVISA, 12, CARD_INFO_DEFAULT),
      ticket("servipag", "Servipag"),
    ],
  },
  MCO: {
    id: "MCO",
    countryId: "CO",
    currencyId: "COP",
    domain: "com.co",
    sampleIdentification: { type: "CC", number: "123456789" },
    maxAllowedAmount: 1_000_000_000,
    identificationTypes: [
      { id: "CC", name: "C.C.", type: "number", min_length: 5, max_length: 20 },
      { id: "CE", name: "C.E.", type: "number", min_length: 5, max_length: 20 },
      { id: "NIT", name: "NIT", type: "number", min_length: 5, max_length: 20 },
      { id: "Otro", name: "Otro", type: "string", min_length: 5, max_length: 20 },
    ],
    methods: [
      debit("debvisa", CO_DEBVISA, CARD_INFO_DEFAULT),
      amex(36, CARD_INFO_DEFAULT),
      master(null, 36, CARD_INFO_DEFAULT),
      visa(CO_DEBVISA, 36, CARD_INFO_DEFAULT),
      ticket("efecty", "Efecty"),
    ],
  },
  MPE: {
    id: "MPE",
    countryId: "PE",
    currencyId: "PEN",
    domain: "com.pe",
    sampleIdentification: { type: "DNI", number: "123456789" },
    maxAllowedAmount: 1_000_000,
    identificationTypes: [
      { id: "DNI", name: "DNI", type: "number", min_length: 8, max_length: 8 },
      { id: "C.E", name: "Carné de extranjería", type: "string", min_length: 9, max_length: 12 },
      { id: "RUC", name: "RUC", type: "number", min_length: 11, max_length: 11 },
      { id: "Otro", name: "Otro", type: "number", min_length: 5, max_length: 20 },
    ],
    methods: [
      debit("debmaster", PE_DEBMASTER, CARD_INFO_DEFAULT),
      amex(12, CARD_INFO_DEFAULT),
      master(PE_DEBMASTER, 12, CARD_INFO_DEFAULT),
      visa(null, 12, CARD_INFO_DEFAULT),
      ticket("pagoefectivo_atm", "PagoEfectivo", "atm"),
    ],
  },
  MLU: {
    id: "MLU",
    countryId: "UY",
    currencyId: "UYU",
    domain: "com.uy",
    sampleIdentification: { type: "CI", number: "12345678" },
    maxAllowedAmount: 10_000_000,
    identificationTypes: [
      { id: "CI", name: "Cédula de identidad", type: "number", min_length: 8, max_length: 8 },
      { id: "Otro", name: "Otro", type: "string", min_length: 5, max_length: 20 },
    ],
    methods: [
      debit("debvisa", UY_DEBVISA, CARD_INFO_DEFAULT),
      master(null, 12, CARD_INFO_DEFAULT),
      visa(UY_DEBVISA, 12, CARD_INFO_DEFAULT),
      ticket("abitab", "Abitab"),
      ticket("redpagos", "Red Pagos"),
    ],
  },
};

/** The site's definition. */
export function siteOf(siteId: SiteId): SiteDefinition {
  return SITES[siteId];
}

/** A payment method of a site by id (`visa`, `pix`, `oxxo`, …), or undefined when the site does not offer it. */
export function findPaymentMethod(siteId: SiteId, id: string): PaymentMethodDefinition | undefined {
  return SITES[siteId].methods.find((m) => m.id === id);
}

function matchesCard(method: CardMethodDefinition, digits: string): boolean {
  if (!new RegExp(method.binPattern).test(digits)) return false;
  return method.exclusionPattern === null || !new RegExp(method.exclusionPattern).test(digits);
}

/**
 * The card method a card number (or its first six digits) belongs to in a site:
 * the first method, in the site's order, whose BIN pattern matches.
 */
export function cardMethodForNumber(siteId: SiteId, digits: string): CardMethodDefinition | undefined {
  for (const method of SITES[siteId].methods) {
    if (method.kind === "card" && matchesCard(method, digits)) return method;
  }
  return undefined;
}

/** A card method by id in any site (for a saved card or token whose brand the seller's site lacks). */
export function anyCardMethod(id: string): CardMethodDefinition | undefined {
  for (const site of Object.values(SITES)) {
    const found = site.methods.find((m): m is CardMethodDefinition => m.kind === "card" && m.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A method's logos: on the sandbox's own origin (`publicUrl`, see resources/method-logos.ts), so a shop shows
 * them offline and its CSP names the sandbox rather than the provider's image host. Without a base URL (a caller
 * that has none), the provider's own addresses.
 */
function thumbnails(id: string, publicUrl?: string): { thumbnail: string; secure_thumbnail: string } {
  if (publicUrl) {
    const url = methodLogoUrl(publicUrl, id);
    return { thumbnail: url, secure_thumbnail: url };
  }
  return {
    thumbnail: `http://img.mlstatic.com/org-img/MP3/API/logos/${id}.gif`,
    secure_thumbnail: `https://www.mercadopago.com/org-img/MP3/API/logos/${id}.gif`,
  };
}

/** Thumbnails and name of a method, as saved cards show them. */
export function paymentMethodSummary(
  method: PaymentMethodDefinition,
  publicUrl?: string,
): {
  id: string;
  name: string;
  payment_type_id: Schemas["PaymentTypeId"];
  thumbnail: string;
  secure_thumbnail: string;
} {
  return {
    id: method.id,
    name: method.name,
    payment_type_id: method.paymentTypeId,
    ...thumbnails(method.id, publicUrl),
  };
}

function minAllowedAmount(currency: SiteCurrency): number {
  return currency === "CLP" || currency === "COP" ? 1 : 0.01;
}

/** A method in the shape of `GET /v1/payment_methods`. */
export function toPaymentMethodResource(
  site: SiteDefinition,
  method: PaymentMethodDefinition,
  publicUrl?: string,
): Schemas["PaymentMethod"] {
  const common = {
    id: method.id,
    name: method.name,
    payment_type_id: method.paymentTypeId,
    status: "active" as const,
    ...thumbnails(method.id, publicUrl),
    additional_info_needed: method.additionalInfoNeeded,
    min_allowed_amount: minAllowedAmount(site.currencyId),
    max_allowed_amount: site.maxAllowedAmount,
    financial_institutions: [],
    processing_modes: ["aggregator"],
  };
  if (method.kind !== "card") {
    return {
      ...common,
      deferred_capture: "does_not_apply",
      settings: [],
      accreditation_time: method.accreditationMinutes,
    };
  }
  return {
    ...common,
    // provider: reserve-then-capture is not supported for debit cards.
    deferred_capture: method.paymentTypeId === "credit_card" ? "supported" : "unsupported",
    accreditation_time: method.paymentTypeId === "credit_card" ? 2880 : 1440,
    settings: [
      {
        bin: {
          pattern: method.binPattern,
          exclusion_pattern: method.exclusionPattern,
          installments_pattern: method.maxInstallments > 1 ? method.binPattern : null,
        },
        card_number: { length: method.cardNumberLength, validation: "standard" },
        security_code: {
          mode: "mandatory",
          length: method.securityCodeLength,
          card_location: method.securityCodeLocation,
        },
      },
    ],
  };
}

/** Every method of a site, as `GET /v1/payment_methods` answers. */
export function paymentMethodsOf(siteId: SiteId, publicUrl?: string): Schemas["PaymentMethod"][] {
  const site = SITES[siteId];
  return site.methods.map((method) => toPaymentMethodResource(site, method, publicUrl));
}
