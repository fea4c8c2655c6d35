import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-database";
import { DEMO_PRODUCTS, refreshDemoCatalog, seedDemoCatalog } from "./seed-demo-catalog";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;

describe("seedDemoCatalog", () => {
  it("fills an empty catalog once, in ARS minor units", async () => {
    expect(await seedDemoCatalog({ db })).toBe(DEMO_PRODUCTS.length);
    expect(await seedDemoCatalog({ db })).toBe(0);
    const products = await db.selectFrom("products").selectAll().orderBy("slug").execute();
    expect(products).toHaveLength(DEMO_PRODUCTS.length);
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(5);
    for (const product of products) {
      expect(product.currency).toBe("ARS");
      expect(Number.isSafeInteger(product.price_minor)).toBe(true);
      expect(product.price_minor).toBeGreaterThan(0);
      expect(product.active).toBe(true);
      expect(product.name.length).toBeGreaterThan(0);
      expect(product.description.length).toBeGreaterThan(0);
    }
    for (const product of products) {
      // Every demo product in the three languages, with a bundled picture.
      const translations = product.translations as Record<string, Record<string, string>>;
      expect(Object.keys(translations).sort(), product.slug).toEqual(["en", "es", "pt"]);
      for (const language of ["en", "es", "pt"]) {
        expect(translations[language]?.title?.length, `${product.slug} ${language}`).toBeGreaterThan(0);
        expect(translations[language]?.description?.length, `${product.slug} ${language}`).toBeGreaterThan(20);
        expect(translations[language]?.imageAlt?.length, `${product.slug} ${language}`).toBeGreaterThan(10);
      }
      // The three languages really differ (not one text copied).
      expect(new Set(["en", "es", "pt"].map((language) => translations[language]?.description)).size).toBe(3);
      expect(product.image_url).toMatch(new RegExp(`^/images/products/${product.slug}-960\\.[0-9a-f]{10}\\.webp$`));
    }
    const mate = products.find((product) => product.slug === "mate-calabaza");
    expect(mate?.price_minor).toBe(1_850_000); // ARS 18,500.00
  });

  it("brings demo products seeded before pictures and translations up to date, but never an edited one", async () => {
    // As the first seed left them, before issue #10: no picture, no translations.
    await db.updateTable("products").set({ image_url: null, translations: "{}" }).execute();
    await db.updateTable("products").set({ description: "Our own words" }).where("slug", "=", "poncho-lana").execute();
    expect(await refreshDemoCatalog({ db })).toBe(DEMO_PRODUCTS.length - 1);
    const rows = await db.selectFrom("products").select(["slug", "image_url", "translations"]).execute();
    for (const row of rows) {
      if (row.slug === "poncho-lana") expect(row).toMatchObject({ image_url: null, translations: {} });
      else expect(row.image_url, row.slug).toMatch(/^\/images\/products\//);
    }
    expect(await refreshDemoCatalog({ db })).toBe(0);
  });
});
