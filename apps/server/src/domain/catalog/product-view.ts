// A products row as the storefront sees it, in the shopper's language.

import {
  type CatalogLanguage,
  type Money,
  type Product,
  type ProductImage,
  type ProductTranslation,
  type ProductTranslations,
  productTranslationsSchema,
} from "@cobro/contracts";
import { type CurrencyCode, isSupportedCurrency } from "@cobro/provider-client/money";
import type { Product as ProductRow } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { DEMO_PRODUCT_IMAGES, type DemoProductImageFile } from "./demo-product-images";

/** The column list every storefront query selects. */
export const PRODUCT_COLUMNS = [
  "id",
  "slug",
  "name",
  "description",
  "image_url",
  "price_minor",
  "currency",
  "translations",
] as const;

export type ProductColumns = Pick<ProductRow, (typeof PRODUCT_COLUMNS)[number]>;

/** A currency read from the database (char(3)); refuses one the money helpers cannot handle exactly. */
export function storedCurrency(code: string): CurrencyCode {
  const currency = code.trim();
  if (!isSupportedCurrency(currency))
    throw new AppError("INTERNAL", `Unsupported currency ${currency} in the catalog.`);
  return currency;
}

export function toMoney(amountMinor: number, currency: string): Money {
  return { amountMinor, currency: storedCurrency(currency) };
}

/** The stored translations, or none when the column holds something unexpected (never a 500 for a shopper). */
export function storedTranslations(value: unknown): ProductTranslations {
  const parsed = productTranslationsSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** The bundled image set a URL belongs to (any of its widths), by the generated manifest. */
const IMAGE_SETS = new Map<string, readonly DemoProductImageFile[]>(
  Object.values(DEMO_PRODUCT_IMAGES).flatMap((files) => files.map((file) => [file.url, files] as const)),
);

/** The width the storefront's cards draw at most (2× a ~320 px card): the default `src`. */
const DEFAULT_SRC_WIDTH = 640;

/** Size given to an external image, whose real size is unknown: the shop's 4:3 frame. */
const EXTERNAL_IMAGE_SIZE = { width: 960, height: 720 };

/**
 * The picture of a product: for a bundled image every width as `srcSet` and its intrinsic size; for another URL
 * (set in the console) that URL alone; null without one (the shop draws a placeholder).
 */
export function productImage(imageUrl: string | null, alt: string): ProductImage | null {
  if (!imageUrl) return null;
  const files = IMAGE_SETS.get(imageUrl);
  if (!files || files.length === 0) return { src: imageUrl, srcSet: "", ...EXTERNAL_IMAGE_SIZE, alt };
  const largest = files[files.length - 1] as DemoProductImageFile;
  const src = files.find((file) => file.width >= DEFAULT_SRC_WIDTH) ?? largest;
  return {
    src: src.url,
    srcSet: files.map((file) => `${file.url} ${file.width}w`).join(", "),
    width: largest.width,
    height: largest.height,
    alt,
  };
}

/** A non-empty text of `language`, if the product has one. */
function translated(
  translations: ProductTranslations,
  language: CatalogLanguage | undefined,
  key: keyof ProductTranslation,
): string | undefined {
  if (!language) return undefined;
  const text = translations[language]?.[key]?.trim();
  return text ? text : undefined;
}

/** The product's name in `language` where it has one, else its default name. */
export function productName(row: Pick<ProductColumns, "name" | "translations">, language?: CatalogLanguage): string {
  return translated(storedTranslations(row.translations), language, "title") ?? row.name;
}

/** The storefront's view of a row: texts in `language` where the product has them, else its defaults. */
export function toProduct(row: ProductColumns, language?: CatalogLanguage): Product {
  const translations = storedTranslations(row.translations);
  const name = productName(row, language);
  return {
    id: row.id,
    slug: row.slug,
    name,
    description: translated(translations, language, "description") ?? row.description,
    imageUrl: row.image_url,
    image: productImage(row.image_url, translated(translations, language, "imageAlt") ?? name),
    price: toMoney(row.price_minor, row.currency),
  };
}
