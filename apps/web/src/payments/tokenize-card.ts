// Card tokenization straight from the browser to the provider (provider-facts
// §4.5): POST <providerApiUrl>/v1/card_tokens?public_key=… with the card data.
// Card numbers and security codes never pass through Cobro's server; the server
// only ever sees the single-use token id. The CSP's connect-src allows the
// provider API origin for exactly this call.
import { type CardField, type CardFieldErrors, type CardInput, cardDigits, normalizeExpiry } from "@cobro/contracts";

export interface CardToken {
  /** The single-use token id (32 hex chars), valid about 7 days. */
  id: string;
  firstSixDigits: string;
  lastFourDigits: string;
}

export type CardTokenizationFailure =
  /** The provider refused the card data; see `fieldErrors`. */
  | "invalid_card"
  /** The provider rejected our public key or URL: a configuration problem, not the shopper's. */
  | "configuration"
  /** The provider is down or rate limiting (5xx, 429): try again later. */
  | "unavailable"
  /** The request never got an answer (offline, blocked, CORS). */
  | "network";

/** Why tokenization failed, with errors per card field for the form. */
export class CardTokenizationError extends Error {
  override readonly name = "CardTokenizationError";
  readonly kind: CardTokenizationFailure;
  readonly fieldErrors: CardFieldErrors;
  /** The provider's HTTP status, or null when there was no answer. */
  readonly status: number | null;

