// Subscriptions over time, in the browser against a store of their own (CLOCK_STORE: moving its sandbox's clock
// moves nothing another spec sees): an operator creates a plan in the console, a shopper subscribes in the shop, the
// sandbox's clock moves a month and the new charge shows in the console and in the shopper's account; the operator
// changes the amount (confirmed first) and the next month's charge is the new amount. And a subscription without a
// plan, made in the console with a card typed into the secure fields, confirmed first.
import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { CLOCK_STORE } from "../support/e2e-env";
import { createShopperWithSession, expect, test } from "../support/fixtures";
import { advanceSandboxClock } from "../support/sandbox-control";
import { fillCard } from "../support/shop";

const base = CLOCK_STORE.baseUrl;

/** The shopper's charges of the subscription `reason` on /account, opened. */
async function accountCharges(page: Page, reason: string) {
  await page.goto(`${base}/account`);
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: reason }) });
  await item.getByLabel(`Charges: ${reason}`).click();
  return item.getByRole("table", { name: `Charges: ${reason}` });
}

test("[admin][subscriptions][charges] a plan made in the console, a shopper subscribes, the sandbox clock moves a month: the charge shows in the console and in the shopper's account, and an amount change applies to the next one", async ({
  page,
  context,
  clockDb,
}) => {
  const reason = `Coffee club ${crypto.randomUUID().slice(0, 6)}`;
  await createShopperWithSession({ db: clockDb, context, target: CLOCK_STORE, role: "operator" });

  // The operator creates a monthly plan.
  await page.goto(`${base}/admin/plans`);
  await page.getByRole("button", { name: "New plan" }).click();
  const create = page.getByRole("dialog", { name: "New plan" });
  await create.getByLabel("Name").fill(reason);
  await create.getByLabel("Amount per charge (ARS)").fill("1500");
  await create.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: reason })).toBeVisible();
  const planId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");

  // A shopper subscribes in the shop: the first charge is made at once.
  const shopper = await createShopperWithSession({ db: clockDb, context, target: CLOCK_STORE });
  await page.goto(`${base}/plans/${planId}`);
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page.getByText("You are subscribed")).toBeVisible();
  let charges = await accountCharges(page, reason);
  await expect(charges.getByRole("row")).toHaveCount(2); // the header and the first charge
  await expect(charges).toContainText("Charged");
  await expect(charges).toContainText("1,500.00");
  expect(await seriousViolations(page)).toEqual([]);

  // A month later (the sandbox's clock), the provider has charged again: the shopper sees both charges.
  await advanceSandboxClock({ days: 32 }, CLOCK_STORE);
  charges = await accountCharges(page, reason);
  await expect(charges.getByRole("row")).toHaveCount(3);
  await expect(charges.getByText("Charged")).toHaveCount(2);

  // The console shows the same two charges on the subscription.
  const { provider_subscription_id: subscriptionId } = await clockDb
    .selectFrom("subscriptions")
    .select("provider_subscription_id")
    .where("user_id", "=", shopper.id)
    .executeTakeFirstOrThrow();
  await createShopperWithSession({ db: clockDb, context, target: CLOCK_STORE, role: "operator" });
  await page.goto(`${base}/admin/subscriptions/${subscriptionId}`);
  await expect(page.getByRole("heading", { level: 1, name: reason })).toBeVisible();
  const consoleCharges = page.getByRole("table", { name: "Charges" });
  await expect(consoleCharges.getByText("Charged")).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  // The operator changes the amount, confirmed first; the next charge is the new amount.
  await page.getByRole("button", { name: "Change amount" }).click();
  const change = page.getByRole("dialog", { name: "Change what this subscription charges?" });
  await expect(change.getByRole("button", { name: "Go back" })).toBeFocused();
  await change.getByLabel("New amount of each charge (ARS)").fill("0");
  await change.getByRole("button", { name: "Change the amount" }).click();
  await expect(change.getByText("New amount of each charge (ARS): enter an amount above zero.")).toBeVisible();
  await change.getByLabel("New amount of each charge (ARS)").fill("1800");
  expect(await seriousViolations(page)).toEqual([]);
  await change.getByRole("button", { name: "Change the amount" }).click();
  await expect(page.getByText(/^From the next charge on, the subscription charges .*1,800\.00\.$/)).toBeVisible();
  await expect(page.getByTestId("subscription-facts")).toContainText("1,800.00");
  const request = await clockDb
    .selectFrom("subscription_requests")
    .innerJoin("provider_requests", "provider_requests.id", "subscription_requests.provider_request_id")
    .select(["provider_requests.status as request_status", "amount_minor", "provider_requests.idempotency_key"])
    .where("subscription_requests.provider_subscription_id", "=", subscriptionId)
    .executeTakeFirstOrThrow();
  expect(request).toMatchObject({ request_status: "succeeded", amount_minor: 1_800_00 });
  const audited = await clockDb
    .selectFrom("audit_log")
    .select("action")
    .where("idempotency_key", "=", request.idempotency_key)
    .orderBy("created_at")
    .execute();
  expect(audited.map((row) => row.action)).toEqual(["subscription.change_requested", "subscription.change_succeeded"]);

  await advanceSandboxClock({ days: 32 }, CLOCK_STORE);
  await page.reload();
  await expect(consoleCharges.getByText("Charged")).toHaveCount(3);
  await expect(consoleCharges.getByRole("row").nth(1)).toContainText("1,800.00");

  // The Charges area finds the same three by the subscription's id, each linked back to it.
  await page.goto(`${base}/admin/charges`);
  const search = page.getByRole("search", { name: "Search charges" });
  await search.getByLabel("Subscription id").fill(subscriptionId);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`subscriptionId=${subscriptionId}`));
  const listed = page.getByRole("table", { name: "Subscription charges" });
  await expect(listed.getByText("Charged")).toHaveCount(3);
  await expect(listed.getByRole("link", { name: reason })).toHaveCount(3);
  await listed.getByRole("link", { name: reason }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: reason })).toBeVisible();
});

