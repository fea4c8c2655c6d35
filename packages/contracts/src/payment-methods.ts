// How a payment method's id reads to a person ("master" → "Mastercard"), for the console and the e-mails alike: the
// provider's ids are codes, and a merchant or a shopper should see the brand. An id not listed (a method the provider
// added later) reads as itself, capitalised.

/** The provider's payment method ids (its `payment_method_id`) as their brands are written. */
export const PAYMENT_METHOD_NAMES: Readonly<Record<string, string>> = {
  visa: "Visa",
  debvisa: "Visa Débito",
  master: "Mastercard",
  debmaster: "Mastercard Débito",
  amex: "American Express",
  naranja: "Naranja",
  cabal: "Cabal",
  debcabal: "Cabal Débito",
  maestro: "Maestro",
  elo: "Elo",
  hipercard: "Hipercard",
  rapipago: "Rapipago",
  pagofacil: "Pago Fácil",
  bolbradesco: "Boleto",
  pix: "Pix",
  account_money: "Mercado Pago",
};

/**
 * A payment method id in words.
 *
 * @example paymentMethodName("master") // "Mastercard"; paymentMethodName("oxxo") // "Oxxo"
 */
export function paymentMethodName(id: string): string {
  return Object.hasOwn(PAYMENT_METHOD_NAMES, id)
    ? (PAYMENT_METHOD_NAMES[id] as string)
    : `${id.charAt(0).toUpperCase()}${id.slice(1)}`;
}

/** The provider's payment types (`payment_type_id`) the console has words for. */
export const PAYMENT_TYPE_IDS = [
  "credit_card",
  "debit_card",
  "prepaid_card",
  "ticket",
  "bank_transfer",
  "atm",
  "account_money",
  "digital_currency",
  "digital_wallet",
] as const;
export type PaymentTypeId = (typeof PAYMENT_TYPE_IDS)[number];

export function isPaymentTypeId(value: string): value is PaymentTypeId {
  return (PAYMENT_TYPE_IDS as readonly string[]).includes(value);
}
