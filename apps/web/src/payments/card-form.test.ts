import { describe, expect, it } from "vitest";
import { formatCardNumber, splitExpiry } from "./card-form";

describe("splitExpiry", () => {
  it("reads MM/YY, MM/YYYY and bare digits", () => {
    expect(splitExpiry("11/30")).toEqual({ month: "11", year: "30" });
    expect(splitExpiry(" 1 / 2030 ")).toEqual({ month: "1", year: "2030" });
    expect(splitExpiry("1130")).toEqual({ month: "11", year: "30" });
    expect(splitExpiry("112030")).toEqual({ month: "11", year: "2030" });
  });

  it("gives empty parts for nothing typed and null for text that is no expiry", () => {
    expect(splitExpiry("  ")).toEqual({ month: "", year: "" });
    expect(splitExpiry("11/3")).toBeNull();
    expect(splitExpiry("next year")).toBeNull();
  });
});

describe("formatCardNumber", () => {
  it("groups digits in fours and drops anything else", () => {
    expect(formatCardNumber("4509953566233704")).toBe("4509 9535 6623 3704");
    expect(formatCardNumber("4509-9535 66")).toBe("4509 9535 66");
  });

  it("uses the 4-6-5 grouping of American Express", () => {
    expect(formatCardNumber("371180303257522")).toBe("3711 803032 57522");
  });
});
