import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { loadDictionary } from "./dictionaries";
import type { MessageKey, MessageParams, Translate } from "./dictionary";
import { type DateStyle, formatDateIn, formatMoneyIn, moneyLocale } from "./format";
import { LANGUAGE_STORAGE_KEY, type Language, pickLanguage, resolveLocale } from "./locale";
import { createTranslator, translatePlural } from "./translate";

export interface I18n {
  language: Language;
  /** BCP 47 locale for Intl, e.g. "es-AR". */
  locale: string;
  setLanguage: (language: Language) => void;
  t: Translate;
  /** Singular or plural by the language's rules: `tPlural({ one: "cart.itemCount.one", other: "…" }, n)`. */
  tPlural: (keys: { one: MessageKey; other: MessageKey }, count: number, params?: MessageParams) => string;
  formatMoney: (amountMinor: number, currency: string) => string;
  /** The locale `formatMoney` uses for `currency` (for the `Money` component). */
  moneyLocaleFor: (currency: string) => string;
  formatDate: (value: Date | string | number, style?: DateStyle) => string;
}

const I18nContext = createContext<I18n | null>(null);

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

function readStoredLanguage(): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked (privacy settings): fall back to the browser's languages
  }
}

function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted; the choice still applies to this visit.
  }
}

/** The language to show this visitor: their saved choice, else the browser's, else English (see locale.ts). */
export function detectLanguage(preferred: readonly string[] = browserLanguages()): Language {
  return pickLanguage({ stored: readStoredLanguage(), preferred });
}

export interface I18nProviderProps {
  /**
   * The first language shown, whose dictionary must be loaded (main.tsx loads `detectLanguage()`'s; tests
   * load them all); otherwise it comes from storage and the browser.
   */
  initialLanguage?: Language;
  /** The browser's languages; defaults to `navigator.languages`. */
  preferredLanguages?: readonly string[];
  children: ReactNode;
}

/** Provides the shopper's language, translations and Intl formatters to the app. */
export function I18nProvider({ initialLanguage, preferredLanguages, children }: I18nProviderProps) {
  const preferred = useMemo(() => preferredLanguages ?? browserLanguages(), [preferredLanguages]);
  const [language, setLanguageState] = useState<Language>(() => initialLanguage ?? detectLanguage(preferred));

  // The page keeps its current words until the next language's dictionary has arrived.
  const setLanguage = useCallback((next: Language) => {
    loadDictionary(next).then(
      () => {
        setLanguageState(next);
        storeLanguage(next);
      },
      (error: unknown) => console.error(`[web] could not load the ${next} dictionary`, error),
    );
  }, []);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const value = useMemo<I18n>(() => {
    const locale = resolveLocale(language, preferred);
    return {
      language,
      locale,
      setLanguage,
      t: createTranslator(language),
      tPlural: (keys, count, params) => translatePlural(language, keys, count, params),
      formatMoney: (amountMinor, currency) => formatMoneyIn(amountMinor, currency, locale),
      moneyLocaleFor: (currency) => moneyLocale(currency, locale),
      formatDate: (date, style) => formatDateIn(date, locale, style),
    };
  }, [language, preferred, setLanguage]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current language and its helpers. Throws outside `I18nProvider`. */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n must be used inside <I18nProvider>");
  return value;
}
