// Every language at once, for tests and tools that compare the dictionaries.
// The app never imports this file: it loads one language at a time (dictionaries.ts).
import type { MessageKey } from "./dictionary";
import type { Language } from "./locale";
import { adminEn } from "./messages-admin-en";
import { adminEs } from "./messages-admin-es";
import { adminPt } from "./messages-admin-pt";
import { en } from "./messages-en";
import { es } from "./messages-es";
import { pt } from "./messages-pt";

/** Each language's words, the shop's and the console's together. */
export const DICTIONARIES: Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> = {
  en: { ...en, ...adminEn },
  es: { ...es, ...adminEs },
  pt: { ...pt, ...adminPt },
};
