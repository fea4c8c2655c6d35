import { describe, expect, it } from "vitest";
import { findControlCharacters, hasControlCharacter } from "./control-characters";

describe("findControlCharacters", () => {
  it("knows the C0 controls and DEL, and nothing else", () => {
    for (let code = 0; code <= 0x1f; code++) expect(hasControlCharacter(`a${String.fromCharCode(code)}`)).toBe(true);
    expect(hasControlCharacter("\u007f")).toBe(true);
    for (const text of ["", "Ana María", "São Paulo – 12º", "😀", "\u0080", "\u00a0", "a b"]) {
      expect(hasControlCharacter(text), text).toBe(false);
    }
  });

  it("names every offending string by its path, in order", () => {
    const issues = findControlCharacters({
      payer: { firstName: "A\u0000", identification: { type: "CPF", number: "1\n2" } },
      items: [{ productId: "ok" }, { productId: "x\u001b" }],
      quantity: 3,
      flag: null,
    });
    expect(issues.map((issue) => issue.path.join("."))).toEqual([
      "payer.firstName",
      "payer.identification.number",
      "items.1.productId",
    ]);
  });

  it("walks a deeply nested input without overflowing the stack", () => {
    let nested: unknown = "deep\u0000";
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    const issues = findControlCharacters(nested);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toHaveLength(100_000);
  });

  it("finds nothing in clean or non-string input", () => {
    expect(findControlCharacters(undefined)).toEqual([]);
    expect(findControlCharacters({ a: 1, b: [true, "fine"] })).toEqual([]);
  });
});
