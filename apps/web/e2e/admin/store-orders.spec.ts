// The console's Orders area (the shop's own orders) in the browser against the real server and its sandbox: a shop
// purchase appears with its items and links to its payment, whose page shows the provider's fee and the net; the
// receipt is resent to the mail catcher; the buyer's customer page shows their lifetime value; the old /admin/orders
// address leads to the virtual terminal.
import { expect, test } from "../support/fixtures";
import { countMail, waitForMail } from "../support/mail";
import { createProviderCustomer } from "../support/sandbox-control";
import { addToCart, checkoutIdOf, enterPayerDetails, fillCard, seedProduct } from "../support/shop";

test("[admin][store-orders] a shop purchase appears in Orders with its items, links to its payment, and its receipt can be resent", async ({
  page,
  db,
  signInAs,
}) => {
  const email = `store-order-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  const product = await seedProduct(db, {
    name: `Order mate ${crypto.randomUUID().slice(0, 6)}`,
    priceMinor: 1_500_00,
  });
  await addToCart(page, product);
  await enterPayerDetails(page, { email });
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  const checkoutId = checkoutIdOf(page);
  const { order_number: orderNumber } = await db
    .selectFrom("checkouts")
    .select("order_number")
    .where("id", "=", checkoutId)
    .executeTakeFirstOrThrow();
  // The receipt is in the language the shopper bought in, and names the order.
  const receiptSubject = `Your order at Cobro is confirmed (#${orderNumber})`;
  await waitForMail(email, receiptSubject);

  await signInAs({ role: "operator" });
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin console" })
    .getByRole("link", { name: "Orders", exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/store-orders$/);
  await page.getByLabel("Payer e-mail").fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  const row = page.locator(`tr[data-checkout-id="${checkoutId}"]`);
  await expect(row).toContainText(product.name);
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("ARS 1,500.00");
  await expect(page.locator("tbody tr")).toHaveCount(1);

  await row.getByRole("link", { name: `#${orderNumber}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${orderNumber}`);
  await expect(page.getByTestId("store-order-items")).toContainText(product.name);
  await expect(page.getByTestId("store-order-payer")).toContainText(email);
  await expect(page.getByTestId("store-order-timeline")).toContainText("Order placed");
  await expect(page.getByTestId("store-order-timeline")).toContainText("Receipt e-mailed to the shopper");

  // The receipt again: asked first, then one more message in the catcher, and an audit row.
  await page.getByRole("button", { name: "Resend receipt" }).click();
  const dialog = page.getByRole("dialog", { name: "Resend the receipt?" });
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: "Resend receipt" }).click();
  await expect(page.getByText(`The receipt is on its way to ${email}.`)).toBeVisible();
  await expect.poll(() => countMail(email, receiptSubject), { timeout: 20_000 }).toBe(2);
  const audits = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_id", "=", checkoutId)
    .where("action", "=", "receipt.resent")
    .execute();
  expect(audits).toHaveLength(1);

  // The printable receipt.
  await page.getByRole("link", { name: "Printable receipt" }).click();
  await expect(page.getByTestId("store-receipt")).toContainText(product.name);
  await expect(page.getByTestId("store-receipt")).toContainText("ARS 1,500.00");
  await page.getByRole("link", { name: /^Order / }).click();

  // The order's payment, with the provider's fee and what the store receives.
  const payment = page.getByTestId("store-order-payments").getByRole("link");
  const providerPaymentId = await payment.textContent();
  await payment.click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${providerPaymentId}$`));
  const stored = await db
    .selectFrom("payments")
    .select("snapshot")
    .where("provider_payment_id", "=", Number(providerPaymentId))
    .executeTakeFirstOrThrow();
  const snapshot = stored.snapshot as {
    fee_details: { amount: number }[];
    transaction_details: { net_received_amount: number };
  };
  expect(snapshot.fee_details.length).toBeGreaterThan(0);
  const fee = snapshot.fee_details.reduce((sum, item) => sum + item.amount, 0);
  const money = (amount: number) =>
    `ARS ${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByTestId("payment-fees")).toHaveText(money(fee));
  await expect(page.getByTestId("payment-net")).toHaveText(money(snapshot.transaction_details.net_received_amount));
  await expect(page.getByTestId("payment-card")).toContainText("Visa ••••");
  await expect(page.getByTestId("payment-card")).toContainText("APRO");
  await expect(page.getByTestId("payment-story")).toContainText("Payment made");
  await expect(page.getByTestId("payment-story")).toContainText("Approved");
  // And back to its order.
  await page.getByTestId("payment-store-order").click();
  await expect(page).toHaveURL(new RegExp(`/admin/store-orders/${checkoutId}$`));

  // The buyer as a customer: what they paid in all, and their orders.
  const customer = await createProviderCustomer({ email, first_name: "Ana" });
  await page.goto(`/admin/customers/${encodeURIComponent(customer.id)}`);
  await expect(page.getByTestId("buyer-lifetime-value")).toHaveText("ARS 1,500.00");
  await page.getByRole("link", { name: "1 placed, 1 paid" }).click();
  await expect(page.locator(`tr[data-checkout-id="${checkoutId}"]`)).toBeVisible();
});

test("[admin][store-orders] the old Orders address leads to the virtual terminal", async ({ page, signInAs }) => {
  await signInAs({ role: "viewer" });
  await page.goto("/admin/orders?status=processed");
  await expect(page).toHaveURL(/\/admin\/virtual-terminal\?status=processed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Virtual terminal" })).toBeVisible();
});
