// The console's payment links in the browser against the real server and its sandbox: an operator creates a
// link, a shopper pays it on the provider's hosted page and lands on Cobro's thank-you page, and the payment shows
// in Payments and under its link; then the operator expires the link. Each step checks the page, the database and
// what the sandbox holds.

import { seriousViolations } from "../support/axe";
import { MAIN_STORE } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { getProviderPayment, getProviderPreference } from "../support/sandbox-control";
import { payOnHostedCheckout } from "../support/shop";

test("[admin][links] create a payment link, pay it on the hosted page as a shopper, see the payment in Payments and under the link", async ({
  page,
  browser,
  db,
  signInAs,
}) => {
  const operator = await signInAs({ role: "operator" });
  const reference = `link-e2e-${crypto.randomUUID().slice(0, 8)}`;

  // --- The operator creates the link ------------------------------------------------------------------
  await page.goto("/admin/links/new");
  await expect(page.getByRole("heading", { name: "New payment link" })).toBeVisible();
  await page.getByLabel("Title 1").fill("Design session");
  await page.getByLabel("Quantity 1").fill("2");
  await page.getByLabel("Unit price (ARS) 1").fill("1500,50");
  await page.getByLabel("External reference (optional)").fill(reference);
  await page.getByLabel("Most installments (optional)").fill("3");
  const create = page.getByRole("button", { name: "Create link" });
  // A double click is one intent: one link.
  await create.dblclick();
  await expect(page.getByText("The payment link is ready. Send it to your customer.")).toBeVisible();
  const linkField = page.getByLabel("Link to pay");
  const initPoint = await linkField.inputValue();
  expect(initPoint.startsWith(`${MAIN_STORE.sandboxUrl}/checkout/v1/redirect?pref_id=`)).toBe(true);
  await expect(page.getByRole("img", { name: "QR code of the payment link" })).toHaveAttribute(
    "src",
    /^data:image\/png;base64,/,
  );

  const links = await db
    .selectFrom("payment_links")
    .innerJoin("provider_requests", "provider_requests.id", "payment_links.provider_request_id")
    .selectAll("payment_links")
    .select("provider_requests.status")
    .where("payment_links.created_by", "=", operator.id)
    .execute();
  expect(links).toHaveLength(1);
  const [link] = links;
  expect(link).toMatchObject({ status: "succeeded", init_point: initPoint, title_summary: "Design session ×2" });
  const preferenceId = link?.provider_preference_id ?? "";
  const preference = await getProviderPreference(preferenceId);
  expect(preference).toMatchObject({
    external_reference: reference,
    auto_return: "approved",
    back_urls: { success: `${MAIN_STORE.baseUrl}/thank-you` },
    notification_url: `${MAIN_STORE.baseUrl}/api/webhooks/mercadopago?source_news=webhooks`,
  });
  expect(preference.items).toEqual([
    expect.objectContaining({ title: "Design session", quantity: 2, unit_price: 1500.5, currency_id: "ARS" }),
  ]);

  // --- A shopper (another browser, not signed in) pays it on the provider's page ---------------------------
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(initPoint);
  await expect(shopper.getByRole("heading", { level: 1 })).toContainText("Pay");
  await payOnHostedCheckout(shopper, "link_buyer@testuser.com");

  // auto_return: back on Cobro's thank-you page, which re-read the payment before saying it was approved.
  await shopper.waitForURL((url) => url.origin === MAIN_STORE.baseUrl && url.pathname === "/thank-you");
  const paymentId = Number(new URL(shopper.url()).searchParams.get("payment_id"));
  expect(paymentId).toBeGreaterThan(0);
  await expect(shopper.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  await expect(shopper.getByTestId("link-thanks-message")).toHaveText(
    "The seller has received your payment of ARS 3,001.00.",
  );
  await expect(shopper.getByText(`Reference: ${reference}`)).toBeVisible();
  await shopperContext.close();

  expect(await getProviderPayment(paymentId)).toMatchObject({
    status: "approved",
    transaction_amount: 3001,
    external_reference: reference,
  });
  const mirrored = await db
    .selectFrom("payments")
    .select(["status", "amount_minor", "preference_id", "checkout_id"])
    .where("provider_payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
  expect(mirrored).toEqual({
    status: "approved",
    amount_minor: 3001_00,
    preference_id: preferenceId,
    checkout_id: null,
  });

  // --- The operator sees it in Payments, and its detail links back to the link ------------------------------
  await page.goto(`/admin/payments?ref=${reference}`);
  const row = page.locator(`tr[data-payment-id="${paymentId}"]`);
  await expect(row).toContainText("ARS 3,001.00");
  await row.getByRole("link", { name: String(paymentId) }).click();
  await expect(page.getByTestId("payment-link")).toHaveText(preferenceId);
  await page.getByTestId("payment-link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/links/${preferenceId}$`));
  await expect(page.getByRole("heading", { name: "Design session" })).toBeVisible();
  await expect(page.getByTestId("link-total")).toHaveText("ARS 3,001.00");
  const payments = page.getByTestId("link-payments");
  await expect(payments.getByRole("link", { name: String(paymentId) })).toBeVisible();
  await expect(payments).toContainText("ARS 3,001.00");
  await expect(page.getByTestId("link-merchant-orders")).toContainText("ARS 3,001.00");

  // The list marks it as made in Cobro.
  await page.goto(`/admin/links?ref=${reference}`);
  const listed = page.locator(`tr[data-preference-id="${preferenceId}"]`);
  await expect(listed).toContainText("Design session ×2");
  await expect(listed).toContainText("Cobro");
  await expect(listed).toContainText("Active");

  // --- Edit: a new price and title (the payment already made keeps its amount) ---------------------------------
  await listed.getByRole("link", { name: "Design session ×2" }).click();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit this payment link" });
  await edit.getByLabel("Title 1").fill("Design session (2h)");
  await edit.getByLabel("Unit price (ARS) 1").fill("1600");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Saved: Mercado Pago confirmed it.")).toBeVisible();
  await edit.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("link-total")).toHaveText("ARS 3,200.00");
  await expect(page.getByRole("heading", { name: "Design session (2h)" })).toBeVisible();
  expect((await getProviderPreference(preferenceId)).items).toEqual([
    expect.objectContaining({ title: "Design session (2h)", quantity: 2, unit_price: 1600, currency_id: "ARS" }),
  ]);
  await expect(page.getByTestId("link-payments")).toContainText("ARS 3,001.00");

  // --- Expire now, after a confirmation ----------------------------------------------------------------------
  await page.getByRole("button", { name: "Expire now" }).click();
  const dialog = page.getByRole("dialog", { name: "Expire this payment link?" });
  await dialog.getByRole("button", { name: "Expire the link" }).click();
  await expect(dialog.getByText("The link has expired.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("link-state")).toHaveText("Expired");
  const expired = await getProviderPreference(preferenceId);
  expect(expired.expires).toBe(true);
  expect(Date.parse(expired.expiration_date_to ?? "")).toBeLessThan(Date.now());
  const audit = await db
    .selectFrom("audit_log")
    .select("action")
    .where("actor_user_id", "=", operator.id)
    .orderBy("created_at")
    .execute();
  expect(audit.map((entry) => entry.action)).toEqual([
    "payment_link.create_requested",
    "payment_link.created",
    "payment_link.update_requested",
    "payment_link.updated",
    "payment_link.expire_requested",
    "payment_link.expired",
  ]);
});

test("[admin][links] a viewer reads payment links but gets no create, edit or expire", async ({ page, signInAs }) => {
  await signInAs({ role: "viewer" });
  await page.goto("/admin/links");
  await expect(page.getByRole("heading", { name: "Payment links" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New payment link" })).toHaveCount(0);
});

test("[admin][links] the new-link form (with its errors shown), a link's page and the thank-you page have no serious accessibility violations", async ({
  page,
  signInAs,
}) => {
  await signInAs({ role: "operator" });
  await page.goto("/admin/links/new");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByText("Enter a title (at most 256 characters)")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel("Title 1").fill("Accessible link");
  await page.getByLabel("Unit price (ARS) 1").fill("10");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByRole("img", { name: "QR code of the payment link" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "See the link" }).click();
  await expect(page.getByRole("heading", { name: "Accessible link" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Edit this payment link" }).getByLabel("Title 1")).toHaveValue(
    "Accessible link",
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/admin/links");
  await expect(page.getByRole("form", { name: "Filter payment links" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/thank-you");
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
