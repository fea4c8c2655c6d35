import { describe, expect, it } from "vitest";
import { pickLanguage, resolveLocale } from "./locale";

describe("pickLanguage", () => {
  it("prefers the stored choice", () => {
    expect(pickLanguage({ stored: "pt", preferred: ["es-AR", "en"] })).toBe("pt");
  });

  it("ignores a stored value that is not a language", () => {
    expect(pickLanguage({ stored: "fr", preferred: ["es-AR"] })).toBe("es");
  });

  it("takes the first browser language it speaks, by base language", () => {
    expect(pickLanguage({ stored: null, preferred: ["fr-FR", "pt-PT", "es"] })).toBe("pt");
    expect(pickLanguage({ stored: null, preferred: ["EN_gb"] })).toBe("en");
  });

  it("falls back to English", () => {
    expect(pickLanguage({ stored: null, preferred: ["de", "it"] })).toBe("en");
    expect(pickLanguage({ stored: null, preferred: [] })).toBe("en");
  });
});

describe("resolveLocale", () => {
  it("keeps the browser's region for the chosen language", () => {
    expect(resolveLocale("es", ["en-US", "es-MX"])).toBe("es-MX");
  });

  it("uses a default region otherwise", () => {
    expect(resolveLocale("es", ["en-US"])).toBe("es-419");
    expect(resolveLocale("pt", ["pt"])).toBe("pt-BR");
    expect(resolveLocale("en", ["not a tag!"])).toBe("en-US");
  });
});
