import { describe, expect, it } from "vitest";
import {
  CURRENCY_DECIMALS,
  type CurrencyCode,
  currencyDecimals,
  formatMoney,
  fromMinorUnits,
  fromPointCents,
  isSupportedCurrency,
  sumMinorUnits,
  toDecimalString,
  toMinorUnits,
  toPointCents,
} from "./money";

// Intl output uses non-breaking spaces; normalise them to compare against readable literals.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("currency table", () => {
  it("uses 2 decimals for ARS, BRL, MXN, PEN, UYU, USD and 0 for CLP and COP", () => {
    for (const code of ["ARS", "BRL", "MXN", "PEN", "UYU", "USD"] as const) expect(currencyDecimals(code)).toBe(2);
    expect(currencyDecimals("CLP")).toBe(0);
    expect(currencyDecimals("COP")).toBe(0);
    expect(Object.keys(CURRENCY_DECIMALS)).toHaveLength(8);
  });

  it("narrows provider strings and refuses unknown codes", () => {
    expect(isSupportedCurrency("BRL")).toBe(true);
    expect(isSupportedCurrency("EUR")).toBe(false);
    expect(isSupportedCurrency("toString")).toBe(false);
    expect(() => currencyDecimals("EUR" as CurrencyCode)).toThrow(/Unsupported currency: EUR/);
  });
});

