// What the shop's payment method lists need to know of a method: whether it is
// a card, and whether it takes an amount. The brand of a typed card comes from
// the provider's browser SDK (binChange → getPaymentMethods), not from here.

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

export function isCardMethod(method: PaymentMethodLike): boolean {
  return CARD_PAYMENT_TYPES.has(method.paymentTypeId);
}

/** True when `amountMinor` is within the method's allowed range (when it states one). */
export function acceptsAmount(method: PaymentMethodLike, amountMinor: number): boolean {
  if (method.minAmountMinor !== undefined && amountMinor < method.minAmountMinor) return false;
  if (method.maxAmountMinor !== undefined && amountMinor > method.maxAmountMinor) return false;
  return true;
}
