import { describe, expect, it } from "vitest";
import { formatDateIn, formatMoneyIn, moneyLocale } from "./format";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("money", () => {
  it("formats in the currency's home locale when it speaks the shopper's language", () => {
    expect(moneyLocale("BRL", "pt-PT")).toBe("pt-BR");
    expect(moneyLocale("ARS", "es-419")).toBe("es-AR");
    expect(moneyLocale("BRL", "en-US")).toBe("en-US");
    expect(plain(formatMoneyIn(123456, "BRL", "pt-BR"))).toBe("R$ 1.234,56");
    expect(plain(formatMoneyIn(123456, "ARS", "es-419"))).toBe("$ 1.234,56");
  });

  it("shows CLP and COP without decimals", () => {
    expect(plain(formatMoneyIn(15990, "CLP", "es-419"))).toBe("$15.990");
    expect(plain(formatMoneyIn(15990, "COP", "en-US"))).toBe("COP 15,990");
  });

  it("formats whatever the shopper's locale for other languages", () => {
    expect(plain(formatMoneyIn(1999, "MXN", "en-US"))).toBe("MX$19.99");
  });
});

describe("formatDateIn", () => {
  it("formats ISO strings as tRPC sends them", () => {
    expect(formatDateIn("2025-03-04T15:30:00Z", "en-US", "date", "UTC")).toBe("Mar 4, 2025");
    expect(formatDateIn("2025-03-04T15:30:00Z", "es-AR", "date", "UTC")).toBe("4 mar 2025");
    expect(plain(formatDateIn("2025-03-04T15:30:00Z", "pt-BR", "dateTime", "UTC"))).toBe("4 de mar. de 2025, 15:30");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatDateIn("not a date", "en-US")).toBe("");
  });
});
