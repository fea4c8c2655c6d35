// The admin console's people and store parts in a real browser against the
// product as `npm start` runs it: who may enter, what each role sees, an admin
// managing a user, and the card-capture setting reaching a shop payment.

import type { DB, UserRole } from "@cobro/server/testing";
import { createSession, SESSION_COOKIE_NAME } from "@cobro/server/testing";
import type { Kysely } from "kysely";
import { seriousViolations } from "../support/axe";
import { MAIN_STORE } from "../support/e2e-env";
import { createShopperWithSession, expect, type Shopper, test } from "../support/fixtures";
import { addToCart, checkoutIdOf, enterPayerDetails, fillCard, paymentsOf, seedProduct } from "../support/shop";

/** A user of `role`, signed in on this test's browser (created as a shopper, then given the role). */
async function signInWithRole(signInAs: () => Promise<Shopper>, db: Kysely<DB>, role: UserRole): Promise<Shopper> {
  const user = await signInAs();
  await db.updateTable("users").set({ role }).where("id", "=", user.id).execute();
  return user;
}

test("[admin][access] an anonymous visit to /admin redirects to sign-in", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusers$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("[admin][access] a shopper gets the 403 page", async ({ page, signInAs }) => {
  await signInAs();
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin console" })).toHaveCount(0);
});

test("[admin][catalog] a viewer sees the sidebar without Users/Settings and the catalog without edit buttons", async ({
  page,
  db,
  signInAs,
}) => {
  const product = await seedProduct(db, { name: `Viewer sees ${crypto.randomUUID().slice(0, 6)}` });
  await signInWithRole(signInAs, db, "viewer");
  await page.goto("/admin/catalog");
  const sidebar = page.getByRole("navigation", { name: "Admin console" });
  await expect(sidebar.getByRole("link", { name: "Catalog" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(sidebar.getByRole("link", { name: "Settings" })).toHaveCount(0);

  const row = page.getByRole("row", { name: new RegExp(product.name) });
  await expect(row).toBeVisible();
  await expect(page.getByTestId("read-only-notice")).toHaveText(
    "Read-only for your role: you can see everything here; changes need an admin.",
  );
  await expect(page.getByRole("button", { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New product" })).toHaveCount(0);

  // The settings page is not theirs either: the console answers with its 404, not the admin form.
  await page.goto("/admin/settings");
  await expect(page.getByRole("radio")).toHaveCount(0);
});

test("[admin][users] an admin changes a user's role and disables a user, whose session stops working", async ({
  page,
  db,
  signInAs,
  browser,
}) => {
  await signInWithRole(signInAs, db, "admin");
  const targetContext = await browser.newContext({ baseURL: MAIN_STORE.baseUrl });
  try {
    const target = await createShopperWithSession({ db, context: targetContext });

    await db.updateTable("users").set({ email_verified_at: null }).where("id", "=", target.id).execute();
    await page.goto(`/admin/users?q=${encodeURIComponent(target.email)}`);
    const row = page.getByTestId(`user-row-${target.email}`);
    await expect(row).toBeVisible();
    // The list says whether the address is verified: not until the shopper follows the link.
    await expect(row.getByTestId("user-email-verified")).toHaveText("Address not verified");
    // Axe on an admin page with its table and controls on show.
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByLabel(`Role of ${target.name}`).selectOption("viewer");
    const roleDialog = page.getByRole("dialog", { name: `Make ${target.name} Viewer?` });
    await roleDialog.getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText(`${target.name} is now Viewer.`)).toBeVisible();
    await expect(row.getByLabel(`Role of ${target.name}`)).toHaveValue("viewer");
    const promoted = await db.selectFrom("users").select("role").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(promoted.role).toBe("viewer");

    // A new session with the new role: the console opens for them.
    const { token } = await createSession({ db, userId: target.id });
    await targetContext.addCookies([{ name: SESSION_COOKIE_NAME, value: token, url: MAIN_STORE.baseUrl }]);
    const targetPage = await targetContext.newPage();
    await targetPage.goto("/admin/catalog");
    await expect(targetPage.getByRole("navigation", { name: "Admin console" })).toBeVisible();

    await row.getByRole("button", { name: "Disable" }).click();
    await page
      .getByRole("dialog", { name: `Disable ${target.name}?` })
      .getByRole("button", { name: "Disable" })
      .click();
    await expect(page.getByText(`${target.name} is disabled.`)).toBeVisible();
    await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
    const disabled = await db
      .selectFrom("users")
      .select("disabled_at")
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(disabled.disabled_at).not.toBeNull();
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", target.id).execute()).toEqual([]);

    // Their open browser is signed out at once.
    await targetPage.goto("/admin/catalog");
    await expect(targetPage).toHaveURL(/\/login\?next=/);
  } finally {
    await targetContext.close();
  }
});

test("[admin][settings] an admin switches capture to authorize and a shop card payment comes back authorized", async ({
  page,
  db,
  signInAs,
  context,
}) => {
  await signInWithRole(signInAs, db, "admin");
  try {
    await page.goto("/admin/settings");
    await page.getByRole("radio", { name: /Authorize at checkout, capture later/ }).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page
      .getByRole("dialog", { name: "Change how card payments are captured?" })
      .getByRole("button", { name: "Change" })
      .click();
    await expect(page.getByText("Settings saved. The next card payment uses them.")).toBeVisible();
    const stored = await db
      .selectFrom("store_settings")
      .select("value")
      .where("key", "=", "card_capture")
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe("manual");

    // A guest pays by card in the same browser, signed out.
    await context.clearCookies();
    const product = await seedProduct(db, { priceMinor: 9_900_00 });
    await addToCart(page, product);
    await enterPayerDetails(page);
    await fillCard(page, { holder: "APRO" });
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL(/\/checkout\/result\?checkout_id=/);
    await expect(page.getByRole("heading", { name: "Your payment was authorized" })).toBeVisible();
    await expect(page.getByText("Authorized", { exact: true })).toBeVisible();
    const payments = await paymentsOf(db, checkoutIdOf(page));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: "authorized", amount_minor: 9_900_00 });
  } finally {
    // The store is shared by every spec: put the default back.
    await db.deleteFrom("store_settings").where("key", "=", "card_capture").execute();
  }
});

test("[a11y][admin] every area of the console has no serious accessibility violations", async ({
  page,
  db,
  signInAs,
}) => {
  // One axe run per area (eighteen now): more than the default minute on a shared, loaded machine.
  test.setTimeout(180_000);
  const admin = await signInWithRole(signInAs, db, "admin");
  // The users list links a user with a provider customer to it: have one on show, whatever ran before.
  await db
    .updateTable("users")
    .set({ provider_customer_id: "axe-check-customer" })
    .where("id", "=", admin.id)
    .execute();
  try {
    for (const path of [
      "/admin",
      "/admin/payments",
      "/admin/store-orders",
      "/admin/virtual-terminal",
      "/admin/virtual-terminal/new",
      "/admin/links",
      "/admin/merchant-orders",
      "/admin/customers",
      "/admin/plans",
      "/admin/subscriptions",
      "/admin/charges",
      "/admin/webhooks",
      "/admin/audit",
      "/admin/catalog",
      "/admin/account",
      "/admin/settings",
      "/admin/users",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
  } finally {
    await db.updateTable("users").set({ provider_customer_id: null }).where("id", "=", admin.id).execute();
  }
});
