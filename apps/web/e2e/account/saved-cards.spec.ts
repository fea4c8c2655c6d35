import { expect, test } from "../support/fixtures";
import { addToCart, enterPayerDetails, fillCard, secureInput, seedProduct } from "../support/shop";

test("[account][cards] a card saved while paying is listed, and removing it asks first", async ({
  page,
  db,
  signInAs,
}) => {
  const shopper = await signInAs();
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page, { email: shopper.email });
  await fillCard(page, { holder: "APRO" });
  await page.getByLabel("Save this card to my account for next time").check();
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  await expect(page.getByText("Your card was saved to your account.")).toBeVisible();

  await page.goto("/account");
  const cards = page.getByRole("region", { name: "Saved cards" });
  await expect(cards.getByText("Visa ending in 3704")).toBeVisible();
  await expect(cards.getByText("Expires 11/30")).toBeVisible();

  await cards.getByRole("button", { name: "Remove: Visa ending in 3704" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this card?" });
  await expect(dialog).toContainText("The Visa card ending in 3704 will be removed from your account.");
  await dialog.getByRole("button", { name: "Remove the card" }).click();
  await expect(cards.getByText("The card ending in 3704 was removed.")).toBeVisible();
  await expect(cards.getByRole("heading", { name: "No saved cards" })).toBeVisible();

  const user = await db
    .selectFrom("users")
    .select("provider_customer_id")
    .where("id", "=", shopper.id)
    .executeTakeFirstOrThrow();
  expect(user.provider_customer_id).not.toBeNull();
});

test("[account][cards] adding a card from the account goes through the secure fields", async ({
  page,
  signInAs,
  cobroRequests,
}) => {
  await signInAs();
  await page.goto("/account");
  const cards = page.getByRole("region", { name: "Saved cards" });
  await expect(cards.getByRole("heading", { name: "No saved cards" })).toBeVisible();
  await cards.getByRole("button", { name: "Add a card" }).click();
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Save the card" }).click();
  await expect(cards.getByText("Visa ending in 3704 was saved.")).toBeVisible();
  await expect(cards.getByText("Visa ending in 3704", { exact: true })).toBeVisible();
  await expect(secureInput(page, "cardNumber")).toHaveCount(0);
  // Cobro's server got a token, never the card.
  const add = cobroRequests.filter((request) => request.url.includes("account.cards.add"));
  expect(add).toHaveLength(1);
  expect(add[0]?.body ?? "").not.toContain("4509953566233704");
  expect(add[0]?.body ?? "").toContain("cardToken");
});
