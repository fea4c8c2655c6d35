// What a shopper sees and gets after paying: a cash ticket after a declined card, the cart emptied once an order
// has its payment, words that follow the payment's status, a human order number, and the e-mails (ticket, receipt)
// in the language the shopper bought in.
import type { Page } from "@playwright/test";
import { sql } from "kysely";
import { expect, test } from "../support/fixtures";
import { waitForMail } from "../support/mail";
import {
  addToCart,
  checkoutIdOf,
  enterPayerDetails,
  fillCard,
  paymentsOf,
  type SeededProduct,
  secureInput,
  seedProduct,
  TEST_CARDS,
  TEST_CVV,
  TEST_EXPIRY,
} from "../support/shop";

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@e2e.test`;

/** The order number the result page shows ("#1042"), as stored on the checkout. */
async function orderNumberOf(db: import("kysely").Kysely<import("@cobro/server/testing").DB>, id: string) {
  const row = await db
    .selectFrom("checkouts")
    .select(sql<string>`order_number::text`.as("order_number"))
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return `#${row.order_number}`;
}

async function payDeclinedCard(page: Page, product: SeededProduct, email: string): Promise<void> {
  await addToCart(page, product);
  await enterPayerDetails(page, { email });
  await fillCard(page, { holder: "OTHE" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Your payment was declined" })).toBeVisible();
}

test("[shop][ticket] after a declined card a Rapipago ticket is made for the order, e-mailed, and the cart empties", async ({
  page,
  db,
}) => {
  const email = uniqueEmail("ticket-after-decline");
  const product = await seedProduct(db, { priceMinor: 5_000_00 });
  await payDeclinedCard(page, product, email);
  // The declined payment took nothing: the page never says it was paid.
  await expect(page.getByText(/Paid/)).toHaveCount(0);

  await page.getByRole("link", { name: "Try another card" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your last payment attempt was declined" })).toBeVisible();
  await page.getByRole("radio", { name: "Rapipago (pay in cash)" }).check();
  await page.getByRole("button", { name: "Get a Rapipago ticket" }).click();

  await expect(page.getByRole("heading", { name: "Your payment is pending" })).toBeVisible();
  const ticketLink = page.getByRole("link", { name: "Open the ticket" });
  await expect(ticketLink).toHaveAttribute("href", /^http/);
  const ticketCheckoutId = checkoutIdOf(page);
  const [pending] = await paymentsOf(db, ticketCheckoutId);
  expect(pending).toMatchObject({ status: "pending", payment_method_id: "rapipago", amount_minor: 5_000_00 });
  // One rejected card payment and one pending ticket for the order, nothing else.
  const checkouts = await db.selectFrom("checkouts").select("id").where("payer_email", "=", email).execute();
  const payments = (await Promise.all(checkouts.map((checkout) => paymentsOf(db, checkout.id)))).flat();
  expect(payments.map((payment) => payment.status).sort()).toEqual(["pending", "rejected"]);

  // The order has its payment: the cart is empty.
  await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible();

  // The ticket reaches the shopper's inbox in the language they bought in, with its link, expiry and order number.
  const mail = await waitForMail(email, /Rapipago/);
  expect(mail.text).toContain((await ticketLink.getAttribute("href")) ?? "missing");
  expect(mail.text).toContain(await orderNumberOf(db, ticketCheckoutId));
  expect(mail.text).toMatch(/Expires on /);
  // Once per ticket, whatever reads the payment again.
  const rows = await db
    .selectFrom("outbound_emails")
    .select("dedupe_key")
    .where("to_email", "=", email)
    .where("kind", "=", "ticket_pending")
    .execute();
  expect(rows).toEqual([{ dedupe_key: `ticket-pending:${ticketCheckoutId}` }]);
});

test("[shop][cart] after an approved card the cart is empty and the next order holds only new items", async ({
  page,
  db,
}) => {
  const first = await seedProduct(db);
  const second = await seedProduct(db, { priceMinor: 1_000_00 });
  await addToCart(page, first);
  await enterPayerDetails(page);
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  // The thank-you is said once.
  await expect(page.getByText(/Thank you/)).toHaveCount(1);

  await addToCart(page, second);
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: second.name })).toBeVisible();
  await expect(page.getByRole("link", { name: first.name })).toHaveCount(0);
});

test("[shop][cart] a pending cash ticket empties the cart", async ({ page, db }) => {
  const product = await seedProduct(db, { priceMinor: 2_000_00 });
  await addToCart(page, product);
  await enterPayerDetails(page);
  await page.getByRole("radio", { name: "Rapipago (pay in cash)" }).check();
  await page.getByRole("button", { name: "Get a Rapipago ticket" }).click();
  await expect(page.getByRole("heading", { name: "Your payment is pending" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: product.name })).toHaveCount(0);
});

test("[shop][result] the result page and the receipt name the order by its number, the store and the card", async ({
  page,
  db,
}) => {
  const email = uniqueEmail("receipt");
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page, { email });
  await fillCard(page, { holder: "APRO" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  const checkoutId = checkoutIdOf(page);
  const orderNumber = await orderNumberOf(db, checkoutId);
  expect(orderNumber).toMatch(/^#\d+$/);
  await expect(page.getByText(orderNumber, { exact: true })).toBeVisible();
  // The UUID is not what a shopper is asked to quote.
  await expect(page.getByText(checkoutId, { exact: true })).toHaveCount(0);
  await expect(page.getByText(/Paid .* in 1 payment/)).toBeVisible();

  const mail = await waitForMail(email, /^Your order at Cobro is confirmed/);
  expect(mail.subject).toContain(orderNumber);
  expect(mail.text).toContain("Cobro");
  expect(mail.text).toContain(orderNumber);
  expect(mail.text).toMatch(/Visa/);
});

test("[shop][i18n] a shopper who buys in Portuguese gets Portuguese names on the page, in the e-mail and in the history", async ({
  page,
  db,
  signInAs,
}) => {
  const shopper = await signInAs();
  const product = await seedProduct(db, { name: `Mate de calabaza ${crypto.randomUUID().slice(0, 6)}` });
  const ptName = `Cuia de cabaça ${crypto.randomUUID().slice(0, 6)}`;
  await db
    .updateTable("products")
    .set({ translations: JSON.stringify({ pt: { title: ptName } }) })
    .where("id", "=", product.id)
    .execute();
  await page.addInitScript(() => localStorage.setItem("cobro.language", "pt"));

  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: ptName })).toBeVisible();
  await page.getByRole("button", { name: /^Adicionar ao carrinho/ }).click();
  await expect(page.getByText(`${ptName} foi adicionado ao seu carrinho.`)).toBeVisible();
  await page.goto("/checkout");
  await page.getByLabel("E-mail").fill(shopper.email);
  await page.getByRole("textbox", { name: "Nome", exact: true }).fill("Ana");
  await page.getByLabel("Sobrenome").fill("Souza");
  await expect(page.getByLabel("Tipo de documento")).toBeEnabled();
  await page.getByLabel("Número do documento").fill("12345678");
  await page.getByRole("button", { name: "Continuar para o pagamento" }).click();
  await secureInput(page, "cardNumber").pressSequentially(TEST_CARDS.MLA_VISA.replace(/\s/g, ""));
  await page.getByLabel("Nome no cartão").fill("APRO");
  await secureInput(page, "expirationDate").pressSequentially(TEST_EXPIRY.replace("/", ""));
  await secureInput(page, "securityCode").pressSequentially(TEST_CVV);
  await expect(page.getByTestId("card-brand")).toBeVisible();
  await page.getByRole("button", { name: "Pagar agora" }).click();
  await expect(page.getByRole("heading", { name: /aprovado/ })).toBeVisible();
  const orderNumber = await orderNumberOf(db, checkoutIdOf(page));
  await expect(page.getByText(orderNumber, { exact: true })).toBeVisible();

  const mail = await waitForMail(shopper.email, /Seu pedido/);
  expect(mail.text).toContain(`1 × ${ptName}`);
  expect(mail.text).not.toContain(product.name);

  await page.goto("/account");
  const orders = page.getByRole("region", { name: "Seus pedidos" });
  await expect(orders.getByText(`1 × ${ptName}`)).toBeVisible();
  await expect(orders.getByText(orderNumber)).toBeVisible();
});

