// The product form's values and their check: the form takes a decimal price
// ("125.50") and converts it to minor units with the currency's decimals
// (toMinorUnits refuses more decimals than the currency has), then sends what
// the server's own schema (productFieldsSchema) accepts.
import {
  CATALOG_LANGUAGES,
  type CatalogLanguage,
  currencySchema,
  MAX_PRICE_MINOR,
  type ProductFields,
  type ProductTranslations,
  productFieldsSchema,
} from "@cobro/contracts";
import { toDecimalString, toMinorUnits } from "@cobro/provider-client/money";
import { z } from "zod";
import type { FieldMessages } from "../../../forms/form-errors";

/** One language's texts as the form holds them: empty means "use the default". */
const translationFormSchema = z.object({
  title: z.string().trim().max(200),
  description: z.string().trim().max(5000),
  imageAlt: z.string().trim().max(300),
});

export const productFormSchema = z
  .object({
    title: productFieldsSchema.shape.title,
    slug: productFieldsSchema.shape.slug,
    description: z.string().trim().max(5000),
    price: z.string().trim().min(1),
    currency: currencySchema,
    imageUrl: z.union([z.literal(""), z.url({ protocol: /^https?$/ }).max(2000)]),
    active: z.boolean(),
    translations: z.object({ en: translationFormSchema, es: translationFormSchema, pt: translationFormSchema }),
  })
  .superRefine((values, ctx) => {
    const minor = priceInMinorUnits(values.price, values.currency);
    if (minor === null || minor < 1 || minor > MAX_PRICE_MINOR) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "Invalid price" });
    }
  });

export type ProductFormValues = z.input<typeof productFormSchema>;

/** The form's fields in page order, each with its message key. */
export const PRODUCT_FORM_MESSAGES: FieldMessages = {
  title: "admin.catalog.error.title",
  slug: "admin.catalog.error.slug",
  description: "admin.catalog.error.description",
  price: "admin.catalog.error.price",
  currency: "admin.catalog.error.currency",
  imageUrl: "admin.catalog.error.imageUrl",
  ...Object.fromEntries(
    CATALOG_LANGUAGES.flatMap((language) => [
      [`translations.${language}.title`, "admin.catalog.error.title"],
      [`translations.${language}.description`, "admin.catalog.error.description"],
      [`translations.${language}.imageAlt`, "admin.catalog.error.imageAlt"],
    ]),
  ),
};

/** The translated fields' paths, in page order. */
export const TRANSLATION_PATHS = CATALOG_LANGUAGES.flatMap((language) =>
  (["title", "description", "imageAlt"] as const).map((key) => `translations.${language}.${key}` as const),
);

type TranslationFormValues = z.output<typeof productFormSchema>["translations"];

/** The form's per-language texts of stored translations (every language present, empty where there is none). */
export function translationFormValues(translations: ProductTranslations | undefined): TranslationFormValues {
  const texts = (language: CatalogLanguage) => ({
    title: translations?.[language]?.title ?? "",
    description: translations?.[language]?.description ?? "",
    imageAlt: translations?.[language]?.imageAlt ?? "",
  });
  return { en: texts("en"), es: texts("es"), pt: texts("pt") };
}

/** The server's translations of the form's texts: empty texts left out (they mean "use the default"). */
export function toTranslations(values: TranslationFormValues): ProductTranslations {
  const result: ProductTranslations = {};
  for (const language of CATALOG_LANGUAGES) {
    const kept = Object.fromEntries(Object.entries(values[language]).filter(([, text]) => text.trim() !== ""));
    if (Object.keys(kept).length > 0) result[language] = kept;
  }
  return result;
}

/** The minor units of a typed decimal amount ("1.234,5" is not accepted: a dot separates decimals), or null. */
export function priceInMinorUnits(price: string, currency: ProductFields["currency"]): number | null {
  try {
    return toMinorUnits(price.trim().replace(",", "."), currency);
  } catch {
    return null;
  }
}

/** The server's fields of checked form values. */
export function toProductFields(values: z.output<typeof productFormSchema>): ProductFields {
  return productFieldsSchema.parse({
    title: values.title,
    slug: values.slug,
    description: values.description,
    priceMinor: priceInMinorUnits(values.price, values.currency),
    currency: values.currency,
    imageUrl: values.imageUrl === "" ? null : values.imageUrl,
    active: values.active,
    translations: toTranslations(values.translations),
  });
}

/** The form's values for an existing product (or a new one in the store's currency). */
export function productFormValues(
  product:
    | (Omit<ProductFields, "description" | "translations"> & {
        description?: string;
        translations?: ProductTranslations;
      })
    | null,
  currency: ProductFields["currency"],
): ProductFormValues {
  if (!product) {
    return {
      title: "",
      slug: "",
      description: "",
      price: "",
      currency,
      imageUrl: "",
      active: true,
      translations: translationFormValues(undefined),
    };
  }
  return {
    title: product.title,
    slug: product.slug,
    description: product.description ?? "",
    price: toDecimalString(product.priceMinor, product.currency),
    currency: product.currency,
    imageUrl: product.imageUrl ?? "",
    active: product.active,
    translations: translationFormValues(product.translations),
  };
}

/** The form path of a server field path (`fields.priceMinor` → `price`). */
export function formPathOf(serverPath: string): string {
  const path = serverPath.startsWith("fields.") ? serverPath.slice("fields.".length) : serverPath;
  return path === "priceMinor" ? "price" : path;
}
