// E-mail as the shopper gets it, read from the store's mail catcher: the
// verification link that brings guest orders into the account, and a
// password reset link that works once.
import { createShopperWithSession, expect, test } from "../support/fixtures";
import { linkIn, waitForMail } from "../support/mail";
import { addToCart, enterPayerDetails, fillCard, seedProduct } from "../support/shop";

test("[account][email] a guest order appears in the account after the e-mail link is followed (read from the mail catcher)", async ({
  page,
  db,
}) => {
  const email = `guest-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  const product = await seedProduct(db, { name: `Guest mate ${crypto.randomUUID().slice(0, 6)}` });

  // A purchase as a guest with that address.
  await addToCart(page, product);
  await enterPayerDetails(page, { email });
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  // The order confirmation, in the language the guest bought in (the page was in English).
  const confirmation = await waitForMail(email, /^Your order at Cobro is confirmed/);
  expect(confirmation.text).toContain(`1 × ${product.name}`);
  expect(linkIn(confirmation, "/checkout/result")).toContain("checkout_id=");

  // Later, the shopper creates an account with the same address.
  await page.goto("/signup");
  await page.getByLabel("Name").fill("Guest Shopper");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
  await expect(page.getByText(`We sent a link to ${email}. Follow it to finish.`)).toBeVisible();
  const user = await db
    .selectFrom("users")
    .select(["id", "email_verified_at"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  expect(user.email_verified_at).toBeNull();

  // The verification e-mail, in the language the shopper used on the site.
  const verification = await waitForMail(email, "Confirm your e-mail address for Cobro");
  await page.goto(linkIn(verification, "/verify-email"));
  await expect(page.getByText("Your e-mail is confirmed and you are signed in.")).toBeVisible();
  // The header knows it too: no "Sign in" beside a page that says you are.
  await expect(page.getByRole("link", { name: "Account", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  // The token left the address bar.
  expect(new URL(page.url()).hash).toBe("");
  await page.getByRole("link", { name: "Go to your account" }).click();
  const orders = page.getByRole("region", { name: "Your orders" });
  await expect(orders.getByText(`1 × ${product.name}`)).toBeVisible();
  await expect(orders.getByText("Approved")).toBeVisible();
  await expect(page.getByText(/Confirm your e-mail address/)).toHaveCount(0);

  const checkouts = await db.selectFrom("checkouts").select("user_id").where("payer_email", "=", email).execute();
  expect(checkouts).toEqual([{ user_id: user.id }]);
});

test("[account][email] a password reset link works once and then never again", async ({ page, db, browser }) => {
  // A shopper signed in on another device: resetting the password signs that session out.
  const otherDevice = await browser.newContext();
  const shopper = await createShopperWithSession({ db, context: otherDevice });
  await otherDevice.close();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(
    page.getByText(`If an account exists for ${shopper.email}, we sent a link to it.`, { exact: false }),
  ).toBeVisible();

  const mail = await waitForMail(shopper.email, "Reset your Cobro password");
  const link = linkIn(mail, "/reset-password");
  await page.goto(link);
  await page.getByLabel("New password").fill("my brand new password");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText(/Your password was changed\./)).toBeVisible();
  // Only the session of this browser is left.
  const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", shopper.id).execute();
  expect(sessions).toHaveLength(1);

  // The same link again (opened afresh, as from the e-mail): refused, clearly, with the way to a new one.
  await page.goto("/");
  await page.goto(link);
  await page.getByLabel("New password").fill("someone elses password");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("This link was already used or has expired. Ask for a new one.").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();

  // The first new password is the one that works.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/login");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill("my brand new password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "Account" })).toBeVisible();
});
