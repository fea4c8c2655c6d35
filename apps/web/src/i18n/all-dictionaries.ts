// Every language at once, for tests and tools that compare the dictionaries.
// The app never imports this file: it loads one language at a time (dictionaries.ts).
import type { Dictionary } from "./dictionary";
import type { Language } from "./locale";
import { en } from "./messages-en";
import { es } from "./messages-es";
import { pt } from "./messages-pt";

export const DICTIONARIES: Readonly<Record<Language, Dictionary>> = { en, es, pt };
