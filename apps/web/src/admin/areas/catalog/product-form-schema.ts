// The product form's values and their check: the form takes a price typed the
// page's way ("1.250,50" in Spanish, "1,250.50" in English: parseMoneyInput)
// and converts it to minor units with the currency's decimals (more decimals
// than the currency has are refused), then sends what the server's own schema
// (productFieldsSchema) accepts.
import {
  CATALOG_LANGUAGES,
  type CatalogLanguage,
  currencySchema,
  formatMoneyInput,
  MAX_PRICE_MINOR,
  type ProductFields,
  type ProductTranslations,
  parseMoneyInput,
  productFieldsSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { moneyLocale } from "../../../i18n/format";
import type { FieldMessages } from "../../../shared/forms/form-errors";

/** One language's texts as the form holds them: empty means "use the default". */
const translationFormSchema = z.object({
  title: z.string().trim().max(200),
  description: z.string().trim().max(5000),
  imageAlt: z.string().trim().max(300),
});

/** The form's check for a reader in `locale` (prices are typed the way that locale writes them). */
export const productFormSchemaIn = (locale: string) =>
  z
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
      const minor = priceInMinorUnits(values.price, values.currency, locale);
      if (minor === null || minor < 1 || minor > MAX_PRICE_MINOR) {
        ctx.addIssue({ code: "custom", path: ["price"], message: "Invalid price" });
      }
    });

/** The check in English (en-US): "125.50". */
export const productFormSchema = productFormSchemaIn("en-US");

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

/** The minor units of a price typed by a reader in `locale` ("1.234,5" in es-AR), or null. */
export function priceInMinorUnits(price: string, currency: ProductFields["currency"], locale: string): number | null {
  const result = parseMoneyInput(price, { currency, locale: moneyLocale(currency, locale) });
  return result.ok ? result.amountMinor : null;
}

/** The server's fields of checked form values. */
export function toProductFields(values: z.output<typeof productFormSchema>, locale = "en-US"): ProductFields {
  return productFieldsSchema.parse({
    title: values.title,
    slug: values.slug,
    description: values.description,
    priceMinor: priceInMinorUnits(values.price, values.currency, locale),
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
  locale = "en-US",
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
    price: formatMoneyInput(product.priceMinor, product.currency, moneyLocale(product.currency, locale)),
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
