import { expect, test } from "../support/fixtures";
import { addToCart, checkoutIdOf, enterPayerDetails, fillCard, paymentsOf, seedProduct } from "../support/shop";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("[shop][phone] checkout works on a 390×844 phone without sideways scrolling", async ({ page, db }) => {
  const product = await seedProduct(db, { name: "Poncho de lana tejido a mano en Salta, tamaño único" });
  await addToCart(page, product);
  await expect.poll(() => horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await enterPayerDetails(page);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await fillCard(page, { holder: "APRO" });
  const pay = page.getByRole("button", { name: "Pay now" });
  await pay.scrollIntoViewIfNeeded();
  await pay.tap();

  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const payments = await paymentsOf(db, checkoutIdOf(page));
  expect(payments.map((payment) => payment.status)).toEqual(["approved"]);
});

function horizontalOverflow(page: import("@playwright/test").Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
