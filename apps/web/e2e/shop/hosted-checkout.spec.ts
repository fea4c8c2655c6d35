import { MAIN_STORE } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { addToCart, enterPayerDetails, paymentsOf, payOnHostedCheckout, seedProduct } from "../support/shop";

test("[shop][hosted] paying on Mercado Pago's hosted checkout comes back to an approved result", async ({
  page,
  db,
}) => {
  const product = await seedProduct(db, { priceMinor: 25_000_00 });
  await addToCart(page, product);
  await enterPayerDetails(page);
  await page.getByRole("radio", { name: /^Mercado Pago/ }).check();
  await page.getByRole("button", { name: "Pay with Mercado Pago" }).click();

  // The provider's page (the sandbox plays it), on its own origin.
  await page.waitForURL((url) => url.origin === MAIN_STORE.sandboxUrl);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Pay");
  await payOnHostedCheckout(page, "test_user_77@testuser.com");

  // auto_return: straight back to our result page with the provider's parameters.
  await page.waitForURL((url) => url.origin === MAIN_STORE.baseUrl && url.pathname === "/checkout/result");
  const back = new URL(page.url());
  const checkoutId = back.searchParams.get("external_reference") ?? "";
  expect(back.searchParams.get("payment_id")).toMatch(/^\d+$/);
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("ARS 25,000.00");

  const payments = await paymentsOf(db, checkoutId);
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({
    status: "approved",
    amount_minor: 25_000_00,
    provider_payment_id: Number(back.searchParams.get("payment_id")),
  });
});
