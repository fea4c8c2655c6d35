import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "./all-dictionaries";
import { getDictionary, isAdminDictionaryLoaded, isDictionaryLoaded, loadDictionary } from "./dictionaries";
import { LANGUAGES } from "./locale";

// The test setup loads every language, the console's words included (test-setup.ts).
describe("dictionaries", () => {
  it.each(LANGUAGES)("loads %s once, as the same words the app ships (shop and console)", async (language) => {
    const first = getDictionary(language);
    await loadDictionary(language);
    expect(getDictionary(language)).toBe(first);
    expect(first).toEqual(DICTIONARIES[language]);
    expect(isDictionaryLoaded(language)).toBe(true);
    expect(isAdminDictionaryLoaded(language)).toBe(true);
  });
});
