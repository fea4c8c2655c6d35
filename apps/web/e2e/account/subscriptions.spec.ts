import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { createPlan } from "../support/sandbox-control";
import { fillCard } from "../support/shop";

async function subscribe(page: Page, planId: string, holder = "APRO"): Promise<void> {
  await page.goto(`/plans/${planId}`);
  await fillCard(page, { holder });
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
}

test("[subscriptions] a signed-in shopper subscribes to a plan with a card and sees the first charge", async ({
  page,
  db,
  signInAs,
}) => {
  const reason = `Yerba club ${crypto.randomUUID().slice(0, 6)}`;
  const planId = await createPlan({ reason, amount: 4_500 });
  const shopper = await signInAs();

  await subscribe(page, planId);
  await expect(page.getByText("You are subscribed")).toBeVisible();
  await expect(page.getByText("Subscription status: Active.")).toBeVisible();
  await expect(page.getByText("First charge:")).toContainText("Approved");

  const rows = await db.selectFrom("subscriptions").selectAll().where("user_id", "=", shopper.id).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ provider_plan_id: planId, status: "authorized", amount_minor: 4_500_00 });
});

test("[subscriptions] a visitor is asked to sign in first and comes back to the plan", async ({ page }) => {
  const planId = await createPlan({ reason: `Mate club ${crypto.randomUUID().slice(0, 6)}`, amount: 2_000 });
  await page.goto(`/plans/${planId}`);
  await page.getByRole("link", { name: "Sign in to subscribe" }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fplans%2F${planId}$`));
});

test("[account][subscriptions] cancelling a subscription asks for confirmation first", async ({
  page,
  db,
  signInAs,
}) => {
  const reason = `Alfajor box ${crypto.randomUUID().slice(0, 6)}`;
  const planId = await createPlan({ reason, amount: 3_000 });
  const shopper = await signInAs();
  await subscribe(page, planId);
  await expect(page.getByText("You are subscribed")).toBeVisible();

  await page.goto("/account");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: reason }) });
  await expect(item.getByText("Active")).toBeVisible();
  await item.getByRole("button", { name: `Cancel subscription: ${reason}` }).click();

  const dialog = page.getByRole("dialog", { name: "Cancel this subscription?" });
  await expect(dialog).toBeVisible();
  // The safe choice has the focus; keeping it changes nothing.
  await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toBeHidden();
  await expect(item.getByText("Active")).toBeVisible();

  await item.getByRole("button", { name: `Cancel subscription: ${reason}` }).click();
  await dialog.getByRole("button", { name: "Cancel the subscription" }).click();
  await expect(page.getByText(`"${reason}" was cancelled.`)).toBeVisible();
  await expect(item.getByText("Cancelled")).toBeVisible();
  await expect(item.getByRole("button", { name: /Cancel subscription/ })).toHaveCount(0);

  const row = await db
    .selectFrom("subscriptions")
    .select("status")
    .where("user_id", "=", shopper.id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe("cancelled");
});