test("[shop][result] an authorized card empties the cart and is told as held, not paid, on the page and in the history", async ({
  page,
  db,
  signInAs,
}) => {
  await signInAs();
  // Authorize now, capture later (the console's setting); the store is shared, so the default is put back after.
  await db
    .insertInto("store_settings")
    .values({ key: "card_capture", value: JSON.stringify("manual") })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: JSON.stringify("manual") }))
    .execute();
  try {
    const product = await seedProduct(db, { priceMinor: 9_900_00 });
    await addToCart(page, product);
    await enterPayerDetails(page);
    await fillCard(page, { holder: "APRO" });
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByRole("heading", { name: "Your payment was authorized" })).toBeVisible();
    const checkoutId = checkoutIdOf(page);
    expect((await paymentsOf(db, checkoutId)).map((payment) => payment.status)).toEqual(["authorized"]);
    await expect(page.getByTestId("payment-plan")).toHaveText(/held on the card in 1 payment, not charged yet/);
    await expect(page.getByText(/Paid/)).toHaveCount(0);
    // The order has its payment: the cart is empty.
    await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible();

    await page.goto("/account");
    const orders = page.getByRole("region", { name: "Your orders" });
    await expect(orders.getByText(await orderNumberOf(db, checkoutId))).toBeVisible();
    await expect(orders.getByTestId("payment-plan")).toHaveText(/not charged yet/);
    await expect(orders.getByText(/Paid/)).toHaveCount(0);
  } finally {
    await db.deleteFrom("store_settings").where("key", "=", "card_capture").execute();
  }
});
