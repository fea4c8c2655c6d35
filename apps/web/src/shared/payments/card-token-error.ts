// Why a card token could not be made, with a problem per card field for the
// form. The token is made by the provider's browser SDK in its secure fields;
// its problems are mapped here to Cobro's card fields (describe-error.ts
// translates them).
import type { CardField, CardFieldErrors, CardFieldProblem } from "@cobro/contracts";

export type CardTokenizationFailure =
  /** The card data in the secure fields was refused; see `fieldErrors`. */
  | "invalid_card"
  /** The SDK could not be used with our public key: a configuration problem, not the shopper's. */
  | "configuration"
  /** The provider is down or rate limiting: try again later. */
  | "unavailable"
  /** The request never got an answer (offline, blocked). */
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

/** The SDK's secure field names → Cobro's card fields. */
const FIELD_OF_SDK_FIELD: Readonly<Record<string, CardField>> = {
  cardNumber: "cardNumber",
  expirationDate: "expiry",
  expirationMonth: "expiry",
  expirationYear: "expiry",
  securityCode: "securityCode",
  cardholderName: "cardholderName",
  identificationNumber: "identification",
  identificationType: "identification",
};

/** A secure field's validity cause (docs: invalid_type, invalid_length, invalid_value, …) as a card problem. */
export function problemOfCause(field: CardField, cause: string | undefined, message = ""): CardFieldProblem {
  if (cause === "empty" || cause === "required" || /required|empty/i.test(message)) return "required";
  if (field === "expiry" && /greater|expired/i.test(message)) return "expired";
  return "invalid";
}

/** The field problems in an SDK error: an array (or `{cause: [...]}`) of `{field, cause, message}` entries. */
export function fieldErrorsOfSdkError(error: unknown): CardFieldErrors {
  const entries: unknown[] = Array.isArray(error)
    ? error
    : error && typeof error === "object" && Array.isArray((error as { cause?: unknown }).cause)
      ? ((error as { cause: unknown[] }).cause ?? [])
      : [];
  const found: CardFieldErrors = {};
  for (const entry of entries) {
    if (!entry || typeof entry !== "object") continue;
    const { field, cause, code, message } = entry as Record<string, unknown>;
    const sdkField = typeof field === "string" ? field : "";
    const mapped = FIELD_OF_SDK_FIELD[sdkField];
    if (!mapped || found[mapped]) continue;
    const causeText = typeof cause === "string" ? cause : typeof code === "string" ? code : undefined;
    found[mapped] = problemOfCause(mapped, causeText, typeof message === "string" ? message : "");
  }
  return found;
}

/** Any rejection of `createCardToken` as a CardTokenizationError. */
export function toCardTokenizationError(error: unknown): CardTokenizationError {
  if (error instanceof CardTokenizationError) return error;
  const fieldErrors = fieldErrorsOfSdkError(error);
  if (Object.keys(fieldErrors).length > 0) {
    return new CardTokenizationError("invalid_card", "The card details were refused", { fieldErrors, cause: error });
  }
  if (error instanceof TypeError)
    return new CardTokenizationError("network", "The card processor was not reached", { cause: error });
  return new CardTokenizationError("invalid_card", "The card could not be tokenized", { cause: error });
}
