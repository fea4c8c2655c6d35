// The storefront as a shopper sees it: product pictures that load (at the
// width the layout needs, lazily below the fold), texts in the shopper's
// language, and payment method logos at checkout.
import type { Page } from "@playwright/test";
import { MAIN_STORE } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { addToCart, enterPayerDetails, seedProduct } from "../support/shop";

/** Picks a language in the header's switcher (saved for the next visit). */
async function chooseLanguage(page: Page, label: string, value: "en" | "es" | "pt"): Promise<void> {
  await page.getByLabel(label, { exact: true }).selectOption(value);
}

test("[shop][storefront] product pictures load with srcset, the first row at once and the rest lazily", async ({
  page,
  db,
}) => {
  // The demo catalog (seeded on start) has bundled pictures; a product made without one gets the placeholder.
  const demo = await db
    .selectFrom("products")
    .select(["slug", "image_url"])
    .where("image_url", "is not", null)
    .execute();
  expect(demo.length).toBeGreaterThanOrEqual(6);
  const plain = await seedProduct(db, { name: "No picture here" });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const pictures = page.locator(".ui-product-grid img");
  await expect(pictures.first()).toBeVisible();
  expect(await pictures.count()).toBeGreaterThanOrEqual(6);

  const attributes = await pictures.evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      loading: image.getAttribute("loading"),
      srcset: image.getAttribute("srcset") ?? "",
      sizes: image.getAttribute("sizes") ?? "",
      width: image.getAttribute("width"),
      height: image.getAttribute("height"),
      alt: image.alt,
    })),
  );
  // The first row (four cards at this width) loads at once; the rest when scrolled near.
  expect(attributes.map((image) => image.loading)).toEqual(
    attributes.map((_, index) => (index < 4 ? "eager" : "lazy")),
  );
  for (const image of attributes) {
    expect(image.srcset).toMatch(/ 320w, .* 640w, .* 960w$/);
    expect(image.sizes).not.toBe("");
    expect([image.width, image.height]).toEqual(["960", "720"]);
    expect(image.alt.length).toBeGreaterThan(10);
  }
  // Every picture really loads (the lazy ones once scrolled to), from a content-hashed WebP file.
  const count = await pictures.count();
  for (let index = 0; index < count; index++) {
    const picture = pictures.nth(index);
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const current = await picture.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(current).toMatch(/\/images\/products\/[a-z0-9-]+-(320|640|960)\.[0-9a-f]{10}\.webp$/);
  }
  // Served for good: the name changes with the content.
  const first = await pictures.first().evaluate((image: HTMLImageElement) => image.currentSrc);
  const response = await page.request.get(first);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-type"]).toBe("image/webp");

  // A product without a picture shows the lettered placeholder, hidden from screen readers.
  await page.goto(`/products/${plain.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: plain.name })).toBeVisible();
  await expect(page.locator(".ui-product-detail .ui-product-image--placeholder")).toHaveAttribute(
    "aria-hidden",
    "true",
  );
  await expect(page.locator(".ui-product-detail img")).toHaveCount(0);
});

test("[shop][storefront] names, descriptions and alt text follow the shopper's language", async ({ page }) => {
  await page.goto("/products/mate-calabaza");
  await expect(page.getByRole("heading", { level: 1, name: "Gourd mate" })).toBeVisible();
  await expect(page.getByText(/^Hand-cured gourd mate with a leather trim/)).toBeVisible();
  const hero = page.locator(".ui-product-detail img");
  await expect(hero).toHaveAttribute("loading", "eager");
  await expect(hero).toHaveAttribute("alt", /^A brown gourd mate/);
  await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await chooseLanguage(page, "Language", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Mate de calabaza" })).toBeVisible();
  await expect(page.getByText(/^Mate de calabaza curado a mano, con virola de cuero/)).toBeVisible();
  await expect(hero).toHaveAttribute("alt", /^Un mate de calabaza marrón/);

  await chooseLanguage(page, "Idioma", "pt");
  await expect(page.getByRole("heading", { level: 1, name: "Cuia de porongo" })).toBeVisible();
  await expect(page.getByText(/^Cuia de porongo curada à mão/)).toBeVisible();

  // The storefront too, and the choice is kept for the next visit.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Cuia de porongo" })).toBeVisible();
  await expect(page.getByText(/^Erva orgânica sem palitos/)).toBeVisible();
});

test("[shop][checkout] payment method logos come from the sandbox's origin, with alt text", async ({ page, db }) => {
  const product = await seedProduct(db);
  await addToCart(page, product);
  const checkoutPage = page.waitForResponse((response) => new URL(response.url()).pathname === "/checkout");
  await enterPayerDetails(page);
  // The CSP lets images come from exactly the sandbox (besides the shop itself and data: QR codes).
  const csp = (await checkoutPage).headers()["content-security-policy"] ?? "";
  expect(csp).toContain(`img-src 'self' data: ${MAIN_STORE.sandboxUrl};`);

  const brands = page.getByRole("list", { name: "Cards accepted" });
  await expect(brands).toBeVisible();
  for (const name of ["Visa", "Mastercard", "American Express"]) {
    const logo = brands.getByRole("img", { name, exact: true });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const src = await logo.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(new URL(src).origin).toBe(MAIN_STORE.sandboxUrl);
  }
  // Cash vouchers show their logo next to their name (decorative there: the name is in the label).
  const rapipago = page.locator(".ui-choices__option", { hasText: "Rapipago" }).locator("img");
  await expect(rapipago).toHaveAttribute("alt", "");
  await expect.poll(() => rapipago.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  // "Pay with Mercado Pago" is the provider-style button, named by its words.
  await page.getByRole("radio", { name: /^Mercado Pago/ }).check();
  const pay = page.getByRole("button", { name: "Pay with Mercado Pago" });
  await expect(pay).toBeVisible();
  expect(await pay.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe("rgb(0, 119, 192)");
  expect((await pay.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
});
