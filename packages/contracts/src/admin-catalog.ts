// zod schemas of the console's catalog (admin.catalog.*), shared by the tRPC
// router and the catalog page. Prices travel in integer minor units; the form
// takes a decimal amount and converts it with the currency's decimals
// (`toMinorUnits`), so the server never rounds.
import { z } from "zod";
import { currencySchema, productTranslationsSchema } from "./shop";

/** The largest price a product may have, in minor units (well inside bigint and the provider's limits). */
export const MAX_PRICE_MINOR = 99_999_999_99;

/** URL-safe slugs: lower-case letters and digits in dash-separated words (the same rule as products.slug's check). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const productSlugSchema = z
  .string()
  .trim()
  .min(1, "Enter a slug")
  .max(80, "slug must be at most 80 characters")
  .regex(SLUG_PATTERN, "slug may hold only lower-case letters, digits and single dashes between them");

export const productPriceMinorSchema = z
  .number("Enter a price")
  .int("price must be a whole number of minor units")
  .min(1, "price must be more than zero")
  .max(MAX_PRICE_MINOR, "price is too large");

export const productFieldsSchema = z.strictObject({
  slug: productSlugSchema,
  title: z.string().trim().min(1, "Enter a title").max(200, "title must be at most 200 characters"),
  description: z.string().trim().max(5000, "description must be at most 5000 characters").default(""),
  priceMinor: productPriceMinorSchema,
  currency: currencySchema,
  imageUrl: z
    .url({ protocol: /^https?$/, error: "imageUrl must be an http(s) URL" })
    .max(2000, "imageUrl must be at most 2000 characters")
    .nullable()
    .default(null),
  active: z.boolean().default(true),
  /**
   * Title, description and image alt text per language (en/es/pt); a missing text falls back to the fields above.
   * Left out, an update keeps the product's translations (clients from before translations keep working).
   */
  translations: productTranslationsSchema.optional(),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;
export type ProductFieldsInput = z.input<typeof productFieldsSchema>;

export const createProductInputSchema = productFieldsSchema;

export const updateProductInputSchema = z.strictObject({
  id: z.uuid("Invalid product id"),
  fields: productFieldsSchema,
});

export const productIdInputSchema = z.strictObject({ id: z.uuid("Invalid product id") });

export const adminProductListInputSchema = z
  .strictObject({
    cursor: z.uuid("Invalid cursor").nullish(),
    // tRPC's infinite queries add the direction they page in; console lists only page forward.
    direction: z.enum(["forward", "backward"]).optional(),
    limit: z.number().int().min(1, "limit must be at least 1").max(100, "limit must be at most 100").default(20),
  })
  .default({ limit: 20 });

export const adminProductSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  priceMinor: z.number().int(),
  currency: currencySchema,
  imageUrl: z.string().nullable(),
  active: z.boolean(),
  translations: productTranslationsSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