test("[admin][subscriptions] an operator creates a subscription without a plan with the payer's card, confirmed first; the sandbox charges it", async ({
  page,
  context,
  clockDb,
}) => {
  const payer = `planless-${crypto.randomUUID().slice(0, 6)}@testuser.com`;
  await createShopperWithSession({ db: clockDb, context, target: CLOCK_STORE, role: "operator" });
  await page.goto(`${base}/admin/subscriptions`);
  await page.getByRole("link", { name: "New subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New subscription without a plan" })).toBeVisible();
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin === base) sent.push(request.postData() ?? "");
  });

  await page.getByLabel("Payer e-mail").fill(payer);
  await page.getByLabel("What it is for").fill("Weekly flowers");
  await page.getByLabel("Amount of each charge (ARS)").fill("2500");
  await page.getByLabel("Charge every").fill("7");
  await page.getByLabel("Unit").selectOption("days");
  await fillCard(page, { holder: "APRO" });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Review the subscription" }).click();
  const confirm = page.getByRole("dialog", { name: "Create this subscription?" });
  await expect(confirm).toContainText(payer);
  await expect(confirm).toContainText(/will be charged .*2,500\.00 every 7 days on the visa card, starting now/);
  await confirm.getByRole("button", { name: "Create and charge" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Weekly flowers" })).toBeVisible();
  await expect(page.getByTestId("subscription-facts")).toContainText("No plan (own amount)");
  await expect(page.getByRole("table", { name: "Charges" }).getByText("Charged")).toHaveCount(1);

  // The card number never reached Cobro: only its token did.
  expect(sent.some((body) => body.includes("4509953566233704") || body.includes("4509 9535"))).toBe(false);
  const rows = await clockDb
    .selectFrom("subscription_requests")
    .innerJoin("provider_requests", "provider_requests.id", "subscription_requests.provider_request_id")
    .selectAll("subscription_requests")
    .select("provider_requests.status as request_status")
    .where("subscription_requests.kind", "=", "create")
    .execute();
  const mine = rows.filter((row) => (row.request as { payer_email?: string }).payer_email === payer);
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ request_status: "succeeded", amount_minor: 2_500_00, currency: "ARS" });

  // A week later the sandbox charged it again.
  await advanceSandboxClock({ days: 8 }, CLOCK_STORE);
  await page.reload();
  await expect(page.getByRole("table", { name: "Charges" }).getByText("Charged")).toHaveCount(2);
});
