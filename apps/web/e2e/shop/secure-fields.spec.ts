// The card form on the provider's secure fields (the sandbox's stand-in of
// MercadoPago.js v2): installments priced by the provider, saved cards paid by
// their security code only, and no card data in the shop's document.
import type { Page } from "@playwright/test";
import { MAIN_STORE } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import {
  addToCart,
  checkoutIdOf,
  enterPayerDetails,
  fillCard,
  paymentsOf,
  secureInput,
  seedProduct,
  TEST_CARDS,
  TEST_CVV,
} from "../support/shop";

interface PayerCost {
  installments: number;
  installment_rate: number;
  installment_amount: number;
  total_amount: number;
  labels: string[];
}

/** The sandbox's payer costs for the test Visa and `amountMinor` (ARS), as the SDK reads them. */
async function sandboxPayerCosts(page: Page, amountMinor: number): Promise<PayerCost[]> {
  const config = await page.request.get("/api/trpc/system.publicConfig");
  const publicKey = (await config.json()).result.data.publicKey as string;
  const url = new URL("/v1/payment_methods/installments", MAIN_STORE.sandboxUrl);
  url.searchParams.set("public_key", publicKey);
  url.searchParams.set("amount", (amountMinor / 100).toFixed(2));
  url.searchParams.set("bin", TEST_CARDS.MLA_VISA.replace(/\s/g, "").slice(0, 8));
  const response = await page.request.get(url.href);
  expect(response.ok()).toBe(true);
  const [first] = (await response.json()) as { payer_costs: PayerCost[] }[];
  return first?.payer_costs ?? [];
}

/** "18,500.00": how an ARS amount's digits read on the English pages. */
function digits(amount: number): string {
  return amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** "60.11%" from a label's "60,11". */
function percent(text: string): string {
  return new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 2 }).format(
    Number(text.replace(",", ".")) / 100,
  );
}

test("[shop][cards] the installment choices show the sandbox's payer costs; the result shows the chosen total", async ({
  page,
  db,
}) => {
  const product = await seedProduct(db, { priceMinor: 18_500_00 });
  await addToCart(page, product);
  await enterPayerDetails(page);
  await fillCard(page, { holder: "APRO" });

  const costs = await sandboxPayerCosts(page, 18_500_00);
  const financed = costs.find((cost) => cost.installment_rate > 0);
  expect(costs.length).toBeGreaterThan(1);
  expect(financed).toBeDefined();
  const select = page.getByLabel("Installments");
  const options = (await select.locator("option").allTextContents()).map((text) => text.replace(/\s+/g, " "));
  expect(options).toHaveLength(costs.length);
  for (const [index, cost] of costs.entries()) {
    const text = options[index] ?? "";
    const each = cost.installments === 1 ? "1 payment of" : `${cost.installments} installments of`;
    expect(text).toContain(each);
    expect(text).toContain(`ARS ${digits(cost.installment_amount)}`);
    expect(text).toContain(`Total ARS ${digits(cost.total_amount)}`);
    expect(text).toContain(
      cost.installment_rate === 0 ? "Interest-free" : `Interest ${percent(String(cost.installment_rate))}`,
    );
    // Argentina: the CFT and TEA of each option, as the provider labels them.
    const label = cost.labels.find((entry) => entry.startsWith("CFT_"));
    expect(label).toBeDefined();
    const [, cft = "", tea = ""] = /^CFT_([\d,]+)%\|TEA_([\d,]+)%$/.exec(label ?? "") ?? [];
    expect(text).toContain(`CFT ${percent(cft)}`);
    expect(text).toContain(`TEA ${percent(tea)}`);
  }

  await select.selectOption(String(financed?.installments));
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
  // The result shows what the shopper pays with these installments, financing included.
  await expect(page.getByTestId("payment-plan")).toBeVisible();
  expect((await page.getByTestId("payment-plan").innerText()).replace(/\s+/g, " ")).toBe(
    `Paid ARS ${digits(financed?.total_amount ?? 0)} in ${financed?.installments} installments of ARS ${digits(financed?.installment_amount ?? 0)}`,
  );

  const [payment] = await paymentsOf(db, checkoutIdOf(page));
  const mirrored = await db
    .selectFrom("payments")
    .select(["installments", "total_paid_minor", "installment_amount_minor", "amount_minor"])
    .where("provider_payment_id", "=", payment?.provider_payment_id ?? 0)
    .executeTakeFirstOrThrow();
  expect(mirrored).toEqual({
    installments: financed?.installments,
    total_paid_minor: Math.round((financed?.total_amount ?? 0) * 100),
    installment_amount_minor: Math.round((financed?.installment_amount ?? 0) * 100),
    amount_minor: 18_500_00,
  });
});

