// POST /v1/card_tokens (docs/provider-facts.md §4.5): card data, or a saved card plus
// its CVV, becomes a single-use token valid for 7 days. A browser calls it with
// the seller's public key, a server with the access token. Only what the
// provider itself shows is kept: first six and last four digits, brand,
// expiry and cardholder — never the full number nor the CVV.

import type { RegisterRoutes, SandboxContext, Seller } from "../context";
import { badField, classicError } from "../core/errors";
import { hex32 } from "../core/ids";
import { anyCardMethod, type CardMethodDefinition, cardMethodForNumber } from "../data/sites";
import type { Schemas } from "../schemas";
import { savedCardsOf } from "./wallet-store";

/** A card token as the sandbox keeps it (global collection "card_tokens"). Never holds the full card number or CVV. */
export interface StoredCardToken {
  token: Schemas["CardToken"];
  sellerUserId: number;
  cardholderName: string;
  /** Brand guessed from the BIN, e.g. "visa", "master", "amex", "debvisa". */
  paymentMethodId: string;
  /** The saved card this token was made from, if any. */
  cardId: string | null;
  customerId: string | null;
}

/** provider: "single-use; expires in 7 days" (OAS), `date_due` ≈ creation + 7 days. */
export const CARD_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const COLLECTION = "card_tokens";

type CardDataRequest = Schemas["CardTokenCardDataRequest"];
type SavedCardRequest = Schemas["CardTokenSavedCardRequest"];

function tokensOf(ctx: SandboxContext) {
  return ctx.store.global<StoredCardToken>(COLLECTION);
}

/** True when the digits pass the Luhn check (the `standard` card number validation). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

function toInteger(value: number | string | undefined): number | null {
  if (value === undefined) return null;
  const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) ? n : null;
}

/**
 * Checks an expiry against the sandbox clock; a card is valid through the last
 * day of its expiry month. Two-digit years mean 20xx. Returns the normalized pair.
 */
export function checkExpiry(
  now: Date,
  monthInput: number | string | undefined,
  yearInput: number | string | undefined,
): { month: number; year: number } {
  const month = toInteger(monthInput);
  if (month === null || month < 1 || month > 12) {
    throw badField("expiration_month", "invalid parameter expiration_month: must be 1 to 12", 325);
  }
  let year = toInteger(yearInput);
  if (year !== null && year < 100) year += 2000;
  if (year === null || year < 1000 || year > 9999) {
    throw badField("expiration_year", "invalid parameter expiration_year: must have four digits", 326);
  }
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  if (year < currentYear)
    throw badField("expiration_year", "invalid parameter expiration_year: the card has expired", 326);
  if (year === currentYear && month < currentMonth) {
    throw badField("expiration_month", "invalid parameter expiration_month: the card has expired", 325);
  }
  return { month, year };
}

function checkSecurityCode(code: string | undefined, method: CardMethodDefinition): void {
  if (code === undefined || code === "") {
    throw badField("security_code", "parameter security_code can not be null or empty", 224);
  }
  if (!/^\d+$/.test(code) || code.length !== method.securityCodeLength) {
    throw badField(
      "security_code",
      `invalid parameter security_code: ${method.name} cards have a ${method.securityCodeLength}-digit security code`,
      "E302",
    );
  }
}

function cardholderOf(
  name: string,
  identification: { type?: string | null; number?: string | null } | null | undefined,
): NonNullable<Schemas["CardToken"]["cardholder"]> {
  return {
    name,
    identification:
      identification && (identification.type || identification.number)
        ? { type: identification.type ?? null, number: identification.number ?? null }
        : null,
  };
}

function tokenBase(
  ctx: SandboxContext,
): Pick<
  Schemas["CardToken"],
  "id" | "status" | "date_created" | "date_last_updated" | "date_due" | "live_mode" | "require_esc" | "luhn_validation"
> {
  const now = ctx.clock.now();
  const created = now.toISOString();
  return {
    id: hex32(),
    status: "active",
    date_created: created,
    date_last_updated: created,
    date_due: new Date(now.getTime() + CARD_TOKEN_TTL_MS).toISOString(),
    live_mode: false,
    require_esc: false,
    luhn_validation: true,
  };
}

function tokenizeCardData(ctx: SandboxContext, seller: Seller, body: CardDataRequest): StoredCardToken {
  const name = body.cardholder?.name?.trim() ?? "";
  if (name === "") throw badField("cardholder.name", "parameter cardholder.name can not be null or empty", 221);
  const digits = String(body.card_number ?? "").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    throw badField("card_number", "invalid parameter card_number: it fails the Luhn check", "E301");
  }
  const method = cardMethodForNumber(seller.siteId, digits);
  if (!method) {
    throw badField(
      "card_number",
      `invalid parameter card_number: no payment method of site ${seller.siteId} accepts this card`,
      "E301",
    );
  }
  if (digits.length !== method.cardNumberLength) {
    throw badField(
      "card_number",
      `invalid parameter card_number: ${method.name} card numbers have ${method.cardNumberLength} digits`,
      "E301",
    );
  }
  const expiry = checkExpiry(ctx.clock.now(), body.expiration_month, body.expiration_year);
  checkSecurityCode(body.security_code, method);
  const token: Schemas["CardToken"] = {
    ...tokenBase(ctx),
    card_id: null,
    first_six_digits: digits.slice(0, 6),
    last_four_digits: digits.slice(-4),
    expiration_month: expiry.month,
    expiration_year: expiry.year,
    card_number_length: digits.length,
    security_code_length: method.securityCodeLength,
    cardholder: cardholderOf(name, body.cardholder.identification),
  };
  return {
    token,
    sellerUserId: seller.userId,
    cardholderName: name,
    paymentMethodId: method.id,
    cardId: null,
    customerId: null,
  };
}

