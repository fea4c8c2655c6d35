import { expect, test } from "../support/fixtures";
import { addToCart, checkoutIdOf, enterPayerDetails, fillCard, paymentsOf, seedProduct } from "../support/shop";

test("[shop][card] a double click on Pay sends one payment", async ({ page, db, cobroRequests }) => {
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page);
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).dblclick();

  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  expect(cobroRequests.filter((request) => request.url.includes("checkout.payWithCard"))).toHaveLength(1);
  expect(await paymentsOf(db, checkoutIdOf(page))).toHaveLength(1);
});

test("[shop][checkout] a reload resumes the same checkout, and paying again after approval charges nothing", async ({
  page,
  db,
}) => {
  const email = `reload-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page, { email });
  await page.reload();
  await expect(page.getByText(`Paying as ${email}`)).toBeVisible();
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  const checkoutId = checkoutIdOf(page);

  // Back in history to the checkout: the order is paid, so there is nothing to pay again.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();

  const checkouts = await db.selectFrom("checkouts").select("id").where("payer_email", "=", email).execute();
  expect(checkouts.map((checkout) => checkout.id)).toEqual([checkoutId]);
  expect(await paymentsOf(db, checkoutId)).toHaveLength(1);
});
