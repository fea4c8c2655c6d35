import { describe, expect, it } from "vitest";
import {
  formPathOf,
  priceInMinorUnits,
  productFormSchema,
  productFormValues,
  toProductFields,
  translationFormValues,
} from "./product-form-schema";

const valid = {
  title: "Mate",
  slug: "mate",
  description: "",
  price: "125.50",
  currency: "ARS" as const,
  imageUrl: "",
  active: true,
  translations: translationFormValues(undefined),
};

describe("the product form", () => {
  it("converts the decimal price with the currency's decimals", () => {
    expect(priceInMinorUnits("125.50", "ARS", "en-US")).toBe(12_550);
    expect(priceInMinorUnits("125,5", "BRL", "en-US")).toBe(12_550);
    expect(priceInMinorUnits("1.125,5", "ARS", "es-AR")).toBe(112_550);
    expect(priceInMinorUnits("1.125,5", "BRL", "pt-BR")).toBe(112_550);
    expect(priceInMinorUnits("1500", "CLP", "en-US")).toBe(1500);
    expect(priceInMinorUnits("1500.5", "CLP", "en-US")).toBeNull();
    expect(priceInMinorUnits("1.999", "ARS", "en-US")).toBeNull();
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

  it("sends the texts typed per language, leaving empty ones out, and loads them back for editing", () => {
    const translations = translationFormValues({ es: { description: "Mate de calabaza" } });
    translations.pt.title = "Cuia";
    translations.pt.description = "  Cuia de porongo  ";
    const fields = toProductFields(productFormSchema.parse({ ...valid, translations }));
    expect(fields.translations).toEqual({
      es: { description: "Mate de calabaza" },
      pt: { title: "Cuia", description: "Cuia de porongo" },
    });
    const back = productFormValues(fields, "ARS");
    expect(back.translations.pt).toEqual({ title: "Cuia", description: "Cuia de porongo", imageAlt: "" });
    expect(back.translations.en).toEqual({ title: "", description: "", imageAlt: "" });
  });

  it("refuses a translated description that is too long, naming its field", () => {
    const translations = translationFormValues(undefined);
    translations.es.description = "x".repeat(5001);
    const result = productFormSchema.safeParse({ ...valid, translations });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["translations.es.description"]);
  });

  it("maps the server's field paths to the form's", () => {
    expect(formPathOf("fields.priceMinor")).toBe("price");
    expect(formPathOf("priceMinor")).toBe("price");
    expect(formPathOf("fields.slug")).toBe("slug");
  });
});
