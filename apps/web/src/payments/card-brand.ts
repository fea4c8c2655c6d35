// Guessing the card's payment method (brand) from its first digits, with the
// BIN patterns `checkout.paymentMethods()` passes on from the provider's
// `settings[].bin` (provider-facts §4.11).

/** The fields of a `checkout.paymentMethods()` entry this module reads. */
export interface PaymentMethodLike {
  id: string;
  name: string;
  /** credit_card, debit_card, prepaid_card, ticket, bank_transfer, atm, … */
  paymentTypeId: string;
  /** A regular expression the first digits match (cards only). */
  binPattern?: string | null;
  /** Numbers matching `binPattern` that belong to another method (e.g. the network's debit BINs). */
  binExclusionPattern?: string | null;
  /** Cards only: the most installments to offer. */
  installments?: { max: number } | null;
  minAmountMinor?: number;
  maxAmountMinor?: number;
  cardNumberLength?: number;
  securityCodeLength?: number;
}

const CARD_PAYMENT_TYPES = new Set(["credit_card", "debit_card", "prepaid_card"]);

/** Digits needed before guessing: the BIN is the first six (the provider's own patterns assume it). */
const BIN_LENGTH = 6;

export function isCardMethod(method: PaymentMethodLike): boolean {
  return CARD_PAYMENT_TYPES.has(method.paymentTypeId);
}

const patternCache = new Map<string, RegExp | null>();

function compile(pattern: string): RegExp | null {
  if (!patternCache.has(pattern)) {
    let compiled: RegExp | null = null;
    try {
      compiled = new RegExp(pattern);
    } catch {
      // A pattern JavaScript cannot parse matches nothing rather than breaking the form.
    }
    patternCache.set(pattern, compiled);
  }
  return patternCache.get(pattern) ?? null;
}

function matchesBin(method: PaymentMethodLike, digits: string): boolean {
  if (!method.binPattern) return false;
  const pattern = compile(method.binPattern);
  if (!pattern?.test(digits)) return false;
  const exclusion = method.binExclusionPattern ? compile(method.binExclusionPattern) : null;
  return !exclusion?.test(digits);
}

/**
 * The card method a card number belongs to, or null until six digits are typed or when none matches. The first
 * match in the list wins: the provider (and the sandbox) list narrow debit and co-branded BINs before the generic
 * networks, and exclusion patterns keep a network from claiming its debit BINs.
 *
 * @example detectCardMethod("4509 9535 6623 3704", methods)?.id; // "visa"
 */
export function detectCardMethod<M extends PaymentMethodLike>(cardNumber: string, methods: readonly M[]): M | null {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits) || digits.length < BIN_LENGTH) return null;
  for (const method of methods) {
    if (isCardMethod(method) && matchesBin(method, digits)) return method;
  }
  return null;
}

/** True when `amountMinor` is within the method's allowed range (when it states one). */
export function acceptsAmount(method: PaymentMethodLike, amountMinor: number): boolean {
  if (method.minAmountMinor !== undefined && amountMinor < method.minAmountMinor) return false;
  if (method.maxAmountMinor !== undefined && amountMinor > method.maxAmountMinor) return false;
  return true;
}
