// Vitest setup: the app loads one language's dictionary at a time; tests render and translate in all of them.
import { loadDictionary } from "./i18n/dictionaries";
import { LANGUAGES } from "./i18n/locale";

await Promise.all(LANGUAGES.map((language) => loadDictionary(language)));
