// The console's one search box, on the real product: a shop purchase is found by its payer's e-mail, its payment id
// and its card's last four digits (the sandbox's Mastercard test card, 5031 7557 3453 0604, ends in 0604), and the
// result opens the payment.
import { randomUUID } from "node:crypto";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { addToCart, checkoutIdOf, enterPayerDetails, fillCard, paymentsOf, seedProduct } from "../support/shop";

const MASTERCARD = "5031 7557 3453 0604";

test("[admin][search] a shop payment is found by its payer's e-mail, its payment id and its card's last four, and opens", async ({
  page,
  db,
  signInAs,
}) => {
  const email = `search-${randomUUID().slice(0, 8)}@e2e.test`;
  const product = await seedProduct(db, { priceMinor: 321_00 });
  await addToCart(page, product);
  await enterPayerDetails(page, { email });
  await fillCard(page, { holder: "APRO", number: MASTERCARD });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  const checkoutId = checkoutIdOf(page);
  const [payment] = await paymentsOf(db, checkoutId);
  if (!payment) throw new Error("the shop recorded no payment");
  const checkout = await db
    .selectFrom("checkouts")
    .select("order_number")
    .where("id", "=", checkoutId)
    .executeTakeFirstOrThrow();
  const paymentId = String(payment.provider_payment_id);

  await signInAs({ role: "viewer" });
  await page.goto("/admin/payments");
  const box = page.getByRole("searchbox", { name: "Search payments, orders, customers…" });
  await expect(box).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // "/" focuses the box from the page; Enter opens the results.
  await page.locator("body").press("/");
  await expect(box).toBeFocused();
  await box.fill(email.toUpperCase());
  await box.press("Enter");
  await expect(page).toHaveURL(/\/admin\/search\?q=/);
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments.getByRole("link", { name: paymentId })).toBeVisible();
  await expect(payments).toContainText("ARS 321.00");
  await expect(
    page.getByRole("region", { name: "Shop orders" }).getByRole("link", { name: `#${checkout.order_number}` }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // By the payment id, from the box at the top of the results page.
  const pageBox = page.getByRole("searchbox", { name: "Search payments, orders, customers…" });
  await pageBox.fill(paymentId);
  await pageBox.press("Enter");
  await expect(page).toHaveURL(`/admin/search?q=${paymentId}`);
  await expect(page.getByRole("region", { name: "Payments" }).getByRole("link", { name: paymentId })).toBeVisible();

  // By the card's last four, as the payment's snapshot holds them.
  await pageBox.fill("0604");
  await pageBox.press("Enter");
  const byLastFour = page.getByRole("region", { name: "Payments" });
  await expect(byLastFour).toContainText("•••• 0604");
  await byLastFour.getByRole("link", { name: paymentId }).click();
  await expect(page).toHaveURL(`/admin/payments/${paymentId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(paymentId);
});

test("[admin][search] odd input is answered on the page, never with a failure", async ({ page, signInAs }) => {
  await signInAs({ role: "viewer" });
  for (const q of ["%_", "x".repeat(200), "'; select 1; --"]) {
    await page.goto(`/admin/search?${new URLSearchParams({ q })}`);
    await expect(page.getByRole("heading", { name: "Nothing found" })).toBeVisible();
  }
  await page.goto(`/admin/search?${new URLSearchParams({ q: "x".repeat(201) })}`);
  await expect(page.getByText("The search is at most 200 characters.")).toBeVisible();
});
