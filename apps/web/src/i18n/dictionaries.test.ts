import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "./all-dictionaries";
import { getDictionary, isDictionaryLoaded, loadDictionary } from "./dictionaries";
import { LANGUAGES } from "./locale";

describe("dictionaries", () => {
  it.each(LANGUAGES)("loads %s once, as the same words the app ships", async (language) => {
    const first = await loadDictionary(language);
    expect(await loadDictionary(language)).toBe(first);
    expect(first).toEqual(DICTIONARIES[language]);
    expect(isDictionaryLoaded(language)).toBe(true);
    expect(getDictionary(language)).toBe(first);
  });
});