describe("toMinorUnits", () => {
  it("parses decimal strings exactly", () => {
    expect(toMinorUnits("19.99", "BRL")).toBe(1999);
    expect(toMinorUnits("0.07", "ARS")).toBe(7);
    expect(toMinorUnits("100", "MXN")).toBe(10000);
    expect(toMinorUnits("100.5", "ARS")).toBe(10050);
    expect(toMinorUnits(" 12.30 ", "PEN")).toBe(1230);
    expect(toMinorUnits("-5.25", "UYU")).toBe(-525);
    expect(toMinorUnits("+1.10", "USD")).toBe(110);
  });

  it("parses numbers through their decimal text, where multiplying would drift", () => {
    expect(19.99 * 100).not.toBe(1999);
    expect(toMinorUnits(19.99, "BRL")).toBe(1999);
    expect(1.15 * 100).not.toBe(115);
    expect(toMinorUnits(1.15, "ARS")).toBe(115);
    expect(toMinorUnits(100.5, "ARS")).toBe(10050);
    expect(toMinorUnits(0, "ARS")).toBe(0);
  });

  it("refuses float drift such as 0.1 + 0.2 instead of rounding it", () => {
    expect(() => toMinorUnits(0.1 + 0.2, "ARS")).toThrow(/0\.30000000000000004 has more decimals than ARS allows/);
  });

  it("refuses more decimals than the currency allows, accepting trailing zeros", () => {
    expect(() => toMinorUnits("19.999", "BRL")).toThrow(/more decimals than BRL allows \(at most 2\)/);
    expect(() => toMinorUnits(1.005, "ARS")).toThrow(RangeError);
    expect(() => toMinorUnits("1500.5", "CLP")).toThrow(/more decimals than CLP allows \(whole units only\)/);
    expect(() => toMinorUnits(10.5, "COP")).toThrow(/COP/);
    expect(toMinorUnits("1500.00", "CLP")).toBe(1500);
    expect(toMinorUnits("19.9900", "BRL")).toBe(1999);
    expect(toMinorUnits(25000, "COP")).toBe(25000);
  });

  it("refuses text that is not a plain decimal and non-finite numbers", () => {
    for (const bad of ["", "abc", "1,50", "1.2.3", ".5", "5.", "1e3", "0x10", "--1"]) {
      expect(() => toMinorUnits(bad, "ARS")).toThrow(/not a decimal number/);
    }
    expect(() => toMinorUnits(Number.NaN, "ARS")).toThrow(/finite/);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY, "ARS")).toThrow(/finite/);
    expect(() => toMinorUnits(1e-7, "ARS")).toThrow(/more decimals/);
  });

  it("refuses amounts beyond safe integers", () => {
    expect(() => toMinorUnits("90071992547409.92", "ARS")).toThrow(/too large/);
    expect(() => toMinorUnits(1e21, "CLP")).toThrow(/too large/);
    expect(toMinorUnits("90071992547409.91", "ARS")).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("fromMinorUnits", () => {
  it("returns the JSON number the Payments API expects", () => {
    expect(fromMinorUnits(1999, "BRL")).toBe(19.99);
    expect(fromMinorUnits(10050, "ARS")).toBe(100.5);
    expect(fromMinorUnits(-525, "UYU")).toBe(-5.25);
    expect(fromMinorUnits(1500, "CLP")).toBe(1500);
    expect(JSON.stringify({ transaction_amount: fromMinorUnits(115, "ARS") })).toBe('{"transaction_amount":1.15}');
  });

  it("round-trips with toMinorUnits for every cent value", () => {
    const mismatches: number[] = [];
    for (let minor = -1000; minor <= 100_000; minor += 1) {
      if (toMinorUnits(fromMinorUnits(minor, "ARS"), "ARS") !== minor) mismatches.push(minor);
    }
    expect(mismatches).toEqual([]);
  });

  it("refuses non-integers", () => {
    expect(() => fromMinorUnits(19.5, "BRL")).toThrow(/safe integer/);
    expect(() => fromMinorUnits(2 ** 53, "BRL")).toThrow(/safe integer/);
  });
});

describe("toDecimalString", () => {
  it("returns the decimal string the Orders API expects", () => {
    expect(toDecimalString(10000, "ARS")).toBe("100.00");
    expect(toDecimalString(1999, "BRL")).toBe("19.99");
    expect(toDecimalString(5, "MXN")).toBe("0.05");
    expect(toDecimalString(0, "PEN")).toBe("0.00");
    expect(toDecimalString(-5, "USD")).toBe("-0.05");
    expect(toDecimalString(1500, "CLP")).toBe("1500");
    expect(toDecimalString(0, "COP")).toBe("0");
    expect(toDecimalString(Number.MAX_SAFE_INTEGER, "ARS")).toBe("90071992547409.91");
  });

  it("round-trips with toMinorUnits", () => {
    for (const minor of [0, 1, 99, 100, 123456789, -42]) {
      expect(toMinorUnits(toDecimalString(minor, "BRL"), "BRL")).toBe(minor);
    }
  });

  it("refuses non-integers", () => {
    expect(() => toDecimalString(1.5, "ARS")).toThrow(RangeError);
  });
});

describe("Point cents", () => {
  it("uses two implied decimals whatever the currency", () => {
    expect(toPointCents(1500, "ARS")).toBe(1500);
    expect(toPointCents(175, "BRL")).toBe(175);
    expect(toPointCents(1500, "CLP")).toBe(150000);
    expect(fromPointCents(150000, "CLP")).toBe(1500);
    expect(fromPointCents(1500, "MXN")).toBe(1500);
  });

  it("refuses cents that are not whole units of a 0-decimal currency", () => {
    expect(() => fromPointCents(150050, "CLP")).toThrow(/not a whole amount of CLP/);
  });
});

describe("formatMoney", () => {
  it("formats with the currency's home locale by default", () => {
    expect(plain(formatMoney(123456, "BRL"))).toBe("R$ 1.234,56");
    expect(plain(formatMoney(123456, "ARS"))).toBe("$ 1.234,56");
    expect(plain(formatMoney(1234567, "CLP"))).toBe("$1.234.567");
  });

  it("uses the given locale and the currency's decimals (COP without cents)", () => {
    expect(plain(formatMoney(123456, "ARS", "en-US"))).toBe("ARS 1,234.56");
    expect(formatMoney(5, "USD", "en-US")).toBe("$0.05");
    expect(formatMoney(-1999, "USD", "en-US")).toBe("-$19.99");
    expect(plain(formatMoney(25000, "COP", "es-CO"))).toBe("$ 25.000");
  });

  it("stays exact for the largest safe amounts", () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "USD", "en-US")).toBe("$90,071,992,547,409.91");
  });
});

describe("sumMinorUnits", () => {
  it("adds integers", () => {
    expect(sumMinorUnits([1999, 1, -500])).toBe(1500);
    expect(sumMinorUnits([])).toBe(0);
  });

  it("refuses non-integers and unsafe totals", () => {
    expect(() => sumMinorUnits([1, 0.5])).toThrow(/safe integer/);
    expect(() => sumMinorUnits([Number.MAX_SAFE_INTEGER, 1])).toThrow(/too large/);
  });
});
