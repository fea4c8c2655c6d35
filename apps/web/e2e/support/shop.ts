// Steps a shopper takes, by the labels a person sees (English pages).

import type { DB } from "@cobro/server/testing";
import { expect, type Locator, type Page } from "@playwright/test";
import type { Kysely } from "kysely";
import { MAIN_STORE, type StoreEnv } from "./e2e-env";

/** Test cards (provider-sandbox README); the cardholder name decides the outcome. */
export const TEST_CARDS = {
  MLA_VISA: "4509 9535 6623 3704",
  MLB_VISA: "4235 6477 2802 5682",
} as const;
export const TEST_EXPIRY = "11/30";
/** Not the usual 123, so a stray "123" elsewhere cannot hide (or fake) a leaked CVV. */
export const TEST_CVV = "947";

export interface SeededProduct {
  id: string;
  slug: string;
  name: string;
  priceMinor: number;
  currency: string;
}

/** A product of this test only, so its cart line and total are known. */
export async function seedProduct(
  db: Kysely<DB>,
  options: { priceMinor?: number; currency?: string; name?: string } = {},
): Promise<SeededProduct> {
  const unique = crypto.randomUUID().slice(0, 8);
  const product = {
    slug: `e2e-${unique}`,
    name: options.name ?? `Test product ${unique}`,
    priceMinor: options.priceMinor ?? 12_345_00,
    currency: options.currency ?? "ARS",
  };
  const row = await db
    .insertInto("products")
    .values({
      slug: product.slug,
      name: product.name,
      description: "Made for an end-to-end test.",
      image_url: null,
      price_minor: product.priceMinor,
      currency: product.currency,
      active: true,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, ...product };
}

/** Opens the product's page and adds it to the cart (the confirmation is announced). */
export async function addToCart(page: Page, product: SeededProduct, target: StoreEnv = MAIN_STORE): Promise<void> {
  await page.goto(`${target.baseUrl}/products/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await page.getByRole("button", { name: /^Add to cart/ }).click();
  await expect(page.getByText(`${product.name} was added to your cart.`)).toBeVisible();
}

export interface PayerDetails {
  email?: string;
  firstName?: string;
  lastName?: string;
  documentType?: string;
  documentNumber?: string;
}

/** From the cart to the payment step: goes to /checkout and fills the payer form. */
export async function enterPayerDetails(
  page: Page,
  payer: PayerDetails = {},
  target: StoreEnv = MAIN_STORE,
): Promise<void> {
  await page.goto(`${target.baseUrl}/checkout`);
  await page.getByLabel("Email").fill(payer.email ?? "buyer@e2e.test");
  await page.getByLabel("First name").fill(payer.firstName ?? "Ana");
  await page.getByLabel("Last name").fill(payer.lastName ?? "Gómez");
  const documentType = page.getByLabel("Document type");
  await expect(documentType).toBeEnabled();
  if (payer.documentType) await documentType.selectOption(payer.documentType);
  await page.getByLabel("Document number").fill(payer.documentNumber ?? "12345678");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("group", { name: "How do you want to pay?" })).toBeVisible();
}

/**
 * The input of one of the card form's secure fields: a frame of the provider's browser SDK (the sandbox's stand-in),
 * cross-origin to the shop, mounted in our container `[data-secure-field=<type>]`.
 */
export function secureInput(page: Page, type: "cardNumber" | "expirationDate" | "securityCode"): Locator {
  return page.frameLocator(`[data-secure-field="${type}"] iframe`).locator("input");
}

/**
 * Fills the card form (the card option must be selected, as it is by default): the card number, expiry and CVV are
 * typed into the secure fields' frames, the holder's name into our form. Waits until the SDK recognised the brand.
 */
export async function fillCard(
  page: Page,
  card: { holder: string; number?: string; expiry?: string; cvv?: string },
): Promise<void> {
  await secureInput(page, "cardNumber").pressSequentially((card.number ?? TEST_CARDS.MLA_VISA).replace(/\s/g, ""));
  await page.getByLabel("Name on the card").fill(card.holder);
  await secureInput(page, "expirationDate").pressSequentially((card.expiry ?? TEST_EXPIRY).replace("/", ""));
  await secureInput(page, "securityCode").pressSequentially(card.cvv ?? TEST_CVV);
  await expect(page.getByTestId("card-brand")).toBeVisible();
  // The brand's logo comes from the provider's payment method (the sandbox serves it): it must really load.
  const logo = page.getByTestId("card-brand").locator("img");
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** The checkout id of the result page the browser is on. */
/** Pays on the sandbox's hosted checkout page (Checkout Pro) with the approving test card, as `email`. */
export async function payOnHostedCheckout(page: Page, email: string): Promise<void> {
  await page.getByLabel("Card number", { exact: true }).fill(TEST_CARDS.MLA_VISA);
  await page.getByLabel("Expiration month", { exact: true }).fill("11");
  await page.getByLabel("Expiration year", { exact: true }).fill("2030");
  await page.getByLabel("Security code", { exact: true }).fill("123");
  await page.getByLabel("Cardholder name", { exact: true }).fill("APRO");
  await page.getByLabel("Document type", { exact: true }).selectOption("DNI");
  await page.getByLabel("Document number", { exact: true }).fill("12345678");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();
}

export function checkoutIdOf(page: Page): string {
  const id =
    new URL(page.url()).searchParams.get("checkout_id") ?? new URL(page.url()).searchParams.get("external_reference");
  if (!id) throw new Error(`no checkout id in ${page.url()}`);
  return id;
}

/** The payments the server recorded for a checkout. */
export function paymentsOf(db: Kysely<DB>, checkoutId: string) {
  return db.selectFrom("payments").selectAll().where("checkout_id", "=", checkoutId).orderBy("created_at").execute();
}
