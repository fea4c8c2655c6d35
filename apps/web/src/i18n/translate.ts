import { getDictionary } from "./dictionaries";
import type { MessageKey, MessageParams, Translate } from "./dictionary";
import type { Language } from "./locale";

const PLACEHOLDER = /\{(\w+)\}/g;

/** Replaces `{name}` placeholders; an unknown placeholder is left as written so the gap is visible. */
export function fillPlaceholders(template: string, params: MessageParams | undefined): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The placeholder names a message uses, e.g. ["count"]. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "").sort();
}

/** A `t(key, params)` for one language, whose dictionary must be loaded (see dictionaries.ts). */
export function createTranslator(language: Language): Translate {
  const dictionary = getDictionary(language);
  return (key: MessageKey, params?: MessageParams) => fillPlaceholders(dictionary[key], params);
}

/** Picks the singular or plural key by the language's plural rules and fills `{count}`. */
export function translatePlural(
  language: Language,
  keys: { one: MessageKey; other: MessageKey },
  count: number,
  params: MessageParams = {},
): string {
  const category = new Intl.PluralRules(language).select(count);
  const key = category === "one" ? keys.one : keys.other;
  return fillPlaceholders(getDictionary(language)[key], { count, ...params });
}
