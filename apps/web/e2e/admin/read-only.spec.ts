// Read-only, one way: a viewer walking the console's detail pages (and the new-link page) sees each page's data with
// the same notice and none of its actions — never a form that fails on submit, an access message or a 404. An
// operator on the same pages sees the actions and no notice.
import type { Page } from "@playwright/test";
import { toJsonb } from "../../../server/src/db/schema";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import {
  createPendingSubscription,
  createPlan,
  createProviderCustomer,
  createProviderMerchantOrder,
  createProviderPreference,
} from "../support/sandbox-control";

const NOTICE = "Read-only for your role: you can see everything here; actions need an operator or an admin.";

/** The page's heading is drawn, the notice shown once, and none of `actions` is offered (button or link). */
async function expectReadOnly(page: Page, actions: readonly string[]) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("read-only-notice")).toHaveCount(1);
  await expect(page.getByTestId("read-only-notice")).toHaveText(NOTICE);
  for (const name of actions) {
    await expect(page.getByRole("main").getByRole("button", { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toHaveCount(0);
  }
  // Nothing here sends a change: no form with a submit button.
  await expect(page.getByRole("main").locator("form button[type=submit]")).toHaveCount(0);
}

test("[admin][read-only] a viewer walks the detail pages: the one notice, the data, no actions", async ({
  page,
  db,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const unique = crypto.randomUUID().slice(0, 8);
  const email = `read-only-${unique}@testuser.com`;
  const link = await createProviderPreference({ title: `Read-only link ${unique}`, amount: 1500 });
  const customer = await createProviderCustomer({ email, first_name: "Vera" });
  const planId = await createPlan({ reason: `Read-only plan ${unique}`, amount: 990 });
  const subscription = await createPendingSubscription({
    reason: `Read-only subscription ${unique}`,
    payerEmail: email,
    amount: 990,
  });
  const merchantOrder = await createProviderMerchantOrder({
    title: `Read-only order ${unique}`,
    amount: 2500,
    externalReference: `read-only-${unique}`,
  });
  const event = await db
    .insertInto("webhook_events")
    .values({
      dedupe_key: `payment:read-only-${unique}`,
      topic: "payment",
      action: "payment.updated",
      data_id: `9${Date.now()}`,
      request_id: crypto.randomUUID(),
      signature_valid: true,
      status: "failed",
      attempts: 3,
      deliveries: 1,
      last_error: "ProviderServerError: 503",
      payload: toJsonb({ type: "payment", action: "payment.updated", data: { id: unique } }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const pages: { path: string; shows: string; actions: string[] }[] = [
    { path: `/admin/links/${link.id}`, shows: `Read-only link ${unique}`, actions: ["Edit", "Expire now"] },
    { path: "/admin/links/new", shows: "New payment link", actions: ["Create link"] },
    {
      path: `/admin/customers/${encodeURIComponent(customer.id)}`,
      shows: email,
      actions: ["Delete customer", "Add a card", "Save changes"],
    },
    { path: `/admin/plans/${planId}`, shows: `Read-only plan ${unique}`, actions: ["Deactivate", "Save changes"] },
    {
      path: `/admin/subscriptions/${subscription.id}`,
      shows: `Read-only subscription ${unique}`,
      actions: ["Change amount", "Change card", "Cancel subscription"],
    },
    { path: `/admin/merchant-orders/${merchantOrder.id}`, shows: `Read-only order ${unique}`, actions: ["Edit"] },
    { path: `/admin/webhooks/${event.id}`, shows: "ProviderServerError: 503", actions: ["Replay"] },
  ];

  await signInAs({ role: "viewer" });
  for (const { path, shows, actions } of pages) {
    await page.goto(path);
    await expect(page.getByText(shows).first(), path).toBeVisible();
    await expectReadOnly(page, actions);
  }
  expect(await seriousViolations(page)).toEqual([]);

  // The same pages for an operator: their actions, and no notice.
  await page.context().clearCookies();
  await signInAs({ role: "operator" });
  for (const { path, actions } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: actions[0], exact: true }), path).toBeVisible();
    await expect(page.getByTestId("read-only-notice")).toHaveCount(0);
  }
});
