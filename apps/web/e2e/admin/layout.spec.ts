// The console's layout in a real browser: every area, and a detail page of a payment, an order, a webhook event, a
// customer, a payment link, a plan, a subscription and a merchant order, at a laptop (1366×768) and a phone
// (390×844), with seeded rows whose ids and references are long. No page may scroll sideways (a wide table scrolls
// inside its own frame), axe stays clean, and each page's screenshot is kept with the test's results so a person can
// look at them.
import { ADMIN_AREAS, adminAreaUrl } from "@cobro/contracts";
import { insertConsoleOrder, toJsonb } from "@cobro/server/testing";
import type { Page, TestInfo } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import {
  createPendingSubscription,
  createPlan,
  createProviderCustomer,
  createProviderMerchantOrder,
  createProviderPreference,
} from "../support/sandbox-control";

const VIEWPORTS = [
  { name: "laptop", width: 1366, height: 768 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Waits until the page has drawn its data: a heading, and no loading state, skeleton or reloading table left. */
async function settle(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(".ui-state--loading, .ui-skeleton, [aria-busy='true']")).toHaveCount(0);
}

/**
 * How far the page itself scrolls sideways (0: it fits), and the outermost elements that stick out past its right
 * edge (outside any box that scrolls or clips them), so a failure names what to fix.
 */
async function pageOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const culprits: string[] = [];
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== "visible" || style.display === "none";
    };
    const visit = (element: Element) => {
      if (culprits.length >= 3) return;
      const box = element.getBoundingClientRect();
      if (box.right > width + 0.5 && box.width > 0) {
        const inner = [...element.children].some((child) => child.getBoundingClientRect().right > width + 0.5);
        if (!inner || clips(element)) {
          const classes = [...element.classList].slice(0, 2).join(".");
          culprits.push(
            `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""} (right edge ${Math.round(box.right)})`,
          );
          return;
        }
      }
      if (clips(element) && element !== document.body) return;
      for (const child of element.children) visit(child);
    };
    visit(document.body);
    return { overflow: root.scrollWidth - width, culprits };
  });
}

/** A full-page screenshot kept in the test's output folder (test-results/…) and attached to its report. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

test("[admin][layout] every area fits 1366×768 and 390×844", async ({ page, db, signInAs }, testInfo) => {
  // 44 pages, each with axe and a full-page screenshot: measured 5.0 to 5.3 minutes on a 2-core machine shared by
  // eight test runs, past the 5 minutes this had; more pages since (customer, link, plan, subscription, merchant order).
  test.setTimeout(600_000);
  const unique = crypto.randomUUID();
  // Long values, as real ones are: a 19-digit-looking reference, a long e-mail, a long provider id.
  const longReference = `layout-${unique}-${unique.replaceAll("-", "")}`;
  const longEmail = `a.very.long.payer.address.${unique.slice(0, 8)}@a-long-company-domain.example.com`;
  const providerPaymentId = 9_200_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  await db
    .insertInto("payments")
    .values({
      provider_payment_id: providerPaymentId,
      status: "approved",
      status_detail: "accredited",
      amount_minor: 123_456_789_00,
      refunded_minor: 1_234_56,
      currency: "ARS",
      payment_method_id: "master",
      payment_type_id: "credit_card",
      installments: 12,
      payer_email: longEmail,
      external_reference: longReference,
      snapshot: toJsonb({ id: providerPaymentId, status: "approved", external_reference: longReference }),
    })
    .execute();
  const order = await insertConsoleOrder(db, "succeeded", {
    provider_order_id: `ORD01${unique.replaceAll("-", "").toUpperCase()}`,
    external_reference: longReference,
    processing_mode: "automatic",
    capture_mode: "automatic",
    status: "processed",
    status_detail: "accredited",
    amount_minor: 98_765_432_10,
    currency: "ARS",
    description: "A description long enough to need more than one line on a phone's narrow screen, as they do",
    payer_email: longEmail,
    payment_method_id: "master",
    installments: 1,
  });
  const event = await db
    .insertInto("webhook_events")
    .values({
      dedupe_key: `payment:${unique}`,
      topic: "payment",
      action: "payment.updated",
      data_id: `${unique.replaceAll("-", "")}${unique.replaceAll("-", "")}`,
      request_id: crypto.randomUUID(),
      signature_valid: true,
      status: "failed",
      attempts: 3,
      deliveries: 12,
      last_error: `ProviderServerError: 503 Service Unavailable while reading ${longReference} from the provider`,
      payload: toJsonb({ type: "payment", action: "payment.updated", data: { id: unique } }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Detail pages read from the provider: a customer, a payment link, a plan, a subscription and a merchant order.
  await createProviderCustomer({ email: longEmail, first_name: "Long" });
  const link = await createProviderPreference({ title: `Layout link ${longReference}`, amount: 123_456_789 });
  const planId = await createPlan({ reason: `Layout plan ${unique}`, amount: 98_765 });
  const subscription = await createPendingSubscription({
    reason: `Layout subscription ${unique}`,
    payerEmail: `layout-${unique.slice(0, 8)}@testuser.com`,
    amount: 98_765,
  });
  const merchantOrder = await createProviderMerchantOrder({
    title: `Layout merchant order ${longReference}`,
    amount: 123_456,
    externalReference: longReference,
  });
  await signInAs({ role: "admin" });

  const paths = [
    ...ADMIN_AREAS.map((area) => adminAreaUrl(area.id)),
    `/admin/payments/${providerPaymentId}`,
    `/admin/virtual-terminal/${order.id}`,
    `/admin/webhooks/${event.id}`,
    // A payer's page by e-mail: it opens their customer's page (orders, payments, subscriptions, saved cards).
    `/admin/customers/by-email?email=${encodeURIComponent(longEmail)}`,
    `/admin/links/${link.id}`,
    `/admin/plans/${planId}`,
    `/admin/subscriptions/${subscription.id}`,
    `/admin/merchant-orders/${merchantOrder.id}`,
  ];
  const overflowing: string[] = [];
  const violations: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      const { overflow, culprits } = await pageOverflow(page);
      if (overflow > 0) overflowing.push(`${viewport.name} ${path}: ${overflow}px too wide (${culprits.join(", ")})`);
      for (const violation of await seriousViolations(page)) violations.push(`${viewport.name} ${path}: ${violation}`);
      await keepScreenshot(page, testInfo, `${viewport.name}${path.replaceAll("/", "-")}.png`);
    }
  }
  expect(overflowing).toEqual([]);
  expect(violations).toEqual([]);
});

test("[admin][layout] the console has its own header, and on a phone its areas sit behind a menu button", async ({
  page,
  signInAs,
}) => {
  const admin = await signInAs({ role: "admin" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  // The console's header: who is signed in and a way back to the store, and no shop cart.
  const header = page.getByRole("banner");
  await expect(header.getByText(admin.name)).toBeVisible();
  await expect(header.getByRole("link", { name: /store/i })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart/ })).toHaveCount(0);

  // The sixteen areas do not fill the phone's first screen: they open from the menu button.
  const areas = page.getByRole("navigation", { name: "Admin console" });
  await expect(areas.getByRole("link", { name: "Webhooks" })).toBeHidden();
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await areas.getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  // Choosing an area closes the menu again.
  await expect(areas.getByRole("link", { name: "Payments" })).toBeHidden();

  // On a laptop the areas are on show beside the page, no button needed.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(areas.getByRole("link", { name: "Payments" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
});
