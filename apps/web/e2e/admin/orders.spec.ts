// The virtual terminal (the console's orders area, on the Orders API) in the browser against the real server and
// its sandbox: a card typed into the provider's secure fields charged in manual mode with "authorize only", then
// processed, captured and refunded in part, one confirmation dialog each. Each step checks what the page shows,
// what Cobro's database holds and what the provider (the sandbox) holds; no card data reaches Cobro's server.

import { insertConsoleOrder, orderRows } from "@cobro/server/testing";
import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { addSandboxFault, getProviderOrder, removeSandboxFault } from "../support/sandbox-control";
import { fillCard } from "../support/shop";

/** Types a manual-mode charge into the virtual terminal and creates it; returns our order id. */
async function createManualCharge(page: Page, options: { amount: string; reference: string; authorizeOnly: boolean }) {
  await page.goto("/admin/virtual-terminal/new");
  await page.getByLabel("Amount (ARS)").fill(options.amount);
  await page.getByLabel("Description").fill("Phone order");
  await page.getByLabel("Reference (optional)").fill(options.reference);
  await page.getByLabel("Payer e-mail").fill("buyer@testuser.com");
  await page.getByLabel("Document type").selectOption("DNI");
  await page.getByLabel("Document number").fill("12345678");
  await page.getByLabel("Manual: create it, review it, then process it").check();
  if (options.authorizeOnly) await page.getByLabel("Authorize only (capture later)").check();
  await fillCard(page, { holder: "APRO" });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Review the charge" }).click();
  const review = page.getByRole("dialog", { name: "Charge this card?" });
  await expect(review).toContainText("buyer@testuser.com");
  await review.getByRole("button", { name: "Create order" }).click();
  await expect(page).toHaveURL(/\/admin\/virtual-terminal\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-status")).toHaveText("Created");
  return page.url().split("/").pop() ?? "";
}

test("[admin][orders] an operator charges a card in manual mode, processes, captures and refunds part of the transaction", async ({
  page,
  db,
  signInAs,
  cobroRequests,
}) => {
  const operator = await signInAs({ role: "operator" });
  const reference = `vt-e2e-${crypto.randomUUID().slice(0, 8)}`;
  const orderId = await createManualCharge(page, { amount: "200.00", reference, authorizeOnly: true });
  await expect(page.getByTestId("order-amount")).toHaveText("ARS 200.00");

  const created = await orderRows(db).where("orders.id", "=", orderId).executeTakeFirstOrThrow();
  expect(created).toMatchObject({
    create_status: "succeeded",
    status: "created",
    processing_mode: "manual",
    capture_mode: "manual",
    amount_minor: 200_00,
    external_reference: reference,
    created_by: operator.id,
  });
  const providerOrderId = created.provider_order_id ?? "";
  await expect(page.getByTestId("order-provider-id")).toHaveText(providerOrderId);
  const atProvider = await getProviderOrder(providerOrderId);
  expect(atProvider).toMatchObject({ status: "created", processing_mode: "manual", total_amount: "200.00" });
  expect(atProvider.transactions?.payments).toHaveLength(1);
  // The key stored before the call is the one the provider got (the call log records what was sent).
  const createCall = await db
    .selectFrom("provider_calls")
    .selectAll()
    .where("path", "=", "/v1/orders")
    .where("resource_id", "=", providerOrderId)
    .executeTakeFirstOrThrow();
  expect(createCall.idempotency_key).toBe(created.idempotency_key);

  // Process: the authorization is taken, waiting for capture.
  await page.getByRole("button", { name: "Process", exact: true }).click();
  const processDialog = page.getByRole("dialog", { name: "Process this order" });
  // Authorize-only: processing holds the amount; the words say so, never "charged now".
  await expect(processDialog).toContainText("ARS 200.00 will be authorized (held) on the card now");
  await expect(processDialog).not.toContainText("will be charged");
  await processDialog.getByRole("button", { name: "Process", exact: true }).click();
  await expect(processDialog.getByText("Done: Mercado Pago confirmed it.")).toBeVisible();
  await processDialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Action required · authorized, waiting for capture");
  expect((await getProviderOrder(providerOrderId)).status_detail).toBe("waiting_capture");

  // Capture in full.
  await page.getByRole("button", { name: "Capture", exact: true }).click();
  const captureDialog = page.getByRole("dialog", { name: "Capture this order" });
  await captureDialog.getByRole("button", { name: "Capture", exact: true }).click();
  await expect(captureDialog.getByText("Done: Mercado Pago confirmed it.")).toBeVisible();
  await captureDialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Processed · paid");
  await expect(page.getByTestId("order-refundable")).toHaveText("ARS 200.00");

  // Refund 50.00 of the one payment transaction.
  const transactionId = atProvider.transactions?.payments?.[0]?.id ?? "";
  await page
    .getByTestId("order-transactions")
    .locator(`tr[data-transaction-id="${transactionId}"]`)
    .getByRole("button", { name: "Refund part" })
    .click();
  const refundDialog = page.getByRole("dialog", { name: `Refund transaction ${transactionId}` });
  await refundDialog.getByLabel("Amount (ARS)").fill("50.00");
  await refundDialog.getByLabel("Reason").selectOption({ label: "The customer asked" });
  await refundDialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(refundDialog.getByText("Done: Mercado Pago confirmed it.")).toBeVisible();
  await refundDialog.getByRole("button", { name: "Done" }).click();

  await expect(page.getByTestId("order-status")).toHaveText("Processed · partly refunded");
  await expect(page.getByTestId("order-refunded")).toHaveText("ARS 50.00");
  await expect(page.getByTestId("order-refundable")).toHaveText("ARS 150.00");
  await expect(page.getByTestId("order-refunds")).toContainText("ARS 50.00");
  await expect(page.getByTestId("order-timeline")).toContainText(`POST /v1/orders/${providerOrderId}/refund`);
  expect(await seriousViolations(page)).toEqual([]);

  expect(await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow()).toMatchObject({
    status: "processed",
    status_detail: "partially_refunded",
    refunded_minor: 50_00,
  });
  const actions = await db
    .selectFrom("order_actions")
    .innerJoin("provider_requests", "provider_requests.id", "order_actions.provider_request_id")
    .select([
      "order_actions.kind",
      "provider_requests.status",
      "order_actions.amount_minor",
      "order_actions.transaction_id",
      "order_actions.created_by",
    ])
    .where("order_actions.order_id", "=", orderId)
    .orderBy("order_actions.created_at")
    .execute();
  expect(actions).toEqual([
    { kind: "process", status: "succeeded", amount_minor: null, transaction_id: null, created_by: operator.id },
    { kind: "capture", status: "succeeded", amount_minor: null, transaction_id: null, created_by: operator.id },
    {
      kind: "refund",
      status: "succeeded",
      amount_minor: 50_00,
      transaction_id: transactionId,
      created_by: operator.id,
    },
  ]);
  const refunded = await getProviderOrder(providerOrderId);
  expect(refunded).toMatchObject({ status: "processed", status_detail: "partially_refunded" });
  expect(refunded.transactions?.payments?.[0]?.refunded_amount).toBe("50.00");
  expect(refunded.transactions?.refunds).toHaveLength(1);

  // The card never reached Cobro's server: no request body to it carries the card number.
  for (const request of cobroRequests) expect(request.body ?? "").not.toContain("4509953566233704");
});

test("[admin][orders] in manual mode an operator replaces the order's card before processing; a decline is said in words", async ({
  page,
  db,
  signInAs,
}) => {
  await signInAs({ role: "operator" });
  const reference = `vt-e2e-${crypto.randomUUID().slice(0, 8)}`;
  const orderId = await createManualCharge(page, { amount: "120.00", reference, authorizeOnly: false });

  await page.getByRole("button", { name: "Remove payment" }).click();
  const removeDialog = page.getByRole("dialog", { name: "Remove the payment" });
  await removeDialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(removeDialog.getByText("Done: Mercado Pago confirmed it.")).toBeVisible();
  await removeDialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("This order has no payment yet.")).toBeVisible();

  // A card the issuer will decline for lack of funds.
  await page.getByRole("button", { name: "Add a card" }).click();
  await fillCard(page, { holder: "FUND" });
  await page.getByRole("button", { name: "Use this card" }).click();
  const addDialog = page.getByRole("dialog", { name: "Add this card" });
  await addDialog.getByRole("button", { name: "Confirm" }).click();
  await expect(addDialog.getByText("Done: Mercado Pago confirmed it.")).toBeVisible();
  await addDialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("order-transactions")).toContainText("ARS 120.00");

  await page.getByRole("button", { name: "Process", exact: true }).click();
  const processDialog = page.getByRole("dialog", { name: "Process this order" });
  await processDialog.getByRole("button", { name: "Process", exact: true }).click();
  await expect(processDialog.getByText("The card was declined: insufficient funds.")).toBeVisible();
  await processDialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Failed");
  await expect(page.getByText("The card was declined: insufficient funds.")).toBeVisible();

  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: "failed" });
  const actions = await db
    .selectFrom("order_actions")
    .innerJoin("provider_requests", "provider_requests.id", "order_actions.provider_request_id")
    .select(["order_actions.kind", "provider_requests.status", "order_actions.error"])
    .where("order_actions.order_id", "=", orderId)
    .orderBy("order_actions.created_at")
    .execute();
  expect(actions).toEqual([
    { kind: "delete_transaction", status: "succeeded", error: null },
    { kind: "add_transaction", status: "succeeded", error: null },
    { kind: "process", status: "failed", error: "insufficient_amount" },
  ]);
  const atProvider = await getProviderOrder(row.provider_order_id ?? "");
  expect(atProvider.status).toBe("failed");
  expect(atProvider.transactions?.payments).toEqual([expect.objectContaining({ status: "failed", amount: "120.00" })]);
});

