// The console's plans area in the browser against the real server and its sandbox: an operator creates a plan (the
// dialog names a wrong field first), edits it, a shopper subscribes to it in the shop, and the operator deactivates
// it (the shop no longer offers it). What the pages show is checked against the sandbox and the database.
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { getProviderPlan } from "../support/sandbox-control";
import { fillCard } from "../support/shop";

test("[admin][subscriptions] an operator creates and edits a plan, a shopper subscribes, the console shows the subscription and its charge, pauses it, and deactivating the plan takes it out of the shop", async ({
  page,
  db,
  signInAs,
}) => {
  const reason = `Yerba club ${crypto.randomUUID().slice(0, 6)}`;
  await signInAs({ role: "operator" });

  await page.goto("/admin/plans");
  await expect(page.getByRole("heading", { level: 1, name: "Subscription plans" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Subscription plans" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Create: a wrong field is named and nothing is sent; then the plan page opens.
  await page.getByRole("button", { name: "New plan" }).click();
  const create = page.getByRole("dialog", { name: "New plan" });
  await create.getByLabel("Name").fill(reason);
  await create.getByLabel("Amount per charge (ARS)").fill("12.345");
  await create.getByRole("button", { name: "Create plan" }).click();
  await expect(create.getByText("Enter an amount above zero, with the currency's decimals.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await create.getByLabel("Amount per charge (ARS)").fill("2500");
  await create.getByLabel("Number of charges").fill("12");
  await create.getByRole("button", { name: "Create plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: reason })).toBeVisible();
  await expect(page.getByText(`Plan “${reason}” created.`)).toBeVisible();
  const planId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  const facts = page.getByTestId("plan-facts");
  await expect(facts).toContainText("Active");
  await expect(facts).toContainText("2,500.00");
  await expect(facts).toContainText("Monthly");

  const created = await getProviderPlan(planId);
  expect(created).toMatchObject({
    status: "active",
    reason,
    auto_recurring: {
      frequency: 1,
      frequency_type: "months",
      transaction_amount: 2500,
      currency_id: "ARS",
      repetitions: 12,
    },
  });
  const audited = await db
    .selectFrom("audit_log")
    .select(["action", "idempotency_key"])
    .where("resource_id", "=", planId)
    .execute();
  expect(audited).toEqual([{ action: "plan.created", idempotency_key: expect.any(String) }]);

  // Edit the amount.
  await page.getByLabel("Amount per charge (ARS)").fill("3000");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("The plan was saved.")).toBeVisible();
  await expect(facts).toContainText("3,000.00");
  expect((await getProviderPlan(planId)).auto_recurring.transaction_amount).toBe(3000);
  expect(await seriousViolations(page)).toEqual([]);

  // The list finds it by name.
  await page.goto("/admin/plans");
  await page.getByLabel("Name, id or reference").fill(reason);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId(`plan-row-${planId}`)).toContainText("3,000.00");

  // A shopper subscribes in the shop at the edited amount.
  const shopper = await signInAs();
  await page.goto(`/plans/${planId}`);
  await expect(page.getByRole("heading", { level: 1, name: reason })).toBeVisible();
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page.getByText("You are subscribed")).toBeVisible();
  const subscription = await db
    .selectFrom("subscriptions")
    .select(["provider_plan_id", "amount_minor", "status"])
    .where("user_id", "=", shopper.id)
    .executeTakeFirstOrThrow();
  expect(subscription).toEqual({ provider_plan_id: planId, amount_minor: 3_000_00, status: "authorized" });

  // The console shows the subscription with its plan, payer and first charge (and the payment it produced).
  await signInAs({ role: "operator" });
  await page.goto(`/admin/subscriptions?planId=${planId}`);
  const rows = page.getByRole("table", { name: "Subscriptions" }).getByRole("row");
  await expect(rows).toHaveCount(2); // the header and the one subscription
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: reason }).click();
  await expect(page.getByRole("heading", { level: 1, name: reason })).toBeVisible();
  const subscriptionFacts = page.getByTestId("subscription-facts");
  await expect(subscriptionFacts).toContainText("Active");
  await expect(subscriptionFacts).toContainText("3,000.00");
  await expect(subscriptionFacts.getByRole("link", { name: reason })).toHaveAttribute("href", `/admin/plans/${planId}`);
  const subscriptionId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  const charges = page.getByRole("table", { name: "Charges" });
  await expect(charges.getByText("Charged")).toBeVisible();
  await expect(charges).toContainText("approved");
  const paymentLink = charges.getByRole("link").first();
  await expect(paymentLink).toHaveAttribute("href", /^\/admin\/payments\/\d+$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Pause, confirmed first: the provider and the shop's mirror say paused, and the action is audited.
  await page.getByRole("button", { name: "Pause" }).click();
  const pause = page.getByRole("dialog", { name: "Pause this subscription?" });
  await expect(pause.getByRole("button", { name: "Keep it as it is" })).toBeFocused();
  await pause.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText(`“${reason}” is paused.`)).toBeVisible();
  await expect(subscriptionFacts).toContainText("Paused");
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  const mirrored = await db
    .selectFrom("subscriptions")
    .select("status")
    .where("provider_subscription_id", "=", subscriptionId)
    .executeTakeFirstOrThrow();
  expect(mirrored.status).toBe("paused");
  const subscriptionAudit = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_id", "=", subscriptionId)
    .orderBy("created_at")
    .execute();
  expect(subscriptionAudit.map((row) => row.action)).toEqual(["subscription.pause_requested", "subscription.paused"]);

  // The charges area finds the charge by its subscription and by its payment.
  const paymentId = ((await paymentLink.getAttribute("href")) ?? "").split("/").pop() ?? "";
  await page.goto(`/admin/charges?paymentId=${paymentId}`);
  const chargeTable = page.getByRole("table", { name: "Subscription charges" });
  await expect(chargeTable.getByRole("row")).toHaveCount(2);
  await expect(chargeTable).toContainText("Charged");
  await expect(chargeTable).toContainText("approved");
  await expect(chargeTable.getByRole("link", { name: reason })).toHaveAttribute(
    "href",
    `/admin/subscriptions/${subscriptionId}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/admin/plans/${planId}`);

  // Deactivate the plan, confirmed first: the shop no longer offers it.
  await page.getByRole("button", { name: "Deactivate" }).click();
  const confirm = page.getByRole("dialog", { name: "Deactivate this plan?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText(`“${reason}” is inactive.`)).toBeVisible();
  await expect(facts).toContainText("Inactive");
  expect((await getProviderPlan(planId)).status).toBe("inactive");
  const actions = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_id", "=", planId)
    .orderBy("created_at")
    .execute();
  expect(actions.map((row) => row.action)).toEqual(["plan.created", "plan.updated", "plan.deactivated"]);

  // The shop answers the inactive plan's address with its 404 page, and its plan list leaves it out.
  const gone = await page.goto(`/plans/${planId}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await page.goto("/plans");
  await expect(page.getByRole("link", { name: "Coffee club — one bag a month" }).first()).toBeVisible();
  await expect(page.getByText(reason)).toHaveCount(0);
});

test("[admin][subscriptions] a viewer sees the demo plans but cannot create or change one", async ({
  page,
  signInAs,
}) => {
  await signInAs({ role: "viewer" });
  await page.goto("/admin/plans?status=active");
  const table = page.getByRole("table", { name: "Subscription plans" });
  await expect(table.getByRole("link", { name: "Coffee club — one bag a month" })).toBeVisible();
  await expect(table.getByRole("link", { name: "Coffee club plus — two bags a month, first week free" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New plan" })).toHaveCount(0);
  await table.getByRole("link", { name: "Coffee club — one bag a month" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Coffee club — one bag a month" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
