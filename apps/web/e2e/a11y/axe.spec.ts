import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { addToCart, enterPayerDetails, fillCard, seedProduct } from "../support/shop";

/** Waits until every picture on the page has loaded (lazy ones are scrolled to first). */
async function picturesLoaded(page: Page): Promise<void> {
  const pictures = page.locator("main img");
  const count = await pictures.count();
  for (let index = 0; index < count; index++) {
    const picture = pictures.nth(index);
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  }
}

test("[a11y] storefront (with its pictures) and product page have no serious accessibility violations", async ({
  page,
  db,
}) => {
  const product = await seedProduct(db);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Store" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Add to cart/ }).first()).toBeVisible();
  await picturesLoaded(page);
  expect(await page.locator("main img").count()).toBeGreaterThanOrEqual(6);
  expect(await seriousViolations(page)).toEqual([]);

  // A demo product (with its picture), in Spanish.
  await page.goto("/products/mate-calabaza");
  await page.getByLabel("Language", { exact: true }).selectOption("es");
  await expect(page.getByRole("heading", { level: 1, name: "Mate de calabaza" })).toBeVisible();
  await picturesLoaded(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Idioma", { exact: true }).selectOption("en");

  await addToCart(page, product);
  expect(await seriousViolations(page)).toEqual([]);
});

test("[a11y] the cart, with a clamped quantity's message, has no serious violations", async ({ page, db }) => {
  const product = await seedProduct(db);
  await addToCart(page, product);
  await page.goto("/cart");
  await page.getByLabel(`Quantity of ${product.name}`).fill("150");
  await expect(page.getByTestId("cart-clamp-notice")).toContainText("one order can take at most 99");
  expect(await seriousViolations(page)).toEqual([]);
});

test("[a11y] the payment choices (logos, Pay with Mercado Pago, cash), a declined and a pending result", async ({
  page,
  db,
}) => {
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page);
  await expect(page.getByRole("list", { name: "Cards accepted" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("radio", { name: /^Mercado Pago/ }).check();
  await expect(page.getByRole("button", { name: "Pay with Mercado Pago" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("radio", { name: "Rapipago (pay in cash)" }).check();
  expect(await seriousViolations(page)).toEqual([]);

  // Declined.
  await page.getByRole("radio", { name: /^Credit or debit card/ }).check();
  await fillCard(page, { holder: "OTHE" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Your payment was declined" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Pending: a cash ticket on a new checkout.
  const other = await seedProduct(db);
  await addToCart(page, other);
  await enterPayerDetails(page);
  await page.getByRole("radio", { name: "Rapipago (pay in cash)" }).check();
  await page.getByRole("button", { name: "Get a Rapipago ticket" }).click();
  await expect(page.getByRole("heading", { name: "Your payment is pending" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("[a11y] sign-in, sign-up and the error pages have no serious violations", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // With the form's errors on show.
  await page.getByRole("button", { name: "Sign in" }).last().click();
  await expect(page.getByText("Please fix the following:")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 2, name: "This page could not be found" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/products/no-such-product");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/checkout/result");
  await expect(page.getByRole("heading", { name: "No payment to show" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("[a11y] checkout (both steps, with errors shown) and the result page have no serious violations", async ({
  page,
  db,
}) => {
  const product = await seedProduct(db);
  await addToCart(page, product);
  await page.goto("/checkout");
  await expect(page.getByLabel("Document type")).toBeEnabled();
  // With the error summary and invalid fields on show.
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Please fix the following:")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await enterPayerDetails(page);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByText("Enter the card number.").first()).toBeVisible();
  // Checked with the provider's secure fields mounted (their frames are titled, their inputs labelled).
  await expect(page.locator("[data-secure-field] iframe")).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("[a11y] the account page has no serious violations", async ({ page, signInAs }) => {
  await signInAs();
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No saved cards" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No subscriptions" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("[a11y] the e-mail pages (check your inbox, verify, forgot and reset password) have no serious violations", async ({
  page,
}) => {
  await page.goto("/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Please fix the following:")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Email").fill(`nobody-${crypto.randomUUID().slice(0, 8)}@e2e.test`);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(/If an account exists for/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A link that was never sent: the pages say so.
  await page.goto("/reset-password#token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  await page.getByLabel("New password").fill("a long enough password");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("This link was already used or has expired. Ask for a new one.").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/verify-email#token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  await expect(page.getByText("This link was already used or has expired. Ask for a new one.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/signup");
  await page.getByLabel("Name").fill("Axe");
  await page.getByLabel("Email").fill(`axe-${crypto.randomUUID().slice(0, 8)}@e2e.test`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("[a11y] the account page with the 'confirm your e-mail' banner has no serious violations", async ({
  page,
  db,
  signInAs,
}) => {
  const shopper = await signInAs();
  await db.updateTable("users").set({ email_verified_at: null }).where("id", "=", shopper.id).execute();
  await page.goto("/account");
  await expect(page.getByText(`Confirm your e-mail address: we sent a link to ${shopper.email}.`)).toBeVisible();
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText(`We sent a new link to ${shopper.email}.`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
