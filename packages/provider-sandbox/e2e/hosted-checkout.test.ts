// The hosted checkout in a real browser: a store creates a preference, the
// buyer opens its init_point in Chromium, fills the card form by its labels and
// lands back on the store's URL with the provider's parameters.

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { testBrowser } from "@cobro/test-browser";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { APRO_CARD_FIELDS } from "../src/test-support/forms";
import { authHeaders, createTestSandbox, type TestSandbox } from "../src/testing";

const BROWSER_TIMEOUT_MS = 60_000;

let sandbox: TestSandbox;
let browser: Browser;
let store: Server;
let storeUrl: string;
/** Paths (with query) the store received, in order. */
let storeHits: string[] = [];

async function createPreference(extra: Record<string, unknown>): Promise<{ id: string; init_point: string }> {
  const res = await sandbox.fetch(`${sandbox.url}/checkout/preferences/`, {
    method: "POST",
    headers: authHeaders(),
    body: JSON.stringify({
      items: [{ id: "poncho", title: "Wool poncho", quantity: 2, unit_price: 12500 }],
      external_reference: "cart-991",
      back_urls: { success: `${storeUrl}/success`, pending: `${storeUrl}/pending`, failure: `${storeUrl}/failure` },
      ...extra,
    }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

async function heading(page: Page): Promise<string | null> {
  return page.getByRole("heading", { level: 1 }).textContent();
}

async function fillCardForm(page: Page, cardholderName: string): Promise<void> {
  await page.getByLabel("Card number", { exact: true }).fill(APRO_CARD_FIELDS.card_number);
  await page.getByLabel("Expiration month", { exact: true }).fill(APRO_CARD_FIELDS.expiration_month);
  await page.getByLabel("Expiration year", { exact: true }).fill(APRO_CARD_FIELDS.expiration_year);
  await page.getByLabel("Security code", { exact: true }).fill(APRO_CARD_FIELDS.security_code);
  await page.getByLabel("Cardholder name", { exact: true }).fill(cardholderName);
  await page.getByLabel("Document type", { exact: true }).selectOption(APRO_CARD_FIELDS.identification_type);
  await page.getByLabel("Document number", { exact: true }).fill(APRO_CARD_FIELDS.identification_number);
  await page.getByLabel("Email", { exact: true }).fill("test_user_77@testuser.com");
  await page.getByLabel("Installments", { exact: true }).selectOption("3");
}

describe("[checkout][hosted] buyer pays a preference in the browser", () => {
  let page: Page;

  beforeAll(async () => {
    sandbox = await createTestSandbox({ tickIntervalMs: 0 });
    store = createServer((req, res) => {
      storeHits.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>Store</title><h1>Store: ${(req.url ?? "").split("?")[0]}</h1>`);
    });
    await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
    storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
    browser = await chromium.launch({ ...testBrowser(), headless: true });
  }, BROWSER_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    await new Promise<void>((resolve) => (store ? store.close(() => resolve()) : resolve()));
  });

  beforeEach(async () => {
    await sandbox.control.reset();
    storeHits = [];
    page = await browser.newPage();
  });

  afterEach(async () => {
    await page.close();
  });

  it(
    "APRO: the buyer lands on the success back URL with the provider's parameters",
    async () => {
      const preference = await createPreference({ auto_return: "approved" });
      await page.goto(preference.init_point);
      expect(await heading(page)).toMatch(/^Pay TESTSELLER/);
      expect(await page.locator("#total").textContent()).toBe(
        new Intl.NumberFormat("es-AR", { style: "currency", currency: "ARS" }).format(25000),
      );

      await fillCardForm(page, "APRO");
      await page.getByRole("button", { name: /^Pay / }).click();
      await page.waitForURL((url) => url.origin === storeUrl && url.pathname === "/success");

      const landed = new URL(page.url());
      const q = Object.fromEntries(landed.searchParams);
      expect(q).toMatchObject({
        collection_status: "approved",
        status: "approved",
        external_reference: "cart-991",
        payment_type: "credit_card",
        preference_id: preference.id,
        site_id: "MLA",
        processing_mode: "aggregator",
        merchant_account_id: "null",
      });
      expect(q.payment_id).toBe(q.collection_id);
      expect(await heading(page)).toBe("Store: /success");
      // The browser also asks for /favicon.ico; the store saw exactly one return.
      expect(storeHits.filter((hit) => !hit.startsWith("/favicon"))).toHaveLength(1);

      const payment = await (
        await sandbox.fetch(`${sandbox.url}/v1/payments/${q.payment_id}`, { headers: authHeaders() })
      ).json();
      expect(payment).toMatchObject({
        status: "approved",
        transaction_amount: 25000,
        installments: 3,
        external_reference: "cart-991",
        metadata: { preference_id: preference.id },
      });
      const order = await (
        await sandbox.fetch(`${sandbox.url}/merchant_orders/${q.merchant_order_id}`, { headers: authHeaders() })
      ).json();
      expect(order).toMatchObject({ status: "closed", order_status: "paid", paid_amount: 25000 });
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "OTHE on a phone: rejected, the buyer returns to the failure URL; trying again pays",
    async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      const preference = await createPreference({ auto_return: "approved" });
      await page.goto(preference.init_point);
      // Nothing wider than the phone: no sideways scrolling.
      const overflow = await page.evaluate(() =>
        [document.documentElement, ...Array.from(document.querySelectorAll(".table-wrap"))].map(
          (e) => e.scrollWidth - e.clientWidth,
        ),
      );
      expect(Math.max(...overflow)).toBeLessThanOrEqual(0);

      await fillCardForm(page, "OTHE");
      // Submitting from the keyboard works like the button.
      await page.getByLabel("Email", { exact: true }).press("Enter");
      await page.waitForURL((url) => url.pathname === "/checkout/v1/pay");
      expect(await heading(page)).toBe("Payment rejected");
      expect(await page.getByRole("link", { name: "Try again" }).isVisible()).toBe(true);

      await page.getByRole("link", { name: "Return to the store" }).click();
      await page.waitForURL((url) => url.origin === storeUrl && url.pathname === "/failure");
      const failure = new URL(page.url());
      expect(failure.searchParams.get("collection_status")).toBe("rejected");
      expect(failure.searchParams.get("preference_id")).toBe(preference.id);
      const payment = await (
        await sandbox.fetch(`${sandbox.url}/v1/payments/${failure.searchParams.get("payment_id")}`, {
          headers: authHeaders(),
        })
      ).json();
      expect(payment).toMatchObject({ status: "rejected", status_detail: "cc_rejected_other_reason" });

      // The buyer comes back to the same checkout link and pays.
      await page.goto(preference.init_point);
      expect(await heading(page)).toMatch(/^Pay TESTSELLER/);
      await fillCardForm(page, "APRO");
      await page.getByRole("button", { name: /^Pay / }).click();
      await page.waitForURL((url) => url.origin === storeUrl && url.pathname === "/success");
      expect(new URL(page.url()).searchParams.get("merchant_order_id")).toBe(
        failure.searchParams.get("merchant_order_id"),
      );
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "a mistake is shown next to the field and what was typed stays, except the security code",
    async () => {
      const preference = await createPreference({});
      await page.goto(preference.init_point);
      await fillCardForm(page, "APRO");
      await page.getByLabel("Email", { exact: true }).fill("not-an-email");
      await page.getByRole("button", { name: /^Pay / }).click();
      await page.waitForURL((url) => url.pathname === "/checkout/v1/pay");
      expect(await page.getByRole("alert").textContent()).toContain(
        "Email: enter an email address like name@example.com.",
      );
      // Focus moves to the list of problems so that screen readers announce it.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("alert");
      const email = page.getByLabel("Email", { exact: true });
      expect(await email.getAttribute("aria-invalid")).toBe("true");
      expect(await email.inputValue()).toBe("not-an-email");
      expect(await page.getByLabel("Cardholder name", { exact: true }).inputValue()).toBe("APRO");
      expect(await page.getByLabel("Card number", { exact: true }).inputValue()).toBe(APRO_CARD_FIELDS.card_number);
      expect(await page.getByLabel("Security code", { exact: true }).inputValue()).toBe("");

      // Following the problem's link puts the caret in the field.
      await page.getByRole("link", { name: /^Email:/ }).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("email");
    },
    BROWSER_TIMEOUT_MS,
  );
});
