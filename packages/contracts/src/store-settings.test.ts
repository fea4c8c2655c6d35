// The identity rules the console form and the server share: WCAG contrast of white text on the brand colour, and
// the statement descriptor's provider limit.
import { describe, expect, it } from "vitest";
import { brandColorSchema, contrastWithWhite, statementDescriptorSchema } from "./store-settings";

describe("brand colour", () => {
  it("measures white text's contrast as WCAG does, so #767676 just passes AA and #777777 just fails", () => {
    expect(contrastWithWhite("#000000")).toBe(21);
    expect(contrastWithWhite("#ffffff")).toBe(1);
    expect(contrastWithWhite("#767676")).toBe(4.54);
    expect(contrastWithWhite("#777777")).toBe(4.47);
    expect(brandColorSchema.safeParse("#767676").success).toBe(true);
    expect(brandColorSchema.safeParse("#777777").success).toBe(false);
  });

  it("lower-cases a valid colour and refuses other notations", () => {
    expect(brandColorSchema.parse(" #0A4FB5 ")).toBe("#0a4fb5");
    for (const bad of ["#fff", "0a4fb5", "rgb(0,0,0)", "#0a4fb5ff"]) {
      expect(brandColorSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("statement descriptor", () => {
  it("takes up to 22 printable ASCII characters (provider: at most 22)", () => {
    expect(statementDescriptorSchema.safeParse("A".repeat(22)).success).toBe(true);
    expect(statementDescriptorSchema.safeParse("A".repeat(23)).success).toBe(false);
    expect(statementDescriptorSchema.safeParse("MATE ÑANDÚ").success).toBe(false);
  });
});
