// The shop's pages at phone width (390×844): pictures drawn whole (never cropped), payment logos whole and at
// their own proportions, and nothing scrolling sideways.

import { DEMO_PRODUCT_IMAGES } from "@cobro/server/testing";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { addToCart, enterPayerDetails, fillCard, seedProduct } from "../support/shop";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** How much of an image's picture is drawn in its box (1: all of it; less when `object-fit: cover` crops it). */
function drawnFraction(image: Locator): Promise<number> {
  return image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    const fit = getComputedStyle(img).objectFit;
    if (!img.naturalWidth || !img.naturalHeight || box.height === 0) return 0;
    const boxRatio = box.width / box.height;
    const ownRatio = img.naturalWidth / img.naturalHeight;
    if (fit === "cover") return Math.min(boxRatio / ownRatio, ownRatio / boxRatio);
    if (fit === "contain" || fit === "scale-down") return 1;
    // `fill` stretches: count a distorted picture as not drawn as it is.
    return Math.min(boxRatio / ownRatio, ownRatio / boxRatio);
  });
}

/** Whether `inner` lies wholly inside `outer` (and the viewport), so nothing of it is cut off. */
async function liesWithin(inner: Locator, outer: Locator, page: Page): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  const width = page.viewportSize()?.width ?? 0;
  if (!a || !b) return false;
  return a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.x >= 0 && a.x + a.width <= width + 0.5;
}

function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("[shop][phone] product pictures and payment logos are drawn whole, and a cash ticket fits, on a 390×844 phone", async ({
  page,
  db,
}) => {
  const images = Object.values(DEMO_PRODUCT_IMAGES)[0] ?? [];
  const largest = images[images.length - 1];
  if (!largest) throw new Error("no demo product image");
  const product = await seedProduct(db, { name: `Mate pintado ${crypto.randomUUID().slice(0, 6)}` });
  await db.updateTable("products").set({ image_url: largest.url }).where("id", "=", product.id).execute();

  await addToCart(page, product);
  const picture = page.getByRole("img", { name: product.name });
  await expect.poll(() => drawnFraction(picture)).toBeGreaterThan(0.99);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await enterPayerDetails(page);
  // Every logo of the method choices: loaded, at its own proportions, and inside its choice.
  const choices = page.getByRole("group", { name: "How do you want to pay?" }).locator(".ui-choices__option");
  await expect(choices.locator("img").first()).toBeVisible();
  let logos = 0;
  for (const option of await choices.all()) {
    for (const logo of await option.locator("img").all()) {
      logos += 1;
      await expect.poll(() => drawnFraction(logo)).toBeGreaterThan(0.97);
      expect(await liesWithin(logo, option, page)).toBe(true);
    }
  }
  // The card brands and the cash tickets' logos.
  expect(logos).toBeGreaterThan(2);
  const rapipago = page.getByRole("radio", { name: "Rapipago (pay in cash)" });
  await expect(rapipago).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await fillCard(page, { holder: "APRO" });
  const brand = page.getByTestId("card-brand").locator("img");
  await expect.poll(() => drawnFraction(brand)).toBeGreaterThan(0.97);
  expect(await liesWithin(brand, page.getByTestId("card-brand"), page)).toBe(true);

  // A cash ticket instead: its page (link, long barcode, time left) fits the phone too.
  await rapipago.check();
  await page.getByRole("button", { name: "Get a Rapipago ticket" }).click();
  await expect(page.getByRole("heading", { name: "Your payment is pending" })).toBeVisible();
  await expect(page.getByText("Barcode number")).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expect(page.getByText(/^#\d+$/)).toBeVisible();
});
