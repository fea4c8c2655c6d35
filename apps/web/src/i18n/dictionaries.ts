// Each language's words are a chunk of their own, loaded on demand: a shopper
// downloads only the language they read (main.tsx loads it before the first
// render; switching language loads the next one before showing it).
import type { Dictionary } from "./dictionary";
import type { Language } from "./locale";

const LOADERS: Readonly<Record<Language, () => Promise<Dictionary>>> = {
  en: () => import("./messages-en").then((module) => module.en),
  es: () => import("./messages-es").then((module) => module.es),
  pt: () => import("./messages-pt").then((module) => module.pt),
};

const loaded = new Map<Language, Dictionary>();
const loading = new Map<Language, Promise<Dictionary>>();

/** Loads a language's dictionary once; later calls share the same load. A failed load may be retried. */
export function loadDictionary(language: Language): Promise<Dictionary> {
  const cached = loaded.get(language);
  if (cached) return Promise.resolve(cached);
  let pending = loading.get(language);
  if (!pending) {
    pending = LOADERS[language]().then(
      (dictionary) => {
        loaded.set(language, dictionary);
        loading.delete(language);
        return dictionary;
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/** True once `loadDictionary(language)` has finished. */
export function isDictionaryLoaded(language: Language): boolean {
  return loaded.has(language);
}

/** A loaded dictionary; throws when `loadDictionary` has not finished for it (a bug in the caller). */
export function getDictionary(language: Language): Dictionary {
  const dictionary = loaded.get(language);
  if (!dictionary)
    throw new Error(`The ${language} dictionary is not loaded: await loadDictionary("${language}") first`);
  return dictionary;
}
