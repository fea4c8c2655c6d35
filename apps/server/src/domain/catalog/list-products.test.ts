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
    expect(mate).toMatchObject({ price: { amountMinor: 1_850_000, currency: "ARS" }, imageUrl: null });
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
