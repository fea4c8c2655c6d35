// Each language's words are a chunk of their own, loaded on demand: a shopper
// downloads only the language they read (main.tsx loads it before the first
// render; switching language loads the next one before showing it). The admin
// console's words are a second chunk per language, loaded only once the
// console asks for them (loadAdminDictionary); from then on a language switch
// loads both parts before showing the new language.
import type { AdminDictionary, Dictionary, MessageKey } from "./dictionary";
import type { Language } from "./locale";

const SHOP_LOADERS: Readonly<Record<Language, () => Promise<Dictionary>>> = {
  en: () => import("./messages-en").then((module) => module.en),
  es: () => import("./messages-es").then((module) => module.es),
  pt: () => import("./messages-pt").then((module) => module.pt),
};

const ADMIN_LOADERS: Readonly<Record<Language, () => Promise<AdminDictionary>>> = {
  en: () => import("./messages-admin-en").then((module) => module.adminEn),
  es: () => import("./messages-admin-es").then((module) => module.adminEs),
  pt: () => import("./messages-admin-pt").then((module) => module.adminPt),
};

/** A language's words so far: the shop's, plus the console's once loaded (added to the same object). */
type LoadedWords = Partial<Record<MessageKey, string>>;

const loaded = new Map<Language, LoadedWords>();
const adminLoaded = new Set<Language>();
const loading = new Map<string, Promise<void>>();
/** Set once the console has asked for its words: language switches then load them too. */
let adminWanted = false;

/** Runs `load` once per `id` at a time; a failed load may be retried. */
function once(id: string, load: () => Promise<void>): Promise<void> {
  let pending = loading.get(id);
  if (!pending) {
    pending = load().finally(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

function loadShop(language: Language): Promise<void> {
  if (loaded.has(language)) return Promise.resolve();
  return once(`shop:${language}`, async () => {
    const words = await SHOP_LOADERS[language]();
    loaded.set(language, { ...words });
  });
}

/** Loads a language's dictionary once (and the console's part, once the console wants it). */
export async function loadDictionary(language: Language): Promise<void> {
  await loadShop(language);
  if (adminWanted) await loadAdminDictionary(language);
}

/** Loads the admin console's words of a language (and marks them wanted for later language switches). */
export async function loadAdminDictionary(language: Language): Promise<void> {
  adminWanted = true;
  await loadShop(language);
  if (adminLoaded.has(language)) return;
  await once(`admin:${language}`, async () => {
    const words = await ADMIN_LOADERS[language]();
    // The translator of this language holds this object: the console's words appear in it without a new one.
    Object.assign(loaded.get(language) ?? {}, words);
    adminLoaded.add(language);
  });
}

/** True once `loadDictionary(language)` has finished. */
export function isDictionaryLoaded(language: Language): boolean {
  return loaded.has(language);
}

/** True once the console's words of `language` are loaded. */
export function isAdminDictionaryLoaded(language: Language): boolean {
  return adminLoaded.has(language);
}

/** A loaded dictionary; throws when `loadDictionary` has not finished for it (a bug in the caller). */
export function getDictionary(language: Language): Readonly<Record<MessageKey, string>> {
  const dictionary = loaded.get(language);
  if (!dictionary)
    throw new Error(`The ${language} dictionary is not loaded: await loadDictionary("${language}") first`);
  // The console's keys are present once its part is loaded; the console renders only after that.
  return dictionary as Readonly<Record<MessageKey, string>>;
}
