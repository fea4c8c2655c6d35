import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "./all-dictionaries";
import type { MessageKey } from "./dictionary";
import { LANGUAGES } from "./locale";
import { PAYMENT_STATUS_DETAILS, PAYMENT_STATUSES } from "./payment-status";
import { createTranslator, fillPlaceholders, placeholdersOf, translatePlural } from "./translate";

const KEYS = Object.keys(DICTIONARIES.en) as MessageKey[];

describe("dictionaries", () => {
  it("have the same keys in every language", () => {
    for (const language of LANGUAGES) expect(Object.keys(DICTIONARIES[language]).sort()).toEqual([...KEYS].sort());
  });

  it("use the same placeholders in every language", () => {
    for (const key of KEYS) {
      for (const language of LANGUAGES) {
        expect({ key, language, placeholders: placeholdersOf(DICTIONARIES[language][key]) }).toEqual({
          key,
          language,
          placeholders: placeholdersOf(DICTIONARIES.en[key]),
        });
      }
    }
  });

  it("have no empty message", () => {
    for (const language of LANGUAGES) {
      for (const key of KEYS) expect(DICTIONARIES[language][key].trim(), `${language} ${key}`).not.toBe("");
    }
  });

  it("translate every payment status detail and next step differently from English in es and pt", () => {
    for (const detail of Object.keys(PAYMENT_STATUS_DETAILS)) {
      const key = `payment.detail.${detail}` as MessageKey;
      expect(DICTIONARIES.es[key]).not.toBe(DICTIONARIES.en[key]);
      expect(DICTIONARIES.pt[key]).not.toBe(DICTIONARIES.en[key]);
    }
    for (const status of Object.keys(PAYMENT_STATUSES)) {
      expect(DICTIONARIES.es[`payment.status.${status}` as MessageKey]).not.toBe(
        DICTIONARIES.en[`payment.status.${status}` as MessageKey],
      );
    }
  });
});

describe("translation", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(fillPlaceholders("Cart ({count})", { count: 3 })).toBe("Cart (3)");
    expect(fillPlaceholders("Hi {name}", {})).toBe("Hi {name}");
  });

  it("translates by language", () => {
    expect(createTranslator("es")("nav.cartCount", { count: 2 })).toBe("Carrito (2)");
    expect(createTranslator("pt")("payment.detail.cc_rejected_insufficient_amount")).toBe(
      "Seu cartão não tem saldo suficiente.",
    );
  });

  it("picks plural forms by the language's rules", () => {
    const keys = { one: "cart.itemCount.one", other: "cart.itemCount.other" } as const;
    expect(translatePlural("en", keys, 1)).toBe("1 item");
    expect(translatePlural("en", keys, 0)).toBe("0 items");
    expect(translatePlural("es", keys, 3)).toBe("3 artículos");
    expect(translatePlural("pt", keys, 2)).toBe("2 itens");
  });
});
