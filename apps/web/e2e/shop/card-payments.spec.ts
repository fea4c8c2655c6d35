import { MAIN_STORE } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { getProviderPayment, settlePayment } from "../support/sandbox-control";
import {
  addToCart,
  checkoutIdOf,
  enterPayerDetails,
  fillCard,
  paymentsOf,
  seedProduct,
  TEST_CARDS,
  TEST_CVV,
} from "../support/shop";

test("[shop][cards] APRO card payment is approved and recorded", async ({ page, db }) => {
  const product = await seedProduct(db, { priceMinor: 18_500_00 });
  await addToCart(page, product);
  await enterPayerDetails(page);
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();

  await page.waitForURL(/\/checkout\/result\?checkout_id=/);
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("ARS 18,500.00");
  // The order is done: the cart is empty again.
  await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible();

  const checkoutId = checkoutIdOf(page);
  const payments = await paymentsOf(db, checkoutId);
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({
    status: "approved",
    status_detail: "accredited",
    amount_minor: 18_500_00,
    currency: "ARS",
    payment_method_id: "visa",
  });
  const checkout = await db.selectFrom("checkouts").selectAll().where("id", "=", checkoutId).executeTakeFirstOrThrow();
  expect(checkout.provider_payment_id).toBe(payments[0]?.provider_payment_id);
  expect(checkout.amount_minor).toBe(18_500_00);
});

test("[shop][cards] the card number and CVV go to the provider only, never to Cobro's server", async ({
  page,
  db,
  cobroRequests,
}) => {
  const providerRequests: { url: string; body: string | null; frameOrigin: string | null }[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin === MAIN_STORE.sandboxUrl) {
      let frameOrigin: string | null = null;
      try {
        frameOrigin = new URL(request.frame().url()).origin;
      } catch {
        frameOrigin = null;
      }
      providerRequests.push({ url: request.url(), body: request.postData(), frameOrigin });
    }
  });
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page);
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();

  const digits = TEST_CARDS.MLA_VISA.replace(/\s/g, "");
  // The card went to the provider's tokenization endpoint, from the secure field's frame (the provider's origin).
  const tokenization = providerRequests.find((request) => request.url.includes("/v1/card_tokens?public_key="));
  expect(tokenization?.body).toContain(digits);
  expect(tokenization?.frameOrigin).toBe(MAIN_STORE.sandboxUrl);

  // Cobro's server saw the payment (a token), and nothing of the card.
  const payCalls = cobroRequests.filter((request) => request.url.includes("checkout.payWithCard"));
  expect(payCalls).toHaveLength(1);
  expect(cobroRequests.length).toBeGreaterThan(3);
  for (const request of cobroRequests) {
    const seen = `${decodeURIComponent(request.url)}\n${request.body ?? ""}`;
    expect(seen).not.toContain(digits);
    expect(seen).not.toContain(TEST_CARDS.MLA_VISA);
    expect(seen).not.toMatch(/card_?number|security_?code|cvv/i);
    expect(jsonStrings(request.body)).not.toContain(TEST_CVV);
  }
});

test("[shop][cards] OTHE is rejected with the issuer's message, then another card pays the same order once", async ({
  page,
  db,
}) => {
  const email = `retry-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page, { email });
  await fillCard(page, { holder: "OTHE" });
  await page.getByRole("button", { name: "Pay now" }).click();

  await expect(page.getByRole("heading", { name: "Your payment was declined" })).toBeVisible();
  await expect(page.getByText("The card issuer declined the payment.")).toBeVisible();
  await expect(page.getByText("Please try again with another card or payment method.")).toBeVisible();
  const declinedCheckoutId = checkoutIdOf(page);

  // Back to the card form of the same order, details kept.
  await page.getByRole("link", { name: "Try another card" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your last payment attempt was declined" })).toBeVisible();
  await expect(page.getByText(`Paying as ${email}`)).toBeVisible();
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  const paidCheckoutId = checkoutIdOf(page);

  // One approved payment for the order, and the decline kept as it was. The server keeps a declined checkout's
  // one payment (pay-with-card.ts), so the web app paid the order on a fresh checkout for the same items.
  const checkouts = await db.selectFrom("checkouts").select("id").where("payer_email", "=", email).execute();
  const payments = (await Promise.all(checkouts.map((checkout) => paymentsOf(db, checkout.id)))).flat();
  expect(payments.map((payment) => payment.status).sort()).toEqual(["approved", "rejected"]);
  expect((await paymentsOf(db, declinedCheckoutId)).map((payment) => payment.status)).toEqual(
    paidCheckoutId === declinedCheckoutId ? ["rejected", "approved"] : ["rejected"],
  );
  expect((await paymentsOf(db, paidCheckoutId)).filter((payment) => payment.status === "approved")).toHaveLength(1);
  expect(checkouts.length).toBeLessThanOrEqual(2);
});

test("[shop][cards] CONT stays pending, then the page turns approved by itself when the payment settles", async ({
  page,
  db,
}) => {
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page);
  await fillCard(page, { holder: "CONT" });
  await page.getByRole("button", { name: "Pay now" }).click();

  await expect(page.getByRole("heading", { name: "Your payment is pending" })).toBeVisible();
  await expect(page.getByText("This page updates by itself as soon as the payment changes.")).toBeVisible();
  const checkoutId = checkoutIdOf(page);
  const [pending] = await paymentsOf(db, checkoutId);
  expect(pending).toMatchObject({ status: "in_process", status_detail: "pending_contingency" });
  const urlBefore = page.url();

  await settlePayment(pending?.provider_payment_id ?? 0, "approve");

  // No reload: the page asks the server again by itself until the webhook's update shows.
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible({
    timeout: 30_000,
  });
  expect(page.url()).toBe(urlBefore);
  await expect(page.getByText("This page updates by itself")).toHaveCount(0);
  const [settled] = await paymentsOf(db, checkoutId);
  expect(settled).toMatchObject({ status: "approved", status_detail: "accredited" });
  expect((await getProviderPayment(settled?.provider_payment_id ?? 0)).status).toBe("approved");
});

/** Every string value inside a JSON body (tRPC batches are JSON), or the raw text when it is not JSON. */
function jsonStrings(body: string | null): string[] {
  if (!body) return [];
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") found.push(value);
    else if (typeof value === "number") found.push(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  try {
    walk(JSON.parse(body));
  } catch {
    found.push(body);
  }
  return found;
}
