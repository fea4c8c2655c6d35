import { describe, expect, it } from "vitest";
import { formPathOf, priceInMinorUnits, productFormSchema, toProductFields } from "./product-form-schema";

const valid = {
  title: "Mate",
  slug: "mate",
  description: "",
  price: "125.50",
  currency: "ARS" as const,
  imageUrl: "",
  active: true,
};

describe("the product form", () => {
  it("converts the decimal price with the currency's decimals", () => {
    expect(priceInMinorUnits("125.50", "ARS")).toBe(12_550);
    expect(priceInMinorUnits("125,5", "BRL")).toBe(12_550);
    expect(priceInMinorUnits("1500", "CLP")).toBe(1500);
    expect(priceInMinorUnits("1500.5", "CLP")).toBeNull();
    expect(priceInMinorUnits("1.999", "ARS")).toBeNull();
    expect(toProductFields(productFormSchema.parse(valid))).toMatchObject({ priceMinor: 12_550, imageUrl: null });
  });

  it("refuses a price the currency cannot hold, naming the price field", () => {
    for (const price of ["0", "abc", "10.001", "-5"]) {
      const result = productFormSchema.safeParse({ ...valid, price });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain("price");
    }
    expect(productFormSchema.safeParse({ ...valid, currency: "CLP", price: "10.5" }).success).toBe(false);
  });

  it("maps the server's field paths to the form's", () => {
    expect(formPathOf("fields.priceMinor")).toBe("price");
    expect(formPathOf("priceMinor")).toBe("price");
    expect(formPathOf("fields.slug")).toBe("slug");
  });
});
