// Which language to show: the shopper's saved choice, else the first of the
// browser's languages we speak, else English.

export const LANGUAGES = ["es", "pt", "en"] as const;

export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  es: "Español",
  pt: "Português",
  en: "English",
};

/** localStorage key of the shopper's choice. */
export const LANGUAGE_STORAGE_KEY = "cobro.language";

export const FALLBACK_LANGUAGE: Language = "en";

/** The locale used for numbers and dates when the browser names no region for the language. */
const DEFAULT_LOCALES: Readonly<Record<Language, string>> = {
  es: "es-419",
  pt: "pt-BR",
  en: "en-US",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

function baseLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
}

/**
 * Picks the language: a valid stored choice wins; otherwise the first browser language (`navigator.languages`,
 * most preferred first) whose base is one we have ("pt-PT" → pt); otherwise English.
 */
export function pickLanguage(options: { stored: string | null; preferred: readonly string[] }): Language {
  if (isLanguage(options.stored)) return options.stored;
  for (const tag of options.preferred) {
    const base = baseLanguage(tag);
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * The BCP 47 locale for `Intl` in `language`: the browser's own tag for that language when it has one (so a
 * shopper in Mexico gets es-MX dates), else a default (es-419, pt-BR, en-US).
 */
export function resolveLocale(language: Language, preferred: readonly string[]): string {
  for (const tag of preferred) {
    if (baseLanguage(tag) !== language) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical?.includes("-")) return canonical;
    } catch {
      // A malformed tag from the browser: ignore it.
    }
  }
  return DEFAULT_LOCALES[language];
}