function tokenizeSavedCard(ctx: SandboxContext, seller: Seller, body: SavedCardRequest): StoredCardToken {
  const card = savedCardsOf(ctx, seller.userId).get(body.card_id);
  if (!card || (body.customer_id !== undefined && body.customer_id !== card.customer_id)) {
    throw classicError(404, "card not found", {
      cause: [
        { code: 2002, description: `card ${body.card_id} not found for this seller or customer`, data: "card_id" },
      ],
    });
  }
  const methodId = card.payment_method?.id ?? "";
  const method = anyCardMethod(methodId);
  if (!method) throw classicError(500, `saved card ${card.id} has an unknown payment method ${methodId}`);
  checkSecurityCode(body.security_code, method);
  const expiry = checkExpiry(ctx.clock.now(), card.expiration_month, card.expiration_year);
  const name = card.cardholder?.name ?? "";
  const token: Schemas["CardToken"] = {
    ...tokenBase(ctx),
    card_id: card.id,
    first_six_digits: card.first_six_digits ?? "",
    last_four_digits: card.last_four_digits ?? "",
    expiration_month: expiry.month,
    expiration_year: expiry.year,
    card_number_length: method.cardNumberLength,
    security_code_length: method.securityCodeLength,
    cardholder: cardholderOf(name, card.cardholder?.identification),
  };
  return {
    token,
    sellerUserId: seller.userId,
    cardholderName: name,
    paymentMethodId: method.id,
    cardId: card.id,
    customerId: card.customer_id ?? null,
  };
}

/**
 * Tokenizes card data or a saved card for a seller (the handler of POST
 * /v1/card_tokens) and stores the token. Throws the provider's 400 naming the
 * field for a number failing Luhn, a past expiry, a CVV of the wrong length or
 * an empty cardholder name; 404 for an unknown saved card.
 */
export function createCardToken(
  ctx: SandboxContext,
  seller: Seller,
  body: Schemas["CardTokenRequest"],
): StoredCardToken {
  const stored =
    "card_id" in body && typeof body.card_id === "string"
      ? tokenizeSavedCard(ctx, seller, body)
      : tokenizeCardData(ctx, seller, body as CardDataRequest);
  tokensOf(ctx).put(stored.token.id, stored);
  return stored;
}

/** A seller's token without consuming it, or undefined when unknown or another seller's. */
export function peekCardToken(ctx: SandboxContext, seller: Seller, tokenId: string): StoredCardToken | undefined {
  const stored = tokensOf(ctx).get(tokenId);
  return stored && stored.sellerUserId === seller.userId ? stored : undefined;
}

function invalidToken(description: string, code: number): never {
  throw classicError(400, "invalid card token", { cause: [{ code, description, data: "token" }] });
}

/**
 * Marks a token used and returns it; throws the provider's 400 (unknown, used or
 * expired token, or another seller's) as a SandboxHttpError. Tokens are single use.
 */
export function consumeCardToken(ctx: SandboxContext, seller: Seller, tokenId: string): StoredCardToken {
  const tokens = tokensOf(ctx);
  const stored = tokens.get(tokenId);
  // Another seller's token is as unknown as a made-up one: tokens never cross accounts.
  if (!stored || stored.sellerUserId !== seller.userId) invalidToken("Card Token not found", 2006);
  const now = ctx.clock.now();
  if (stored.token.status === "used") invalidToken("card token already used: tokens are single use", 3003);
  if (
    stored.token.status === "expired" ||
    (stored.token.date_due && Date.parse(stored.token.date_due) <= now.getTime())
  ) {
    stored.token.status = "expired";
    tokens.put(tokenId, stored);
    invalidToken("card token expired: tokens are valid for 7 days", 3003);
  }
  stored.token.status = "used";
  stored.token.date_last_updated = now.toISOString();
  tokens.put(tokenId, stored);
  return stored;
}

/** Routes of the `card-tokens` group: POST /v1/card_tokens (bearer token or `?public_key=`). */
export const registerCardTokensRoutes: RegisterRoutes = (app, ctx) => {
  app.post("/v1/card_tokens", (c) => {
    const stored = createCardToken(ctx, c.get("seller"), c.get("jsonBody") as Schemas["CardTokenRequest"]);
    return c.json(stored.token, 201);
  });
};
