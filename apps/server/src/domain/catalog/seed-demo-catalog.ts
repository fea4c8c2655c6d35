// A small demo catalog so a fresh install has something to sell. Runs only on
// an empty products table; safe to call on every start (and from several
// instances at once: slugs are unique).
import type { CatalogLanguage, ProductTranslation } from "@cobro/contracts";
import { type Kysely, sql } from "kysely";
import { type DB, type NewProduct, toJsonb } from "../../db/schema";
import { DEMO_PRODUCT_IMAGES } from "./demo-product-images";

interface DemoProduct {
  slug: string;
  /** The default name and description (shown in a language without its own). */
  name: string;
  description: string;
  /** Price in minor units (centavos for ARS). */
  priceMinor: number;
  /** Name, description and what the picture shows, in each of the shop's languages. */
  translations: Required<Record<CatalogLanguage, Required<ProductTranslation>>>;
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    slug: "mate-calabaza",
    name: "Mate de calabaza",
    description: "Hand-cured gourd mate with a leather trim. Holds heat through a long ronda.",
    priceMinor: 18_500_00,
    translations: {
      en: {
        title: "Gourd mate",
        description: "Hand-cured gourd mate with a leather trim. Holds heat through a long ronda.",
        imageAlt: "A brown gourd mate with a stitched leather rim, filled with green yerba and a metal straw",
      },
      es: {
        title: "Mate de calabaza",
        description: "Mate de calabaza curado a mano, con virola de cuero. Mantiene el calor durante toda la ronda.",
        imageAlt: "Un mate de calabaza marrón con borde de cuero cosido, lleno de yerba verde y con bombilla",
      },
      pt: {
        title: "Cuia de porongo",
        description: "Cuia de porongo curada à mão, com acabamento em couro. Mantém o calor durante toda a roda.",
        imageAlt: "Uma cuia marrom com borda de couro costurada, cheia de erva verde e com bomba de metal",
      },
    },
  },
  {
    slug: "bombilla-alpaca",
    name: "Bombilla de alpaca",
    description: "Nickel-silver straw with a removable spring filter; dishwasher safe.",
    priceMinor: 9_900_00,
    translations: {
      en: {
        title: "Nickel-silver bombilla",
        description: "Nickel-silver straw with a removable spring filter; dishwasher safe.",
        imageAlt: "A silver mate straw with a gold band and a slotted filter at its end",
      },
      es: {
        title: "Bombilla de alpaca",
        description: "Bombilla de alpaca con filtro de resorte desmontable; apta para lavavajillas.",
        imageAlt: "Una bombilla plateada con una virola dorada y un filtro ranurado en la punta",
      },
      pt: {
        title: "Bomba de alpaca",
        description: "Bomba de alpaca com filtro de mola removível; pode ir à lava-louças.",
        imageAlt: "Uma bomba prateada com um anel dourado e um filtro com ranhuras na ponta",
      },
    },
  },
  {
    slug: "yerba-organica-1kg",
    name: "Yerba mate orgánica 1 kg",
    description: "Stem-free organic yerba from Misiones, aged for twelve months.",
    priceMinor: 7_450_00,
    translations: {
      en: {
        title: "Organic yerba mate 1 kg",
        description: "Stem-free organic yerba from Misiones, aged for twelve months.",
        imageAlt: "A green one-kilo bag of yerba mate with a leaf on its label",
      },
      es: {
        title: "Yerba mate orgánica 1 kg",
        description: "Yerba orgánica sin palo de Misiones, estacionada durante doce meses.",
        imageAlt: "Un paquete verde de un kilo de yerba mate con una hoja en la etiqueta",
      },
      pt: {
        title: "Erva-mate orgânica 1 kg",
        description: "Erva orgânica sem palitos, de Misiones, envelhecida por doze meses.",
        imageAlt: "Um pacote verde de um quilo de erva-mate com uma folha no rótulo",
      },
    },
  },
  {
    slug: "termo-acero-1l",
    name: "Termo de acero 1 L",
    description: "Double-wall stainless flask with a pour spout made for mate.",
    priceMinor: 42_000_00,
    translations: {
      en: {
        title: "Steel flask 1 L",
        description: "Double-wall stainless flask with a pour spout made for mate.",
        imageAlt: "A brushed-steel vacuum flask with a dark blue cap and pour spout",
      },
      es: {
        title: "Termo de acero 1 L",
        description: "Termo de acero inoxidable de doble pared, con pico cebador pensado para el mate.",
        imageAlt: "Un termo de acero cepillado con tapa azul oscuro y pico cebador",
      },
      pt: {
        title: "Garrafa térmica de aço 1 L",
        description: "Garrafa térmica de aço inox com parede dupla e bico dosador feito para o chimarrão.",
        imageAlt: "Uma garrafa térmica de aço escovado com tampa azul-escura e bico dosador",
      },
    },
  },
  {
    slug: "alfajores-caja-12",
    name: "Alfajores de dulce de leche (12)",
    description: "A box of twelve chocolate-coated alfajores filled with dulce de leche.",
    priceMinor: 12_600_00,
    translations: {
      en: {
        title: "Dulce de leche alfajores (12)",
        description: "A box of twelve chocolate-coated alfajores filled with dulce de leche.",
        imageAlt: "Three chocolate alfajores on a red box marked x12",
      },
      es: {
        title: "Alfajores de dulce de leche (12)",
        description: "Una caja de doce alfajores bañados en chocolate y rellenos de dulce de leche.",
        imageAlt: "Tres alfajores de chocolate sobre una caja roja que dice x12",
      },
      pt: {
        title: "Alfajores de doce de leite (12)",
        description: "Uma caixa com doze alfajores cobertos de chocolate e recheados de doce de leite.",
        imageAlt: "Três alfajores de chocolate sobre uma caixa vermelha marcada x12",
      },
    },
  },
  {
    slug: "poncho-lana",
    name: "Poncho de lana",
    description: "Hand-woven sheep's wool poncho from Salta, natural dyes, one size.",
    priceMinor: 96_000_00,
    translations: {
      en: {
        title: "Wool poncho",
        description: "Hand-woven sheep's wool poncho from Salta, natural dyes, one size.",
        imageAlt: "A red Salta poncho with black and cream stripes and a fringed hem",
      },
      es: {
        title: "Poncho de lana",
        description: "Poncho salteño de lana de oveja tejido a mano, con tintes naturales, talle único.",
        imageAlt: "Un poncho salteño rojo con franjas negras y crema y flecos en el borde",
      },
      pt: {
        title: "Poncho de lã",
        description: "Poncho de lã de ovelha tecido à mão em Salta, com tingimento natural, tamanho único.",
        imageAlt: "Um poncho vermelho de Salta com listras pretas e creme e franjas na barra",
      },
    },
  },
];

