import { BRAZIL_STORE, MAIN_STORE } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { settlePayment } from "../support/sandbox-control";
import { addToCart, checkoutIdOf, enterPayerDetails, paymentsOf, seedProduct } from "../support/shop";

test("[shop][pix] Pix shows the QR code and turns approved when the payment is made", async ({ page, brazilDb }) => {
  const product = await seedProduct(brazilDb, { priceMinor: 149_90, currency: "BRL" });
  await addToCart(page, product, BRAZIL_STORE);
  // provider: Pix needs the payer's CPF.
  await enterPayerDetails(page, { documentType: "CPF", documentNumber: "19119119100" }, BRAZIL_STORE);
  await page.getByRole("radio", { name: "Pix" }).check();
  await page.getByRole("button", { name: "Pay with Pix" }).click();

  await expect(page.getByRole("heading", { name: "Your payment is pending" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Pix QR code to pay R\$/ })).toBeVisible();
  const code = page.getByLabel("Pix code (copy and paste)");
  await expect(code).toHaveValue(/^000201/);
  await expect(page.getByText(/left to pay/)).toBeVisible();

  const checkoutId = checkoutIdOf(page);
  const [pending] = await paymentsOf(brazilDb, checkoutId);
  expect(pending).toMatchObject({ status: "pending", payment_method_id: "pix", amount_minor: 149_90, currency: "BRL" });

  await settlePayment(pending?.provider_payment_id ?? 0, "approve", BRAZIL_STORE);
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("img", { name: /Pix QR code/ })).toHaveCount(0);
  const [paid] = await paymentsOf(brazilDb, checkoutId);
  expect(paid?.status).toBe("approved");
});

test("[shop][ticket] a cash ticket (Rapipago) shows its link and barcode while pending", async ({ page, db }) => {
  const product = await seedProduct(db, { priceMinor: 5_000_00 });
  await addToCart(page, product);
  await enterPayerDetails(page);
  await page.getByRole("radio", { name: "Rapipago (pay in cash)" }).check();
  await page.getByRole("button", { name: "Get a Rapipago ticket" }).click();

  await expect(page.getByRole("heading", { name: "Your payment is pending" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the ticket" })).toHaveAttribute("href", /^http/);
  await expect(page.getByText("Barcode number")).toBeVisible();
  const checkoutId = checkoutIdOf(page);
  const [pending] = await paymentsOf(db, checkoutId);
  expect(pending).toMatchObject({ status: "pending", payment_method_id: "rapipago", amount_minor: 5_000_00 });
  expect(new URL(page.url()).origin).toBe(MAIN_STORE.baseUrl);
});
