import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { addToCart, enterPayerDetails, fillCard, seedProduct } from "../support/shop";

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
}

test("[a11y] storefront and product page have no serious accessibility violations", async ({ page, db }) => {
  const product = await seedProduct(db);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Store" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Add to cart/ }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await addToCart(page, product);
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
