// The console's list kit in the browser: the shared date range (a preset kept by name in the URL, so a reload or a
// saved link keeps meaning "the last 7 days") and the Columns menu (hidden columns stay hidden after a reload).

import { type DB, toJsonb } from "@cobro/server/testing";
import type { Kysely } from "kysely";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";

const DAY_MS = 86_400_000;

/** A mirrored payment made `daysAgo` days ago by `email` (the list filters on the provider's creation date). */
async function seedPayment(db: Kysely<DB>, email: string, daysAgo: number): Promise<number> {
  const providerPaymentId = 9_300_000_000 + Math.floor(Math.random() * 10_000_000) * 10;
  const createdAt = new Date(Date.now() - daysAgo * DAY_MS);
  await db
    .insertInto("payments")
    .values({
      provider_payment_id: providerPaymentId,
      status: "approved",
      status_detail: "accredited",
      amount_minor: 1_000_00 + daysAgo,
      refunded_minor: 0,
      currency: "ARS",
      payment_method_id: "visa",
      payment_type_id: "credit_card",
      installments: 1,
      payer_email: email,
      external_reference: `lists-${providerPaymentId}`,
      provider_created_at: createdAt,
      snapshot: toJsonb({ id: providerPaymentId, status: "approved" }),
    })
    .execute();
  return providerPaymentId;
}

test("[admin][lists] a date preset filters payments and survives reload", async ({ page, db, signInAs }) => {
  const email = `lists-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const recent = await seedPayment(db, email, 0);
  const old = await seedPayment(db, email, 12);
  await signInAs({ role: "admin" });

  await page.goto(`/admin/payments?email=${encodeURIComponent(email)}`);
  const table = page.getByRole("table", { name: "Payments" });
  await expect(table.locator("tbody tr")).toHaveCount(2);

  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Created", { exact: true }).selectOption({ label: "Last 7 days" });
  await filters.getByRole("button", { name: "Apply filters" }).click();
  // The preset is in the address by its name, not as today's dates.
  await expect(page).toHaveURL(/[?&]range=7d(&|$)/);
  await expect(page).not.toHaveURL(/[?&]from=/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator(`tr[data-payment-id="${recent}"]`)).toBeVisible();
  await expect(table.locator(`tr[data-payment-id="${old}"]`)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("form", { name: "Filters" }).getByLabel("Created", { exact: true })).toHaveValue("7d");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator(`tr[data-payment-id="${recent}"]`)).toBeVisible();
  // Both are still in the mirror: the range only chose what the page shows.
  const stored = await db
    .selectFrom("payments")
    .select("provider_payment_id")
    .where("payer_email", "=", email)
    .execute();
  expect(stored).toHaveLength(2);

  // A custom range of whole days finds the older one: its day as the browser counts days (its own time zone).
  const isoDay = await page.evaluate(
    (ms) => {
      const day = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    },
    Date.now() - 12 * DAY_MS,
  );
  const form = page.getByRole("form", { name: "Filters" });
  await form.getByLabel("Created", { exact: true }).selectOption({ label: "Custom range" });
  await form.getByLabel("From", { exact: true }).fill(isoDay);
  await form.getByLabel("To", { exact: true }).fill(isoDay);
  await form.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${isoDay}.*to=${isoDay}`));
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator(`tr[data-payment-id="${old}"]`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("[admin][lists] hidden columns stay hidden", async ({ page, db, signInAs }) => {
  const email = `lists-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const paymentId = await seedPayment(db, email, 0);
  await signInAs({ role: "admin" });

  await page.goto(`/admin/payments?email=${encodeURIComponent(email)}`);
  const table = page.getByRole("table", { name: "Payments" });
  await expect(table.getByRole("columnheader", { name: "Reference" })).toBeVisible();
  await expect(table.getByRole("cell", { name: `lists-${paymentId}` })).toBeVisible();

  await page.getByRole("button", { name: "Columns" }).click();
  const menu = page.getByRole("menu");
  await menu.getByRole("menuitemcheckbox", { name: "Reference" }).click();
  await menu.getByRole("menuitemcheckbox", { name: "Payer" }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(table.getByRole("columnheader", { name: "Reference" })).toHaveCount(0);
  await expect(table.getByRole("columnheader", { name: "Payer" })).toHaveCount(0);
  await expect(table.getByRole("cell", { name: `lists-${paymentId}` })).toHaveCount(0);

  await page.reload();
  await expect(table.locator(`tr[data-payment-id="${paymentId}"]`)).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Reference" })).toHaveCount(0);
  await expect(table.getByRole("columnheader", { name: "Payer" })).toHaveCount(0);
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("menuitem", { name: "Show all columns" }).click();
  await expect(table.getByRole("columnheader", { name: "Reference" })).toBeVisible();
  await expect(table.getByRole("cell", { name: `lists-${paymentId}` })).toBeVisible();
});
