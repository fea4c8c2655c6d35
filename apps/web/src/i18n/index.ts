export { getDictionary, isDictionaryLoaded, loadDictionary } from "./dictionaries";
export type { Dictionary, MessageKey, MessageParams, Translate } from "./dictionary";
export { type DateStyle, formatDateIn, formatMoneyIn, moneyLocale } from "./format";
export { detectLanguage, type I18n, I18nProvider, type I18nProviderProps, useI18n } from "./i18n-context";
export { LanguageSwitcher } from "./language-switcher";
export { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, pickLanguage, resolveLocale } from "./locale";
export {
  describePaymentOutcome,
  isKnownPaymentStatus,
  isKnownStatusDetail,
  type KnownPaymentStatus,
  type KnownStatusDetail,
  type NextStep,
  PAYMENT_STATUS_DETAILS,
  PAYMENT_STATUSES,
  type PaymentOutcomeText,
} from "./payment-status";
export { createTranslator, fillPlaceholders, translatePlural } from "./translate";
