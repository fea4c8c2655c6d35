// The console's customers area in the browser against the real server and its sandbox: an operator creates a
// customer for a shopper's e-mail (the page shows the linked Cobro user), saves a card through the provider's secure
// fields, changes its expiry, and deletes the customer with its card (the shopper is unlinked).

import type { Kysely } from "kysely";
import { type DB, toJsonb } from "../../../server/src/db/schema";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { createPendingSubscription, createProviderCustomer, searchProviderCustomers } from "../support/sandbox-control";
import { fillCard } from "../support/shop";

test("[admin][customers] an operator creates a customer, adds a card through the secure fields, changes its expiry and deletes it", async ({
  page,
  db,
  signInAs,
  cobroRequests,
}) => {
  const shopperEmail = `shopper-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  const shopper = await db
    .insertInto("users")
    .values({ email: shopperEmail, name: "Lucía Shopper", password_hash: "x", role: "shopper" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await signInAs({ role: "operator" });

  // Create: the dialog validates, then the detail page opens with the linked Cobro user.
  await page.goto("/admin/customers");
  await page.getByRole("button", { name: "New customer" }).click();
  const create = page.getByRole("dialog", { name: "New customer" });
  await create.getByLabel("E-mail").fill("not-an-email");
  await create.getByRole("button", { name: "Create customer" }).click();
  await expect(create.getByText("Enter a valid e-mail address").first()).toBeVisible();
  await create.getByLabel("E-mail").fill(shopperEmail);
  await create.getByLabel("First name").fill("Lucía");
  await create.getByLabel("Document type").fill("DNI");
  await create.getByLabel("Document number").fill("30111222");
  await create.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: shopperEmail })).toBeVisible();
  await expect(page.getByText(`Customer ${shopperEmail} created.`)).toBeVisible();
  await expect(page.getByTestId("customer-linked-user")).toContainText("Lucía Shopper");

  const [atProvider] = await searchProviderCustomers(shopperEmail);
  expect(atProvider).toMatchObject({ email: shopperEmail, first_name: "Lucía", cards: [] });
  const customerId = atProvider?.id ?? "";
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/admin/customers/${customerId}`);
  const linked = await db
    .selectFrom("users")
    .select("provider_customer_id")
    .where("id", "=", shopper.id)
    .executeTakeFirstOrThrow();
  expect(linked.provider_customer_id).toBe(customerId);

  // A second customer with the same e-mail is refused in words.
  await page.goto("/admin/customers");
  await page.getByRole("button", { name: "New customer" }).click();
  const duplicate = page.getByRole("dialog", { name: "New customer" });
  await duplicate.getByLabel("E-mail").fill(shopperEmail);
  await duplicate.getByRole("button", { name: "Create customer" }).click();
  await expect(
    duplicate.getByText("Mercado Pago already has a customer with this e-mail address.").first(),
  ).toBeVisible();
  await duplicate.getByRole("button", { name: "Cancel" }).click();
  await page.getByLabel("E-mail").fill(shopperEmail);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId(`customer-row-${shopperEmail}`)).toBeVisible();
  await expect(page.getByText("1–1 of 1")).toBeVisible();
  await page.getByRole("link", { name: shopperEmail }).click();

  // Add a card: the number, expiry and CVV go into the provider's frames; only a token reaches the server.
  await page.getByRole("button", { name: "Add a card" }).click();
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("Visa ending in 3704 saved.")).toBeVisible();
  // The card never reached Cobro's server: no request to it carries the number or the security code.
  expect(cobroRequests.length).toBeGreaterThan(0);
  for (const request of cobroRequests) {
    expect(request.body ?? "").not.toContain("4509953566233704");
    expect(request.body ?? "").not.toMatch(/"(security_?code|cvv)"/i);
  }
  const row = page.getByTestId("saved-card-3704");
  await expect(row).toContainText("11/2030");
  await expect(row).toContainText("APRO");
  expect((await searchProviderCustomers(shopperEmail))[0]?.cards).toEqual([
    expect.objectContaining({ last_four_digits: "3704", expiration_month: 11, expiration_year: 2030 }),
  ]);

  // Change its expiry.
  await row.getByRole("button", { name: "Change expiry" }).click();
  const expiry = page.getByRole("dialog", { name: "Change Visa ending in 3704" });
  await expiry.getByLabel("Expiry month").fill("13");
  await expiry.getByRole("button", { name: "Save" }).click();
  await expect(expiry.getByText("The month is 1 to 12")).toBeVisible();
  await expiry.getByLabel("Expiry month").fill("7");
  await expiry.getByLabel("Expiry year").fill("2040");
  await expiry.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Visa ending in 3704 now expires 07/2040.")).toBeVisible();
  await expect(row).toContainText("07/2040");
  expect((await searchProviderCustomers(shopperEmail))[0]?.cards).toEqual([
    expect.objectContaining({ expiration_month: 7, expiration_year: 2040 }),
  ]);

  // Delete the customer: the dialog says the card goes too and the shopper is unlinked.
  await page.getByRole("button", { name: "Delete customer" }).click();
  const remove = page.getByRole("dialog", { name: `Delete the customer ${shopperEmail}?` });
  await expect(remove).toContainText("Its saved card is deleted with it.");
  await expect(remove).toContainText(`${shopperEmail} is unlinked from it`);
  await remove.getByRole("button", { name: "Delete customer" }).click();
  await expect(page.getByText(`Customer ${shopperEmail} deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/customers$/);

  expect(await searchProviderCustomers(shopperEmail)).toEqual([]);
  const unlinked = await db
    .selectFrom("users")
    .select("provider_customer_id")
    .where("id", "=", shopper.id)
    .executeTakeFirstOrThrow();
  expect(unlinked.provider_customer_id).toBeNull();
  const audit = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_id", "=", customerId)
    .orderBy("created_at")
    .execute();
  expect(audit.map((entry) => entry.action)).toEqual(
    expect.arrayContaining(["customer.created", "customer.card_added", "customer.card_updated", "customer.deleted"]),
  );
});

test("[admin][customers] an admin follows a shopper's link to their customer and back; a viewer only reads it", async ({
  page,
  db,
  signInAs,
}) => {
  const email = `linked-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  const customer = await createProviderCustomer({ email, first_name: "Linked" });
  await db
    .insertInto("users")
    .values({ email, name: "Linked Shopper", password_hash: "x", role: "shopper", provider_customer_id: customer.id })
    .execute();

  await signInAs({ role: "admin" });
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page
    .getByTestId(`user-row-${email}`)
    .getByRole("link", { name: `Saved cards of ${email}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/admin/customers/${customer.id}`);
  const linked = page.getByTestId("customer-linked-user");
  await expect(linked).toContainText("Linked Shopper");
  expect(await seriousViolations(page)).toEqual([]);
  await linked.getByRole("link", { name: email }).click();
  await expect(page.getByTestId(`user-row-${email}`)).toBeVisible();

  await signInAs({ role: "viewer" });
  await page.goto(`/admin/customers/${encodeURIComponent(customer.id)}`);
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  await expect(page.getByTestId("customer-linked-user")).toContainText(email);
  await expect(page.getByTestId("customer-linked-user").getByRole("link")).toHaveCount(0);
  await expect(page.getByText("This customer has no saved cards.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete customer" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add a card" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await page.goto("/admin/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await expect(page.getByText("Loading customers…")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New customer" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

/** A payment in the console's mirror, paid by `email` (what the sync would have stored). */
async function seedMirroredPayment(db: Kysely<DB>, email: string) {
  const providerPaymentId = 9_300_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  await db
    .insertInto("payments")
    .values({
      provider_payment_id: providerPaymentId,
      status: "approved",
      status_detail: "accredited",
      amount_minor: 12_345_00,
      refunded_minor: 0,
      currency: "ARS",
      payment_method_id: "visa",
      payment_type_id: "credit_card",
      installments: 1,
      payer_email: email,
      external_reference: `customer-page-${providerPaymentId}`,
      snapshot: toJsonb({ id: providerPaymentId, status: "approved", payer: { email } }),
    })
    .execute();
  return providerPaymentId;
}

test("[admin][customers] a payment's payer opens their customer page with their payments and subscriptions; a guest is shown by e-mail", async ({
  page,
  db,
  signInAs,
}) => {
  const unique = crypto.randomUUID().slice(0, 8);
  const email = `customer-${unique}@testuser.com`;
  const customer = await createProviderCustomer({ email, first_name: "Carla" });
  const paymentId = await seedMirroredPayment(db, email);
  const subscription = await createPendingSubscription({
    reason: `Coffee box ${unique}`,
    payerEmail: email,
    amount: 2500,
  });
  const guestEmail = `guest-${unique}@testuser.com`;
  const guestPaymentId = await seedMirroredPayment(db, guestEmail);
  await signInAs({ role: "viewer" });

  // From the payment, the payer's e-mail opens their customer page.
  await page.goto(`/admin/payments/${paymentId}`);
  // The method in words, not the provider's codes ("visa (credit_card)").
  await expect(page.getByText("Visa · credit card", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: `Customer page of ${email}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/admin/customers/${customer.id}`);
  const payments = page.getByRole("table", { name: `Payments from ${email}` });
  await expect(payments.getByRole("link", { name: String(paymentId) })).toBeVisible();
  await expect(payments).toContainText("Approved");
  const subscriptions = page.getByRole("table", { name: `Subscriptions of ${email}` });
  await expect(subscriptions.getByRole("link", { name: `Coffee box ${unique}` })).toBeVisible();
  await expect(page.getByText("This customer has no saved cards.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await subscriptions.getByRole("link", { name: `Coffee box ${unique}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/subscriptions/${subscription.id}$`));
  await page.goBack();
  await payments.getByRole("link", { name: String(paymentId) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${paymentId}$`));

  // A payer with no Mercado Pago customer: the same view by e-mail, said to be a guest.
  await page.goto(`/admin/payments/${guestPaymentId}`);
  await page.getByRole("link", { name: `Customer page of ${guestEmail}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: guestEmail })).toBeVisible();
  await expect(page.getByText("No Mercado Pago customer has this e-mail")).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: `Payments from ${guestEmail}` })
      .getByRole("link", { name: String(guestPaymentId) }),
  ).toBeVisible();
  await expect(page.getByText("No subscriptions for this e-mail.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
