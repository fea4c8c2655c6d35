import { expect, test } from "../support/fixtures";
import { addToCart, seedProduct } from "../support/shop";

test("[shop][cart] the cart says when it clamped a quantity, and why", async ({ page, db }) => {
  const product = await seedProduct(db, { name: "Clamp mate" });
  await addToCart(page, product);
  await page.goto("/cart");
  const quantity = page.getByLabel(`Quantity of ${product.name}`);
  const notice = page.getByTestId("cart-clamp-notice");
  await expect(notice).toHaveAttribute("aria-live", "polite");
  await expect(notice).toBeEmpty();

  await quantity.fill("150");
  await expect(quantity).toHaveValue("99");
  await expect(notice).toHaveText(
    `${product.name}: one order can take at most 99, so the quantity is now 99 (you asked for 150).`,
  );
  // The line total follows the clamped quantity.
  await expect(page.getByRole("row", { name: new RegExp(product.name) })).toContainText("ARS 1,222,155.00");

  await quantity.fill("0");
  await expect(quantity).toHaveValue("1");
  await expect(notice).toHaveText(
    `${product.name}: the quantity must be at least 1, so it is now 1. To take the product out, use Remove.`,
  );

  await quantity.fill("3");
  await expect(notice).toBeEmpty();

  // In the shopper's language.
  await page.getByLabel("Language", { exact: true }).selectOption("es");
  await page.getByLabel(`Cantidad de ${product.name}`).fill("120");
  await expect(notice).toHaveText(
    `${product.name}: un pedido admite como máximo 99, así que la cantidad quedó en 99 (pediste 120).`,
  );
});
