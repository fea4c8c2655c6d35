import { describe, expect, it } from "vitest";
import { formatMoneyInput, parseMoneyInput } from "./money-input";

const ars = (text: string, locale: string) => parseMoneyInput(text, { currency: "ARS", locale });

describe("parseMoneyInput", () => {
  it("reads each locale's own way of writing five thousand and fifty cents", () => {
    expect(ars("5.000,50", "es-AR")).toEqual({ ok: true, amountMinor: 500_050 });
    expect(ars("5.000,50", "pt-BR")).toEqual({ ok: true, amountMinor: 500_050 });
    expect(ars("5,000.50", "en-US")).toEqual({ ok: true, amountMinor: 500_050 });
    expect(ars("5 000,50", "pt-PT")).toEqual({ ok: true, amountMinor: 500_050 });
  });

  it("takes amounts without grouping, with one decimal or none", () => {
    expect(ars("5000,5", "es-AR")).toEqual({ ok: true, amountMinor: 500_050 });
    expect(ars("5000", "es-AR")).toEqual({ ok: true, amountMinor: 500_000 });
    expect(ars(" 12.5 ", "en-US")).toEqual({ ok: true, amountMinor: 1250 });
    expect(ars(",5", "es-AR")).toEqual({ ok: true, amountMinor: 50 });
    expect(ars("1.234.567,89", "es-AR")).toEqual({ ok: true, amountMinor: 123_456_789 });
  });

  it("reads a group of three as thousands, and the other separator before fewer digits as the decimal point", () => {
    expect(ars("1.500", "es-AR")).toEqual({ ok: true, amountMinor: 150_000 });
    expect(ars("1,500", "en-US")).toEqual({ ok: true, amountMinor: 150_000 });
    expect(ars("12.50", "es-AR")).toEqual({ ok: true, amountMinor: 1250 });
    expect(ars("12,50", "en-US")).toEqual({ ok: true, amountMinor: 1250 });
  });

  it("keeps exact minor units where floating point would drift", () => {
    expect(ars("0,29", "es-AR")).toEqual({ ok: true, amountMinor: 29 });
    expect(ars("1.005,10", "es-AR")).toEqual({ ok: true, amountMinor: 100_510 });
    expect(ars("90.071.992.547.409,91", "es-AR")).toEqual({ ok: true, amountMinor: 9_007_199_254_740_991 });
  });

  it("says why an amount is not one", () => {
    expect(ars("", "es-AR")).toEqual({ ok: false, problem: "empty" });
    expect(ars("   ", "en-US")).toEqual({ ok: false, problem: "empty" });
    expect(ars("-5", "en-US")).toEqual({ ok: false, problem: "negative" });
    expect(ars("abc", "en-US")).toEqual({ ok: false, problem: "not_a_number" });
    expect(ars("5,000.50", "es-AR")).toEqual({ ok: false, problem: "not_a_number" });
    expect(ars("5.000,50", "en-US")).toEqual({ ok: false, problem: "not_a_number" });
    expect(ars("50.00.0", "es-AR")).toEqual({ ok: false, problem: "not_a_number" });
    expect(ars("1.50.000", "es-AR")).toEqual({ ok: false, problem: "not_a_number" });
    expect(ars("12,345", "es-AR")).toEqual({ ok: false, problem: "too_many_decimals" });
    expect(parseMoneyInput("1,5", { currency: "CLP", locale: "es-CL" })).toEqual({
      ok: false,
      problem: "too_many_decimals",
    });
    expect(ars("900.719.925.474.099,20", "es-AR")).toEqual({ ok: false, problem: "too_large" });
  });

  it("takes whole-unit currencies with their grouping", () => {
    expect(parseMoneyInput("1.500", { currency: "CLP", locale: "es-CL" })).toEqual({ ok: true, amountMinor: 1500 });
    expect(parseMoneyInput("1,500", { currency: "COP", locale: "en-US" })).toEqual({ ok: true, amountMinor: 1500 });
    expect(parseMoneyInput("1500,00", { currency: "CLP", locale: "es-CL" })).toEqual({ ok: true, amountMinor: 1500 });
  });
});

describe("formatMoneyInput", () => {
  it("writes what the field parses back to the same amount", () => {
    expect(formatMoneyInput(500_050, "ARS", "es-AR")).toBe("5000,50");
    expect(formatMoneyInput(500_050, "ARS", "en-US")).toBe("5000.50");
    expect(formatMoneyInput(5, "ARS", "pt-BR")).toBe("0,05");
    expect(formatMoneyInput(1500, "CLP", "es-CL")).toBe("1500");
    for (const locale of ["es-AR", "pt-BR", "en-US", "pt-PT"]) {
      expect(ars(formatMoneyInput(123_456, "ARS", locale), locale)).toEqual({ ok: true, amountMinor: 123_456 });
    }
  });
});
