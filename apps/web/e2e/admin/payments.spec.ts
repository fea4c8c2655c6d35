// The console's payments area in the browser against the real server and its sandbox: a partial refund, a
// capture for less, the CSV export of a filtered list, and what a viewer may not do.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { Kysely } from "kysely";
import type { DB } from "../../../server/src/db/schema";
import { expect, test } from "../support/fixtures";
import { createCardPayment, getProviderRefunds } from "../support/sandbox-control";
import { addToCart, checkoutIdOf, enterPayerDetails, fillCard, paymentsOf, seedProduct } from "../support/shop";

/** Buys a product through the shop as a guest and returns the payment the server mirrored. */
async function buyThroughShop(page: Page, db: Kysely<DB>, priceMinor: number) {
  const product = await seedProduct(db, { priceMinor });
  await addToCart(page, product);
  await enterPayerDetails(page);
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  const [payment] = await paymentsOf(db, checkoutIdOf(page));
  if (!payment) throw new Error("the shop recorded no payment");
  return payment;
}

/** Asks the console to sync (as an operator) until the mirror has the payment. */
async function syncUntilMirrored(page: Page, db: Kysely<DB>, providerPaymentId: number) {
  await page.goto("/admin/payments");
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByText("Sync queued.")).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          await db
            .selectFrom("payments")
            .select("status")
            .where("provider_payment_id", "=", providerPaymentId)
            .execute()
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
}

test("[admin][payments] an operator refunds part of a shop payment; the page and the database show the new balance", async ({
  page,
  db,
  signInAs,
}) => {
  const payment = await buyThroughShop(page, db, 1_000_00);
  await signInAs({ role: "operator" });
  await page.goto(`/admin/payments/${payment.provider_payment_id}`);
  await expect(page.getByTestId("payment-refundable")).toHaveText("ARS 1,000.00");

  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Refund this payment" });
  await dialog.getByLabel("Refund everything left").uncheck();
  await dialog.getByLabel("Amount (ARS)").fill("250.50");
  await dialog.getByLabel("Reason").selectOption({ label: "The customer asked" });
  await dialog.getByLabel("Note (optional)").fill("asked by phone");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog.getByText("Done: Mercado Pago confirmed it.")).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();

  await expect(page.getByTestId("payment-refunded")).toHaveText("ARS 250.50");
  await expect(page.getByTestId("payment-refundable")).toHaveText("ARS 749.50");
  await expect(page.getByTestId("payment-refunds")).toContainText("asked by phone");
  const mirror = await db
    .selectFrom("payments")
    .selectAll()
    .where("provider_payment_id", "=", payment.provider_payment_id)
    .executeTakeFirstOrThrow();
  expect(mirror).toMatchObject({ status: "approved", refunded_minor: 250_50 });
  const refunds = await db
    .selectFrom("refunds")
    .selectAll()
    .where("provider_payment_id", "=", payment.provider_payment_id)
    .execute();
  expect(refunds).toEqual([
    expect.objectContaining({ amount_minor: 250_50, status: "approved", reason: "requested_by_customer" }),
  ]);
});