/** The URL stored for a demo product's picture: its largest bundled width (the storefront derives the others). */
export function demoImageUrl(slug: string): string | null {
  const files = DEMO_PRODUCT_IMAGES[slug];
  return files?.[files.length - 1]?.url ?? null;
}

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
    // Bundled with the web app (apps/web/public/images/products, made by scripts/generate-product-images.mjs).
    image_url: demoImageUrl(product.slug),
    translations: toJsonb(product.translations),
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

/**
 * Gives demo products seeded before pictures and translations existed (issue #10) their bundled picture and their
 * texts in the three languages. Touches only rows still exactly as the first seed left them (same name and
 * description, no picture, no translations), never one a merchant edited. Returns how many were brought up to date;
 * safe on every start.
 */
export async function refreshDemoCatalog(options: { db: Kysely<DB> }): Promise<number> {
  let updated = 0;
  for (const product of DEMO_PRODUCTS) {
    const result = await options.db
      .updateTable("products")
      .set({ image_url: demoImageUrl(product.slug), translations: toJsonb(product.translations) })
      .where("slug", "=", product.slug)
      .where("name", "=", product.name)
      .where("description", "=", product.description)
      .where("image_url", "is", null)
      .where(sql<boolean>`translations = '{}'::jsonb`)
      .executeTakeFirst();
    updated += Number(result.numUpdatedRows);
  }
  return updated;
}
