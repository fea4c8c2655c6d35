// What the browser downloads: route chunks on demand (a shopper never gets the
// admin area's code), hashed assets cached for good, no source maps served.
import { expect, test } from "../support/fixtures";
import { addToCart, seedProduct } from "../support/shop";

test("[shop][delivery] a shopper's visit to the store and the checkout loads no admin code", async ({ page, db }) => {
  const product = await seedProduct(db);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await addToCart(page, product);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();

  // The entry and the route chunks of the product page and the checkout; nothing of the admin area.
  expect(scripts.length).toBeGreaterThan(1);
  expect(scripts.filter((path) => path.includes("admin"))).toEqual([]);
});

test("[shop][delivery] hashed scripts are immutable and their source maps are not served", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "script") scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Store" })).toBeVisible();
  const script = scripts.find((path) => path.startsWith("/assets/"));
  expect(script).toBeDefined();

  const asset = await request.get(script ?? "");
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(await asset.text()).not.toContain("sourceMappingURL");
  const map = await request.get(`${script}.map`);
  expect(map.status()).toBe(404);
  const page404 = await request.get("/.vite/manifest.json");
  expect(page404.status()).toBe(404);
});