test("[admin][payments] an authorized payment is captured for less than it holds", async ({ page, db, signInAs }) => {
  const created = await createCardPayment({ amount: 500, capture: false });
  expect(created.status).toBe("authorized");
  await signInAs({ role: "operator" });
  await syncUntilMirrored(page, db, created.id);

  await page.goto(`/admin/payments/${created.id}`);
  await expect(page.getByText("Authorized (held)")).toBeVisible();
  await page.getByRole("button", { name: "Capture", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Capture this payment" });
  await dialog.getByLabel("Amount to capture (ARS)").fill("300.00");
  await dialog.getByRole("button", { name: "Capture", exact: true }).click();
  await expect(dialog.getByText("Done: Mercado Pago confirmed it.")).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();

  await expect(page.getByTestId("payment-amount")).toHaveText("ARS 300.00");
  const mirror = await db
    .selectFrom("payments")
    .selectAll()
    .where("provider_payment_id", "=", created.id)
    .executeTakeFirstOrThrow();
  expect(mirror).toMatchObject({ status: "approved", amount_minor: 300_00 });
  // The action's status is its provider request's (the ledger holds the key and where the call stands).
  const actions = await db
    .selectFrom("payment_actions")
    .innerJoin("provider_requests", "provider_requests.id", "payment_actions.provider_request_id")
    .select(["payment_actions.kind", "payment_actions.amount_minor", "provider_requests.status"])
    .where("payment_actions.provider_payment_id", "=", created.id)
    .execute();
  expect(actions).toEqual([{ kind: "capture", amount_minor: 300_00, status: "succeeded" }]);
});

test("[admin][payments] the CSV export of a filtered list downloads exactly its rows", async ({
  page,
  db,
  signInAs,
}) => {
  const email = `csv-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  const first = await createCardPayment({ amount: 123.45, payerEmail: email });
  const second = await createCardPayment({ amount: 678.9, payerEmail: email });
  await createCardPayment({ amount: 50 });
  await signInAs({ role: "operator" });
  await syncUntilMirrored(page, db, second.id);
  await expect
    .poll(async () => (await db.selectFrom("payments").select("id").where("payer_email", "=", email).execute()).length)
    .toBe(2);

  await page.goto(`/admin/payments?email=${encodeURIComponent(email)}&sort=amount_asc`);
  const rows = page.getByRole("table", { name: "Payments" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  const csv = await readFile((await download.path()) ?? "", "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^payment_id,created_at,status,/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(new RegExp(`^${first.id},.*,approved,accredited,123.45,0.00,ARS,visa,`));
  expect(lines[2]).toMatch(new RegExp(`^${second.id},.*,678.90,0.00,ARS,`));
});

test("[admin][payments] a viewer sees payments but no action buttons", async ({ page, db, signInAs }) => {
  const payment = await buyThroughShop(page, db, 42_00);
  await signInAs({ role: "viewer" });
  await page.goto(`/admin/payments?id=${payment.provider_payment_id}`);
  await page.getByRole("link", { name: String(payment.provider_payment_id) }).click();
  await expect(page.getByRole("heading", { name: `Payment ${payment.provider_payment_id}` })).toBeVisible();
  await expect(page.getByTestId("payment-amount")).toHaveText("ARS 42.00");
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  for (const name of ["Refund", "Capture", "Cancel payment", "Refresh from Mercado Pago", "Sync now"]) {
    await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
  }
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-AR" });

  test("[admin][payments] an amount typed the Spanish way (5.000,50) is refunded as 5000.50 pesos at Mercado Pago", async ({
    page,
    db,
    signInAs,
    cobroRequests,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem("cobro.language", "es"));
    const created = await createCardPayment({ amount: 10_000 });
    expect(created.status).toBe("approved");
    await signInAs({ role: "operator" });
    await page.goto("/admin/payments");
    await page.getByRole("button", { name: "Sincronizar ahora" }).click();
    await expect(page.getByText("Sincronización en cola.")).toBeVisible();
    await expect
      .poll(
        async () =>
          (await db.selectFrom("payments").select("id").where("provider_payment_id", "=", created.id).execute()).length,
        { timeout: 30_000 },
      )
      .toBe(1);

    await page.goto(`/admin/payments/${created.id}`);
    await page.getByRole("button", { name: "Devolver", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Devolver este pago" });
    await dialog.getByLabel("Devolver todo lo disponible").uncheck();
    const amount = dialog.getByLabel("Monto (ARS)");
    // What is left starts written the Spanish way, and parses back to itself.
    await expect(amount).toHaveValue("10000,00");
    // The English way is refused with words naming the field, and nothing is sent.
    await amount.fill("5,000.50");
    await dialog.getByLabel("Motivo").selectOption({ label: "Lo pidió el cliente" });
    await dialog.getByRole("button", { name: "Devolver", exact: true }).click();
    await expect(dialog.getByText("Monto (ARS): eso no es un monto. Escríbelo así: 5.000,50.")).toBeVisible();
    expect(cobroRequests.filter((request) => request.url.includes("admin.payments.refund"))).toHaveLength(0);

    await amount.fill("5.000,50");
    await dialog.getByRole("button", { name: "Devolver", exact: true }).click();
    await expect(dialog.getByText("Listo: Mercado Pago lo confirmó.")).toBeVisible();
    await dialog.getByRole("button", { name: "Listo" }).click();

    // The console sent minor units once; one refund of 5000.50 pesos reached Mercado Pago; the mirror holds it.
    expect(
      cobroRequests.filter((request) => request.url.includes("admin.payments.refund")).map((request) => request.body),
    ).toEqual([expect.stringContaining('"amountMinor":500050')]);
    const atProvider = await getProviderRefunds(created.id);
    expect(atProvider.map((refund) => refund.amount)).toEqual([5000.5]);
    const refunds = await db.selectFrom("refunds").selectAll().where("provider_payment_id", "=", created.id).execute();
    expect(refunds).toEqual([expect.objectContaining({ amount_minor: 5000_50, reason: "requested_by_customer" })]);
    await expect(page.getByTestId("payment-refunds")).toContainText("Lo pidió el cliente");
  });
});
