import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-database";
import { getProduct } from "./get-product";
import { listProducts } from "./list-products";
import { DEMO_PRODUCTS, seedDemoCatalog } from "./seed-demo-catalog";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;

await seedDemoCatalog({ db });
await db
  .insertInto("products")
  .values({ slug: "retired-thing", name: "Retired", description: "", price_minor: 100, currency: "ARS", active: false })
  .execute();

describe("listProducts / getProduct", () => {
  it("pages through the active products exactly once each, in minor units", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const result: Awaited<ReturnType<typeof listProducts>> = await listProducts({ db, limit: 4, cursor });
      expect(result.items.length).toBeLessThanOrEqual(4);
      seen.push(...result.items.map((product) => product.slug));
      cursor = result.nextCursor;
      if (cursor === null) break;
    }
    expect(seen.sort()).toEqual(DEMO_PRODUCTS.map((product) => product.slug).sort());
    const mate = (await listProducts({ db, limit: 50 })).items.find((product) => product.slug === "mate-calabaza");
    expect(mate).toMatchObject({ price: { amountMinor: 1_850_000, currency: "ARS" } });
    expect(mate?.imageUrl).toMatch(/^\/images\/products\/mate-calabaza-960\.[0-9a-f]{10}\.webp$/);
  });

  it("gets an active product by slug; an inactive or unknown one is NOT_FOUND", async () => {
    expect(await getProduct({ db, slug: "poncho-lana" })).toMatchObject({
      name: "Poncho de lana",
      price: { amountMinor: 9_600_000, currency: "ARS" },
    });
    await expect(getProduct({ db, slug: "retired-thing" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getProduct({ db, slug: "nothing-here" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("catalog texts in the shopper's language, and pictures", () => {
  it("answers names, descriptions and image alt text in the language asked for, else the defaults", async () => {
    const byLanguage = async (language?: "en" | "es" | "pt") =>
      (await listProducts({ db, limit: 50, language })).items.find((product) => product.slug === "mate-calabaza");
    expect(await byLanguage("es")).toMatchObject({
      name: "Mate de calabaza",
      description: expect.stringMatching(/^Mate de calabaza curado a mano/),
      image: { alt: expect.stringMatching(/^Un mate de calabaza marrón/) },
    });
    expect(await byLanguage("pt")).toMatchObject({
      name: "Cuia de porongo",
      description: expect.stringMatching(/^Cuia de porongo curada à mão/),
      image: { alt: expect.stringMatching(/^Uma cuia marrom/) },
    });
    expect(await byLanguage("en")).toMatchObject({
      name: "Gourd mate",
      description: expect.stringMatching(/^Hand-cured gourd mate/),
    });
    // No language: the default texts, as before translations existed.
    expect(await byLanguage()).toMatchObject({
      name: "Mate de calabaza",
      description: expect.stringMatching(/^Hand-cured/),
    });
    expect(await getProduct({ db, slug: "poncho-lana", language: "pt" })).toMatchObject({
      name: "Poncho de lã",
      description: expect.stringMatching(/^Poncho de lã de ovelha/),
    });
  });

  it("falls back per text: a product with only a Spanish description keeps its default name in Spanish", async () => {
    await db
      .insertInto("products")
      .values({
        slug: "only-spanish",
        name: "Gift card",
        description: "A gift card.",
        price_minor: 500,
        currency: "ARS",
        translations: JSON.stringify({ es: { description: "Una tarjeta de regalo." } }),
      })
      .execute();
    expect(await getProduct({ db, slug: "only-spanish", language: "es" })).toMatchObject({
      name: "Gift card",
      description: "Una tarjeta de regalo.",
      imageUrl: null,
      image: null,
    });
    expect(await getProduct({ db, slug: "only-spanish", language: "pt" })).toMatchObject({
      name: "Gift card",
      description: "A gift card.",
    });
  });

  it("gives bundled images every width as srcset and their intrinsic size; another URL alone", async () => {
    const mate = await getProduct({ db, slug: "mate-calabaza", language: "en" });
    expect(mate.image).toMatchObject({
      width: 960,
      height: 720,
      src: expect.stringMatching(/-640\.[0-9a-f]{10}\.webp$/),
    });
    expect(mate.image?.srcSet.split(", ").map((entry) => entry.split(" ")[1])).toEqual(["320w", "640w", "960w"]);
    await db
      .insertInto("products")
      .values({
        slug: "external-picture",
        name: "Hat",
        description: "",
        image_url: "https://images.example.com/hat.jpg",
        price_minor: 500,
        currency: "ARS",
      })
      .execute();
    expect((await getProduct({ db, slug: "external-picture", language: "es" })).image).toEqual({
      src: "https://images.example.com/hat.jpg",
      srcSet: "",
      width: 960,
      height: 720,
      alt: "Hat",
    });
  });
});