test("[shop][cards] a saved card pays by its security code only, as the shopper's provider customer", async ({
  page,
  db,
  signInAs,
  cobroRequests,
}) => {
  const shopper = await signInAs();
  const first = await seedProduct(db);
  await addToCart(page, first);
  await enterPayerDetails(page, { email: shopper.email });
  await fillCard(page, { holder: "APRO" });
  await page.getByLabel("Save this card to my account for next time").check();
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByText("Your card was saved to your account.")).toBeVisible();

  const second = await seedProduct(db);
  await addToCart(page, second);
  await enterPayerDetails(page, { email: shopper.email });
  // Saved cards come first, the first one chosen; only its security code is asked for.
  const choice = page.getByRole("group", { name: "Pay with" });
  await expect(choice.getByLabel("Visa ending in 3704, expires 11/30")).toBeChecked();
  await expect(choice.getByLabel("A new card")).not.toBeChecked();
  await expect(page.locator('[data-secure-field="cardNumber"]')).toHaveCount(0);
  await expect(page.getByLabel("Name on the card")).toHaveCount(0);
  await secureInput(page, "securityCode").pressSequentially(TEST_CVV);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();

  const checkoutId = checkoutIdOf(page);
  const [payment] = await paymentsOf(db, checkoutId);
  expect(payment).toMatchObject({ status: "approved", payment_method_id: "visa" });
  const user = await db
    .selectFrom("users")
    .select("provider_customer_id")
    .where("id", "=", shopper.id)
    .executeTakeFirstOrThrow();
  const snapshot = payment?.snapshot as { payer?: { type?: string; id?: string } };
  expect(snapshot.payer).toMatchObject({ type: "customer", id: user.provider_customer_id });
  const pay = cobroRequests.filter((request) => request.url.includes("checkout.payWithCard")).at(-1);
  expect(pay?.body).toContain('"savedCardId"');
  expect(pay?.body ?? "").not.toContain(TEST_CVV);

  // "A new card" brings the full form back.
  await addToCart(page, await seedProduct(db));
  await enterPayerDetails(page, { email: shopper.email });
  await page.getByRole("group", { name: "Pay with" }).getByLabel("A new card").check();
  await expect(secureInput(page, "cardNumber")).toBeVisible();
  await expect(page.getByLabel("Name on the card")).toBeVisible();
});

test("[shop][cards] no card number or CVV is readable from the shop's document", async ({ page, db }) => {
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page);
  // The Mastercard test card: the sandbox hint on the page names the Visa one.
  const card = "5031 7557 3453 0604";
  await fillCard(page, { holder: "APRO", number: card });
  const number = card.replace(/\s/g, "");

  const seen = await page.evaluate(() => {
    const values = [...document.querySelectorAll("input, select, textarea")].map(
      (element) => (element as HTMLInputElement).value,
    );
    const frames = [...document.querySelectorAll("iframe")].map((frame) => {
      let readable: boolean;
      try {
        readable = frame.contentDocument !== null;
      } catch {
        readable = false;
      }
      return { src: frame.src, readable };
    });
    return { text: document.documentElement.outerHTML, values, frames };
  });
  // The three secure fields are frames of the sandbox's origin, which the shop's scripts cannot read.
  expect(seen.frames).toHaveLength(3);
  for (const frame of seen.frames) {
    expect(new URL(frame.src).origin).toBe(MAIN_STORE.sandboxUrl);
    expect(frame.readable).toBe(false);
  }
  const grouped = card;
  for (const secret of [number, grouped, number.slice(-8)]) {
    expect(seen.text).not.toContain(secret);
    expect(seen.values.join("\n")).not.toContain(secret);
  }
  expect(seen.values).not.toContain(TEST_CVV);
  expect(seen.text).not.toContain(`value="${TEST_CVV}"`);
});

test("[shop][cards] a code the secure fields refuse is named beside its field, and the CVV is typed afresh", async ({
  page,
  db,
  cobroRequests,
}) => {
  const product = await seedProduct(db);
  await addToCart(page, product);
  await enterPayerDetails(page);
  await fillCard(page, { holder: "APRO", cvv: "12" });
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.locator("#card-cvv-error")).toHaveText(/Check the security code/);
  // The words above can come from the field's own check as focus leaves it, before the SDK has answered the
  // tokenization (three frames over a BroadcastChannel, slow on a loaded machine); the code is cleared only once
  // that answer is in, so this wait is longer than the default.
  await expect(secureInput(page, "securityCode")).toHaveValue("", { timeout: 25_000 });
  expect(cobroRequests.filter((request) => request.url.includes("checkout.payWithCard"))).toHaveLength(0);

  await secureInput(page, "securityCode").pressSequentially(TEST_CVV);
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
});
