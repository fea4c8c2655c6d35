import { describe, expect, it } from "vitest";
import { buildPixCode, crc16Ccitt, PNG_SIGNATURE, qrPng } from "./pix-qr";

describe("crc16Ccitt", () => {
  it("computes CRC16/CCITT-FALSE", () => {
    // The standard check value of the algorithm.
    expect(crc16Ccitt("123456789")).toBe("29B1");
  });
});

describe("buildPixCode", () => {
  it("lays out a dynamic BR Code ending in its CRC", () => {
    const code = buildPixCode({
      amount: "10.00",
      merchantName: "Loja São João",
      merchantCity: "São Paulo",
      payloadLocation: "sandbox.test/pix/v2/abc",
      txid: "MP123",
    });
    expect(code).toMatch(/^000201010212/);
    expect(code).toContain("0014br.gov.bcb.pix2523sandbox.test/pix/v2/abc");
    expect(code).toContain("5303986540510.005802BR5913LOJA SAO JOAO6009SAO PAULO");
    expect(code).toContain("62090505MP123");
    expect(code.slice(-8, -4)).toBe("6304");
    expect(crc16Ccitt(code.slice(0, -4))).toBe(code.slice(-4));
  });
});

describe("qrPng", () => {
  it("writes a PNG with a square greyscale image", () => {
    const png = qrPng("hello", 2);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.toString("ascii", 12, 16)).toBe("IHDR");
    const width = png.readUInt32BE(16);
    expect(png.readUInt32BE(20)).toBe(width);
    // Version 1 symbol: 21 modules + 2 × 4 quiet zone, 2 px each.
    expect(width).toBe(58);
    expect(png.toString("ascii", png.length - 8, png.length - 4)).toBe("IEND");
  });
});
