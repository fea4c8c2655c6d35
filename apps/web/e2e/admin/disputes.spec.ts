// The console's Disputes area in the browser against the real server and its sandbox: a chargeback opened at the
// provider (the sandbox's control API) on a shop payment reaches Cobro through the `chargebacks` notification, is
// listed with its deadline, and an operator sends a PDF as evidence, which the provider receives once.

import type { DB } from "@cobro/server/testing";
import type { Page } from "@playwright/test";
import type { Kysely } from "kysely";
import { seriousViolations } from "../support/axe";
import { MAIN_STORE } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { addToCart, checkoutIdOf, enterPayerDetails, fillCard, paymentsOf, seedProduct } from "../support/shop";

async function buyThroughShop(page: Page, db: Kysely<DB>, priceMinor: number) {
  const product = await seedProduct(db, { priceMinor });
  await addToCart(page, product);
  await enterPayerDetails(page);
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  const [payment] = await paymentsOf(db, checkoutIdOf(page));
  if (!payment?.provider_payment_id) throw new Error("the shop recorded no payment");
  return payment.provider_payment_id;
}

test("[admin][disputes] a chargeback on a shop payment is listed with its deadline and an operator's PDF reaches the provider", async ({
  page,
  db,
  signInAs,
}) => {
  const paymentId = await buyThroughShop(page, db, 180_00);
  const opened = await fetch(`${MAIN_STORE.sandboxUrl}/__sandbox/chargebacks`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ payment_id: paymentId, reason: "fraud" }),
  });
  expect(opened.status).toBe(201);
  const chargeback = (await opened.json()) as { id: string; date_documentation_deadline: string };
  // The provider's notification reaches Cobro's webhook, which re-reads the chargeback into the mirror.
  await expect
    .poll(
      async () =>
        (
          await db
            .selectFrom("chargebacks")
            .select("documentation_status")
            .where("provider_chargeback_id", "=", chargeback.id)
            .executeTakeFirst()
        )?.documentation_status ?? null,
      { timeout: 30_000 },
    )
    .toBe("pending");

  await signInAs({ role: "operator" });
  await page.goto(`/admin/payments/${paymentId}`);
  await page.getByTestId("payment-chargeback-link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/disputes\\?payment=${paymentId}`));
  const row = page.getByRole("table", { name: "Chargebacks" }).locator(`tr[data-chargeback-id="${chargeback.id}"]`);
  await expect(row).toContainText("ARS 180.00");
  await expect(row).toContainText("fraud");
  await expect(row).toContainText("Waiting for evidence");
  await expect(row).toContainText(new Date(chargeback.date_documentation_deadline).getFullYear().toString());
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole("link", { name: chargeback.id }).click();
  await expect(page.getByRole("heading", { name: `Chargeback ${chargeback.id}` })).toBeVisible();
  await expect(page.getByTestId("dispute-deadline")).not.toHaveText("—");
  // A file of another type is refused before anything is sent.
  const picker = page.getByLabel("Files");
  await picker.setInputFiles({ name: "photo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(page.getByText("photo.gif is not a JPG, PNG or PDF file.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send evidence" })).toBeDisabled();

  await picker.setInputFiles({
    name: "delivery-receipt.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4 delivered to the buyer on 2026-11-20"),
  });
  await page.getByRole("button", { name: "Send evidence" }).click();
  const dialog = page.getByRole("dialog", { name: "Send this evidence to Mercado Pago?" });
  await expect(dialog).toContainText("delivery-receipt.pdf");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Mercado Pago received the evidence.")).toBeVisible();
  await expect(page.getByTestId("dispute-status")).toHaveText("Evidence under review");
  await expect(page.getByRole("list", { name: "Documents at Mercado Pago" })).toContainText(
    "File: delivery-receipt.pdf",
  );

  // What the provider received: the one file, once.
  const received = (await (
    await fetch(`${MAIN_STORE.sandboxUrl}/__sandbox/chargebacks/${chargeback.id}/files`)
  ).json()) as {
    files: { name: string; type: string }[];
  };
  expect(received.files).toEqual([expect.objectContaining({ name: "delivery-receipt.pdf", type: "application/pdf" })]);
  const uploads = await db
    .selectFrom("chargeback_evidence_uploads")
    .innerJoin("provider_requests", "provider_requests.id", "chargeback_evidence_uploads.provider_request_id")
    .select(["provider_requests.status", "total_bytes"])
    .where("chargeback_evidence_uploads.provider_chargeback_id", "=", chargeback.id)
    .execute();
  expect(uploads).toEqual([{ status: "succeeded", total_bytes: 45 }]);
});
