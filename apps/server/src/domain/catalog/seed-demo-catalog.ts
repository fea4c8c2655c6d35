// A small demo catalog so a fresh install has something to sell. Runs only on
// an empty products table; safe to call on every start (and from several
// instances at once: slugs are unique).
import type { Kysely } from "kysely";
import type { DB, NewProduct } from "../../db/schema";

interface DemoProduct {
  slug: string;
  name: string;
  description: string;
  /** Price in minor units (centavos for ARS). */
  priceMinor: number;
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    slug: "mate-calabaza",
    name: "Mate de calabaza",
    description: "Hand-cured gourd mate with a leather trim. Holds heat through a long ronda.",
    priceMinor: 18_500_00,
  },
  {
    slug: "bombilla-alpaca",
    name: "Bombilla de alpaca",
    description: "Nickel-silver straw with a removable spring filter; dishwasher safe.",
    priceMinor: 9_900_00,
  },
  {
    slug: "yerba-organica-1kg",
    name: "Yerba mate orgánica 1 kg",
    description: "Stem-free organic yerba from Misiones, aged for twelve months.",
    priceMinor: 7_450_00,
  },
  {
    slug: "termo-acero-1l",
    name: "Termo de acero 1 L",
    description: "Double-wall stainless flask with a pour spout made for mate.",
    priceMinor: 42_000_00,
  },
  {
    slug: "alfajores-caja-12",
    name: "Alfajores de dulce de leche (12)",
    description: "A box of twelve chocolate-coated alfajores filled with dulce de leche.",
    priceMinor: 12_600_00,
  },
  {
    slug: "poncho-lana",
    name: "Poncho de lana",
    description: "Hand-woven sheep's wool poncho from Salta, natural dyes, one size.",
    priceMinor: 96_000_00,
  },
];

/**
 * Inserts the demo products when the table is empty. Returns how many were
 * inserted (0 when the catalog already had products).
 */
export async function seedDemoCatalog(options: { db: Kysely<DB>; currency?: string }): Promise<number> {
  const { db } = options;
  const currency = options.currency ?? "ARS";
  const existing = await db.selectFrom("products").select("id").limit(1).executeTakeFirst();
  if (existing) return 0;
  const rows: NewProduct[] = DEMO_PRODUCTS.map((product) => ({
    slug: product.slug,
    name: product.name,
    description: product.description,
    // No bundled images: the storefront shows a placeholder for null.
    image_url: null,
    price_minor: product.priceMinor,
    currency,
    active: true,
  }));
  const inserted = await db
    .insertInto("products")
    .values(rows)
    .onConflict((oc) => oc.column("slug").doNothing())
    .returning("id")
    .execute();
  return inserted.length;
}
