// The console's merchant orders area in the browser against the real server and its sandbox: a merchant order
// produced by paying a shop checkout on the provider's hosted page is found by search and updated; one recorded in
// the console is created once, with the field at fault named on bad input; a viewer reads but cannot act.

import type { DB } from "@cobro/server/testing";
import type { Page } from "@playwright/test";
import type { Kysely } from "kysely";
import { seriousViolations } from "../support/axe";
import { MAIN_STORE, SANDBOX_ACCESS_TOKEN } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { addToCart, enterPayerDetails, payOnHostedCheckout, seedProduct } from "../support/shop";

interface ProviderMerchantOrder {
  id: number;
  status: string;
  external_reference: string;
  additional_info: string;
  preference_id: string | null;
  total_amount: number;
  paid_amount: number;
  items: { title: string; quantity: number; unit_price: number }[];
}

/** Reads what the provider (the sandbox) holds, as the store's seller; never through the browser. */
async function providerGet<T>(path: string): Promise<T> {
  const response = await fetch(`${MAIN_STORE.sandboxUrl}${path}`, {
    headers: { authorization: `Bearer ${SANDBOX_ACCESS_TOKEN}` },
  });
  expect(response.ok, `GET ${path} → ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

function mirrorOf(db: Kysely<DB>, id: number) {
  return db.selectFrom("merchant_orders").selectAll().where("provider_merchant_order_id", "=", id).executeTakeFirst();
}

/** Pays a shop checkout on the hosted page; returns the checkout id and the merchant order the provider made. */
async function payOnHostedPage(page: Page, db: Kysely<DB>, priceMinor: number) {
  const product = await seedProduct(db, { priceMinor });
  await addToCart(page, product);
  await enterPayerDetails(page);
  await page.getByRole("radio", { name: /^Mercado Pago/ }).check();
  await page.getByRole("button", { name: "Pay with Mercado Pago" }).click();
  await page.waitForURL((url) => url.origin === MAIN_STORE.sandboxUrl);
  await payOnHostedCheckout(page, "test_user_88@testuser.com");
  await page.waitForURL((url) => url.origin === MAIN_STORE.baseUrl && url.pathname === "/checkout/result");
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  const back = new URL(page.url());
  const checkoutId = back.searchParams.get("external_reference") ?? "";
  const merchantOrderId = Number(back.searchParams.get("merchant_order_id"));
  const paymentId = Number(back.searchParams.get("payment_id"));
  expect(merchantOrderId).toBeGreaterThan(0);
  return { checkoutId, merchantOrderId, paymentId };
}

test("[admin][merchant-orders] an operator finds the merchant order of a hosted-checkout sale and updates its reference and info", async ({
  page,
  db,
  signInAs,
}) => {
  const { checkoutId, merchantOrderId, paymentId } = await payOnHostedPage(page, db, 250_00);
  // The provider's `merchant_order` notification reaches Cobro's webhook and fills the mirror on its own.
  await expect
    .poll(async () => (await mirrorOf(db, merchantOrderId))?.status ?? null, { timeout: 30_000 })
    .toBe("closed");

  await signInAs({ role: "operator" });
  await page.goto("/admin/merchant-orders");
  const filters = page.getByRole("form", { name: "Search merchant orders" });
  await filters.getByLabel("External reference").fill(checkoutId);
  await filters.getByLabel("Status").selectOption({ label: "Closed" });
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`ref=${checkoutId}`));
  const rows = page.getByRole("table", { name: "Merchant orders" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Closed · Paid");
  await expect(rows.first()).toContainText("ARS 250.00");
  // A filter that matches nothing says so.
  await filters.getByLabel("Status").selectOption({ label: "Expired" });
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No merchant order matches these filters.")).toBeVisible();
  await page.goBack();
  await page.getByRole("link", { name: String(merchantOrderId), exact: true }).click();

  await expect(page.getByRole("heading", { name: `Merchant order ${merchantOrderId}` })).toBeVisible();
  await expect(page.getByTestId("mo-total")).toHaveText("ARS 250.00");
  await expect(page.getByTestId("mo-paid")).toHaveText("ARS 250.00");
  await expect(page.getByTestId("mo-left")).toHaveText("ARS 0.00");
  await expect(page.getByTestId("mo-reference")).toHaveText(checkoutId);
  const atProvider = await providerGet<ProviderMerchantOrder>(`/merchant_orders/${merchantOrderId}`);
  await expect(page.getByTestId("mo-preference").getByRole("link")).toHaveAttribute(
    "href",
    `/admin/links/${atProvider.preference_id}`,
  );
  await expect(page.getByTestId("mo-payments").getByRole("link", { name: String(paymentId) })).toHaveAttribute(
    "href",
    `/admin/payments/${paymentId}`,
  );
  await expect(page.getByTestId("mo-synced")).not.toBeEmpty();

  await page.getByRole("button", { name: "Edit" }).click();
  const newReference = `phone-${checkoutId.slice(0, 8)}`;
  await page.getByLabel("External reference").fill(newReference);
  await page.getByLabel("Additional info").fill("Delivered by hand");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved at Mercado Pago.")).toBeVisible();
  await expect(page.getByTestId("mo-reference")).toHaveText(newReference);
  await expect(page.getByTestId("mo-additional-info")).toHaveText("Delivered by hand");
  await expect(page.getByTestId("mo-history")).toContainText("Updated · succeeded");

  const updated = await providerGet<ProviderMerchantOrder>(`/merchant_orders/${merchantOrderId}`);
  expect(updated).toMatchObject({
    external_reference: newReference,
    additional_info: "Delivered by hand",
    status: "closed",
    paid_amount: 250,
  });
  expect(await mirrorOf(db, merchantOrderId)).toMatchObject({
    external_reference: newReference,
    status: "closed",
    paid_minor: 250_00,
    total_minor: 250_00,
  });
  const audit = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_type", "=", "merchant_order")
    .where("resource_id", "=", String(merchantOrderId))
    .execute();
  expect(audit.map((row) => row.action).sort()).toEqual([
    "merchant_order.update_requested",
    "merchant_order.update_succeeded",
  ]);
});

test("[admin][merchant-orders] an operator records a sale as a merchant order once; bad input names the field; a viewer only reads", async ({
  page,
  db,
  signInAs,
}) => {
  await signInAs({ role: "operator" });
  await page.goto("/admin/merchant-orders");
  await page.getByRole("link", { name: "New merchant order" }).click();
  await expect(page.getByRole("heading", { name: "New merchant order" })).toBeVisible();

  const reference = `console-${crypto.randomUUID().slice(0, 8)}`;
  const items = page.getByTestId("line-item");
  await items.nth(0).getByLabel("Title").fill("Empanadas");
  await items.nth(0).getByLabel("Quantity").fill("12");
  await items.nth(0).getByLabel("Unit price (ARS)").fill("1.234,5");
  await page.getByRole("button", { name: "Add an item" }).click();
  await items.nth(1).getByLabel("Title").fill("Delivery");
  await items.nth(1).getByLabel("Unit price (ARS)").fill("500");
  await page.getByLabel("External reference").fill(reference);
  await page.getByLabel("Additional info").fill("Phone order");
  await page.getByRole("button", { name: "Create merchant order" }).click();
  // A price that is not one is named next to its field; nothing is sent, nothing typed is lost.
  await expect(items.nth(0).getByText("Enter a price in ARS, for example 12.50")).toBeVisible();
  await expect(items.nth(0).getByLabel("Title")).toHaveValue("Empanadas");
  await items.nth(0).getByLabel("Unit price (ARS)").fill("1234.50");
  await expect(page.getByTestId("line-items-total")).toHaveText("Total: ARS 15,314.00");

  // A preference Mercado Pago does not have: its refusal is shown in words next to the preference field.
  await page.getByLabel("Preference id (optional)").fill("1000001-no-such-preference");
  await page.getByRole("button", { name: "Create merchant order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Mercado Pago has no preference" }).first()).toBeVisible();
  await page.getByLabel("Preference id (optional)").fill("");

  // A double click makes one order.
  await page.getByRole("button", { name: "Create merchant order" }).dblclick();
  await expect(page.getByText(/Merchant order \d+ was created\./)).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByTestId("mo-total")).toHaveText("ARS 15,314.00");
  await expect(page.getByTestId("mo-items")).toContainText("Empanadas");
  await expect(page.getByTestId("mo-items")).toContainText("× 12");

  const found = await providerGet<{ total: number; elements: ProviderMerchantOrder[] }>(
    `/merchant_orders/search?external_reference=${reference}`,
  );
  expect(found.total).toBe(1);
  expect(found.elements[0]).toMatchObject({
    id,
    total_amount: 15314,
    additional_info: "Phone order",
    items: [
      expect.objectContaining({ title: "Empanadas", quantity: 12, unit_price: 1234.5 }),
      expect.objectContaining({ title: "Delivery", quantity: 1, unit_price: 500 }),
    ],
  });
  expect(await mirrorOf(db, id)).toMatchObject({ external_reference: reference, total_minor: 15_314_00 });
  const requests = await db
    .selectFrom("merchant_order_requests")
    .innerJoin("provider_requests", "provider_requests.id", "merchant_order_requests.provider_request_id")
    .select(["provider_requests.status", "merchant_order_requests.kind"])
    .where("provider_merchant_order_id", "=", id)
    .execute();
  expect(requests).toEqual([{ status: "succeeded", kind: "create" }]);

  // A viewer reads the same order but has no button to change it.
  await page.context().clearCookies();
  await signInAs({ role: "viewer" });
  await page.goto(`/admin/merchant-orders/${id}`);
  await expect(page.getByTestId("mo-reference")).toHaveText(reference);
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await page.goto("/admin/merchant-orders");
  await expect(page.getByRole("link", { name: "New merchant order" })).toHaveCount(0);
});

test("[admin][merchant-orders][a11y] the list, the new-order form with its errors, an order's page and its edit form have no serious accessibility violations", async ({
  page,
  signInAs,
}) => {
  await signInAs({ role: "operator" });
  await page.goto("/admin/merchant-orders");
  await expect(page.getByRole("form", { name: "Search merchant orders" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/admin/merchant-orders/new");
  const item = page.getByTestId("line-item").first();
  await item.getByLabel("Title").fill("Accessible order");
  await item.getByLabel("Unit price (ARS)").fill("ten");
  await page.getByRole("button", { name: "Create merchant order" }).click();
  await expect(item.getByText("Enter a price in ARS, for example 12.50")).toBeVisible();
  await expect(item.getByLabel("Unit price (ARS)")).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);

  await item.getByLabel("Unit price (ARS)").fill("10");
  await page.getByRole("button", { name: "Create merchant order" }).click();
  await expect(page.getByText(/Merchant order \d+ was created\./)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Change the items").check();
  await expect(page.getByTestId("line-item")).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});