  constructor(
    kind: CardTokenizationFailure,
    message: string,
    options: { fieldErrors?: CardFieldErrors; status?: number | null; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.fieldErrors = options.fieldErrors ?? {};
    this.status = options.status ?? null;
  }
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TokenizeCardOptions {
  /** `system.publicConfig().providerApiUrl`, e.g. https://api.mercadopago.com. */
  providerApiUrl: string;
  /** `system.publicConfig().publicKey` (public by design; never an access token). */
  publicKey: string;
  card: CardInput;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: FetchLike;
  signal?: AbortSignal;
}

/** The card_tokens URL for a provider API base URL and public key. */
function cardTokensUrl(providerApiUrl: string, publicKey: string): string {
  return `${providerApiUrl.replace(/\/+$/, "")}/v1/card_tokens?public_key=${encodeURIComponent(publicKey)}`;
}

/** The request body the provider expects (§4.5), built from the form's input. */
function cardTokenRequestBody(card: CardInput): Record<string, unknown> {
  const expiry = normalizeExpiry(card.expirationMonth, card.expirationYear);
  const identification =
    card.identification && card.identification.type.trim() !== "" && card.identification.number.trim() !== ""
      ? { type: card.identification.type.trim(), number: card.identification.number.trim() }
      : undefined;
  return {
    card_number: cardDigits(card.cardNumber),
    // A malformed expiry is sent as typed so the provider names the field in its 400.
    expiration_month: expiry?.month ?? String(card.expirationMonth).trim(),
    expiration_year: expiry?.year ?? String(card.expirationYear).trim(),
    security_code: card.securityCode.trim(),
    cardholder: {
      name: card.cardholderName.trim(),
      ...(identification ? { identification } : {}),
    },
  };
}

interface ProviderCause {
  code?: unknown;
  description?: unknown;
  data?: unknown;
}

/**
 * provider: documented cause codes of /v1/card_tokens refusals (and of the MercadoPago.js SDK that posts there):
 * 205 card number empty, E301 invalid card number; 208/209 month/year empty, 325/326 month/year invalid;
 * 224 security code empty, E302/E203 invalid security code; 221 holder name empty, 316 invalid holder name;
 * 212/213/214 document type/subtype/number empty, 322/323/324 invalid.
 */
const CAUSE_CODES: Readonly<Record<string, { field: CardField; problem: "required" | "invalid" }>> = {
  "205": { field: "cardNumber", problem: "required" },
  E301: { field: "cardNumber", problem: "invalid" },
  "208": { field: "expiry", problem: "required" },
  "209": { field: "expiry", problem: "required" },
  "325": { field: "expiry", problem: "invalid" },
  "326": { field: "expiry", problem: "invalid" },
  "224": { field: "securityCode", problem: "required" },
  E302: { field: "securityCode", problem: "invalid" },
  E203: { field: "securityCode", problem: "invalid" },
  "221": { field: "cardholderName", problem: "required" },
  "316": { field: "cardholderName", problem: "invalid" },
  "212": { field: "identification", problem: "required" },
  "213": { field: "identification", problem: "required" },
  "214": { field: "identification", problem: "required" },
  "322": { field: "identification", problem: "invalid" },
  "323": { field: "identification", problem: "invalid" },
  "324": { field: "identification", problem: "invalid" },
};

/** The form field a provider field path (`cause[].data`) belongs to. */
function fieldOfPath(path: string): CardField | null {
  if (path === "card_number") return "cardNumber";
  if (path === "expiration_month" || path === "expiration_year") return "expiry";
  if (path === "security_code") return "securityCode";
  if (path === "cardholder.name") return "cardholderName";
  if (path.startsWith("cardholder.identification")) return "identification";
  return null;
}

/**
 * Maps a provider 400 body (`{ message, error, status, cause: [{ code, description, data }] }`, §8) to field
 * errors. The field comes from `cause.data` when it names one (the sandbox always does), else from the cause code;
 * "empty"/"null" descriptions mean required and "expired" means expired.
 */
export function fieldErrorsFromProviderBody(body: unknown): CardFieldErrors {
  const errors: CardFieldErrors = {};
  if (typeof body !== "object" || body === null || !("cause" in body) || !Array.isArray(body.cause)) return errors;
  for (const cause of body.cause as ProviderCause[]) {
    if (typeof cause !== "object" || cause === null) continue;
    const code = typeof cause.code === "string" || typeof cause.code === "number" ? String(cause.code) : "";
    const description = typeof cause.description === "string" ? cause.description : "";
    const byCode = CAUSE_CODES[code];
    const field = (typeof cause.data === "string" ? fieldOfPath(cause.data) : null) ?? byCode?.field ?? null;
    if (!field || errors[field]) continue;
    if (/expired/i.test(description) && field === "expiry") errors[field] = "expired";
    else if (/empty|null|required/i.test(description)) errors[field] = "required";
    else errors[field] = byCode && byCode.field === field ? byCode.problem : "invalid";
  }
  return errors;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function stringField(body: unknown, key: string): string | null {
  if (typeof body !== "object" || body === null) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * Sends card data to the provider and returns the single-use token. Throws `CardTokenizationError`: `invalid_card`
 * with `fieldErrors` for a 400, `configuration` for 401/403/404 (wrong public key or URL), `unavailable` for 429 and
 * 5xx, `network` when no answer arrived. Never retried automatically: the shopper presses Pay again.
 *
 * @example
 * const token = await tokenizeCard({ providerApiUrl, publicKey, card });
 * await payWithCard.mutateAsync({ checkoutId, checkoutToken, cardToken: token.id, ... });
 */
export async function tokenizeCard(options: TokenizeCardOptions): Promise<CardToken> {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(cardTokensUrl(options.providerApiUrl, options.publicKey), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(cardTokenRequestBody(options.card)),
      // Another origin: never send Cobro's cookies there.
      credentials: "omit",
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    throw new CardTokenizationError("network", "The card processor could not be reached", { cause: error });
  }

  const body = await readJson(response);
  if (response.ok) {
    const id = stringField(body, "id");
    if (!id)
      throw new CardTokenizationError("unavailable", "The card processor answered without a token", {
        status: response.status,
      });
    const digits = cardDigits(options.card.cardNumber);
    return {
      id,
      firstSixDigits: stringField(body, "first_six_digits") ?? digits.slice(0, 6),
      lastFourDigits: stringField(body, "last_four_digits") ?? digits.slice(-4),
    };
  }

  const status = response.status;
  if (status === 400 || status === 422) {
    const fieldErrors = fieldErrorsFromProviderBody(body);
    throw new CardTokenizationError("invalid_card", "The card processor refused the card data", {
      fieldErrors,
      status,
    });
  }
  if (status === 401 || status === 403 || status === 404) {
    throw new CardTokenizationError("configuration", "The card processor refused the store's public key", { status });
  }
  throw new CardTokenizationError("unavailable", "The card processor is unavailable", { status });
}