test("[admin][orders] a viewer sees the orders list and an order, but no charge or money action", async ({
  page,
  db,
  signInAs,
}) => {
  const order = await insertConsoleOrder(db, "unknown", {
    external_reference: `vt-viewer-${crypto.randomUUID().slice(0, 8)}`,
    processing_mode: "automatic",
    capture_mode: "automatic",
    amount_minor: 75_00,
    currency: "ARS",
    payer_email: "viewer-case@testuser.com",
  });
  await signInAs({ role: "viewer" });
  await page.goto(`/admin/virtual-terminal?q=${order.external_reference}`);
  const row = page.locator(`tr[data-order-id="${order.id}"]`);
  await expect(row).toContainText("Being confirmed");
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByRole("link", { name: "New charge" })).toHaveCount(0);
  await row.getByRole("link", { name: order.external_reference }).click();
  await expect(page.getByText("We are confirming this order with Mercado Pago: it is not failed.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh from Mercado Pago" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);
  const notice = "Read-only for your role: you can see everything here; actions need an operator or an admin.";
  await expect(page.getByTestId("read-only-notice")).toHaveText(notice);
  // The charge page itself: the same notice, no form that would fail on submit, no error page.
  const response = await page.goto("/admin/virtual-terminal/new");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("read-only-notice")).toHaveText(notice);
  await expect(page.getByRole("button", { name: "Review the charge" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  // Every staff role has the console's link in the shop's header.
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" })).toBeVisible();
});

test("[admin][orders] the test-mode payer e-mail rule is said before submit; a refusal keeps the card and says the provider's reason", async ({
  page,
  db,
  signInAs,
}) => {
  await signInAs({ role: "operator" });
  const reference = `vt-email-${crypto.randomUUID().slice(0, 8)}`;
  await page.goto("/admin/virtual-terminal/new");
  await expect(
    page.getByText("Test mode: Mercado Pago accepts only payer e-mails ending in @testuser.com."),
  ).toBeVisible();
  await page.getByLabel("Amount (ARS)").fill("150");
  await page.getByLabel("Description").fill("Phone order");
  await page.getByLabel("Reference (optional)").fill(reference);
  await page.getByLabel("Payer e-mail").fill("buyer@example.com");
  await page.getByLabel("Document type").selectOption("DNI");
  await page.getByLabel("Document number").fill("12345678");
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Review the charge" }).click();
  // Named beside the field with the exact rule; nothing reached the provider.
  await expect(page.getByText("Payer e-mail: in test mode it must end in @testuser.com")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Charge this card?" })).toHaveCount(0);
  expect(await db.selectFrom("orders").select("id").where("external_reference", "=", reference).execute()).toHaveLength(
    0,
  );

  // The provider refuses anyway (a fault rule plays its 400 invalid_email_for_sandbox): the reason in words, the
  // field named, and the card as typed.
  await page.getByLabel("Payer e-mail").fill("buyer@testuser.com");
  const fault = (await addSandboxFault({
    method: "POST",
    path: "/v1/orders",
    action: {
      type: "status",
      status: 400,
      body: {
        errors: [
          {
            code: "invalid_email_for_sandbox",
            message: "The payer email must contain @testuser.com when using test credentials",
            details: [],
          },
        ],
      },
    },
  })) as { id: string };
  try {
    await page.getByRole("button", { name: "Review the charge" }).click();
    await page.getByRole("dialog", { name: "Charge this card?" }).getByRole("button", { name: "Charge" }).click();
    await expect(
      page
        .getByText(
          "Mercado Pago refused the charge: In test mode Mercado Pago accepts only payer e-mails ending in @testuser.com",
        )
        .first(),
    ).toBeVisible();
  } finally {
    await removeSandboxFault(fault.id);
  }
  await expect(page.getByLabel("Name on the card")).toHaveValue("APRO");
  await expect(page.getByTestId("card-brand")).toBeVisible();

  // The same card, not retyped, goes through once the refusal is gone.
  await page.getByRole("button", { name: "Review the charge" }).click();
  await page.getByRole("dialog", { name: "Charge this card?" }).getByRole("button", { name: "Charge" }).click();
  await expect(page).toHaveURL(/\/admin\/virtual-terminal\/[0-9a-f-]{36}$/);
  const orders = await orderRows(db)
    .where("orders.external_reference", "=", reference)
    .orderBy("orders.created_at")
    .execute();
  expect(orders.map(({ create_status, error }) => ({ create_status, error }))).toEqual([
    { create_status: "failed", error: "payer_email_not_test_user" },
    { create_status: "succeeded", error: null },
  ]);
});
