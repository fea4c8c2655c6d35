import { createShopperWithSession, expect, test } from "../support/fixtures";
import { fillCard } from "../support/shop";

test("[account][auth] a visitor is sent to sign in and lands back on the account page", async ({
  page,
  db,
  browser,
}) => {
  // A user whose password we know, made in the database (its session goes to a throwaway context).
  const scratch = await browser.newContext();
  const shopper = await createShopperWithSession({ db, context: scratch });
  await scratch.close();

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password.")).toBeVisible();

  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${shopper.name}`)).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", shopper.id).execute();
  expect(sessions).toHaveLength(1); // only the throwaway context's session is left
});

test("[account][orders] a signed-in shopper's order is listed with its status", async ({ page, db, signInAs }) => {
  const shopper = await signInAs();
  const product = await db
    .insertInto("products")
    .values({
      slug: `e2e-order-${crypto.randomUUID().slice(0, 8)}`,
      name: "Termo de prueba",
      description: "",
      image_url: null,
      price_minor: 42_000_00,
      currency: "ARS",
      active: true,
    })
    .returning(["id", "slug"])
    .executeTakeFirstOrThrow();
  await page.goto(`/products/${product.slug}`);
  await page.getByRole("button", { name: /^Add to cart/ }).click();
  await page.goto("/checkout");
  // Signed in: the email is already filled in.
  await expect(page.getByLabel("Email")).toHaveValue(shopper.email);
  await page.getByLabel("Document number").fill("12345678");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();

  await page.getByRole("link", { name: "Account" }).click();
  const orders = page.getByRole("region", { name: "Your orders" });
  await expect(orders.getByText("1 × Termo de prueba")).toBeVisible();
  await expect(orders.getByText("Approved")).toBeVisible();
  // The total paid with its installments, as the provider charged it.
  await expect(orders.getByTestId("payment-plan")).toHaveText(/^Paid ARS\s[\d,.]+ in 1 payment$/);
  await expect(orders.getByText("Showing 1 order")).toBeVisible();
  const checkouts = await db
    .selectFrom("checkouts")
    .select(["status", "user_id"])
    .where("user_id", "=", shopper.id)
    .execute();
  expect(checkouts).toHaveLength(1);
});
