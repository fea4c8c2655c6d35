import { describe, expect, it } from "vitest";
import { boletoDueFactor, buildBoleto, isValidBoletoBarcode } from "./payment-vouchers";

describe("boleto numbers", () => {
  it("computes the due-date factor, including the 2025 restart at 1000", () => {
    expect(boletoDueFactor(new Date(Date.UTC(2000, 6, 3)))).toBe("1000");
    expect(boletoDueFactor(new Date(Date.UTC(2025, 1, 21)))).toBe("9999");
    expect(boletoDueFactor(new Date(Date.UTC(2025, 1, 22)))).toBe("1000");
  });

  it("builds a 44-digit barcode and a 47-digit line that agree", () => {
    const due = new Date(Date.UTC(2026, 0, 10));
    const { barcode, digitableLine } = buildBoleto(12345, due);
    expect(barcode).toMatch(/^\d{44}$/);
    expect(isValidBoletoBarcode(barcode)).toBe(true);
    expect(barcode.slice(0, 4)).toBe("2379");
    expect(barcode.slice(5, 9)).toBe(boletoDueFactor(due));
    expect(barcode.slice(9, 19)).toBe("0000012345");
    expect(digitableLine).toMatch(/^\d{47}$/);
    // The line ends with the general check digit, the factor and the amount, and carries the free field.
    expect(digitableLine.slice(32)).toBe(barcode[4] + barcode.slice(5, 19));
    expect(digitableLine.slice(4, 9) + digitableLine.slice(10, 20) + digitableLine.slice(21, 31)).toBe(
      barcode.slice(19),
    );
    const tampered = `${barcode.slice(0, 10)}${(Number(barcode[10]) + 1) % 10}${barcode.slice(11)}`;
    expect(isValidBoletoBarcode(tampered)).toBe(false);
  });
});
