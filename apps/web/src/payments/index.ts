export {
  type CardField,
  type CardFieldErrors,
  type CardFieldProblem,
  type CardInput,
  cardDigits,
  cardErrorKey,
  normalizeExpiry,
  passesLuhn,
  validateCardInput,
} from "@cobro/contracts";
export {
  acceptsAmount,
  BIN_LENGTH,
  detectCardMethod,
  isCardMethod,
  type PaymentMethodLike,
} from "./card-brand";
export {
  INSTALLMENT_STEPS,
  type InstallmentOption,
  installmentCounts,
  installmentOptions,
  MAX_INSTALLMENTS,
} from "./installments";
export {
  type CardToken,
  CardTokenizationError,
  type CardTokenizationFailure,
  cardTokenRequestBody,
  cardTokensUrl,
  type FetchLike,
  fieldErrorsFromProviderBody,
  type TokenizeCardOptions,
  tokenizeCard,
} from "./tokenize-card";
