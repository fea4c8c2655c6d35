// The console's Accounts area in the browser against the real server and its sandbox: an admin sees the account
// the shop charges with (read from /users/me), connects a seller through the sandbox's OAuth consent page (back
// through Cobro's callback), refreshes its tokens, and disconnects it — checking the page, the database (tokens
// stored encrypted, then wiped) and the sandbox.
import { seriousViolations } from "../support/axe";
import { MAIN_STORE, SANDBOX_ACCESS_TOKEN } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { providerAccountMe, sandboxSeller } from "../support/sandbox-control";
import { addToCart, checkoutIdOf, enterPayerDetails, fillCard, paymentsOf, seedProduct } from "../support/shop";

test("[admin][account] an admin sees the charging account, connects a seller by OAuth, refreshes and disconnects it", async ({
  page,
  db,
  signInAs,
}) => {
  const admin = await signInAs({ role: "admin" });
  const me = await providerAccountMe();

  await page.goto("/admin/account");
  await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
  const charging = page.getByRole("definition").filter({ hasText: me.nickname });
  await expect(charging).toBeVisible();
  await expect(page.getByText(String(me.id), { exact: true })).toBeVisible();
  await expect(page.getByText("Test (embedded sandbox)")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Connect: the sandbox's consent page, then back to Cobro's callback and the Accounts page.
  await page.getByRole("button", { name: "Connect a seller account" }).click();
  await expect(page.getByRole("heading", { name: /wants to connect to your account/ })).toBeVisible();
  const consentUrl = new URL(page.url());
  expect(consentUrl.searchParams.get("response_type")).toBe("code");
  expect(consentUrl.searchParams.get("platform_id")).toBe("mp");
  expect(consentUrl.searchParams.get("redirect_uri")).toMatch(/\/api\/admin\/account\/oauth\/callback$/);
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL(/\/admin\/account\?connected=\d+$/);
  const sellerId = Number(new URL(page.url()).searchParams.get("connected"));
  await expect(page.getByText(`The seller account ${sellerId} is connected.`)).toBeVisible();
  const row = page.getByTestId(`connection-${sellerId}`);
  await expect(row).toContainText("Connected");
  await expect(row).toContainText(/17[89] days/);
  await expect(row).toContainText("Never");

  const seller = await sandboxSeller(sellerId);
  expect(seller?.access_tokens.length).toBeGreaterThan(0);
  await expect(row).toContainText(seller?.nickname ?? "");
  const stored = await db
    .selectFrom("provider_accounts")
    .selectAll()
    .where("provider_user_id", "=", sellerId)
    .executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ status: "active", connected_by: admin.id });
  expect(stored.access_token_ciphertext).toMatch(/^v1\./);
  expect(stored.refresh_token_ciphertext).toMatch(/^v1\./);
  for (const token of seller?.access_tokens ?? []) expect(JSON.stringify(stored)).not.toContain(token);
  // The page's own document never holds a token either.
  const html = await page.content();
  for (const token of seller?.access_tokens ?? []) expect(html).not.toContain(token);
  expect(await seriousViolations(page)).toEqual([]);

  // Refresh now: the tokens rotate.
  await row.getByRole("button", { name: `Refresh now (${seller?.nickname})` }).click();
  await expect(page.getByText(`The tokens of ${seller?.nickname} were refreshed.`)).toBeVisible();
  await expect(row).not.toContainText("Never");
  const refreshed = await db
    .selectFrom("provider_accounts")
    .selectAll()
    .where("provider_user_id", "=", sellerId)
    .executeTakeFirstOrThrow();
  expect(refreshed.refresh_token_ciphertext).not.toBe(stored.refresh_token_ciphertext);
  expect(refreshed.last_refreshed_at).not.toBeNull();

  // Disconnect, after a confirmation.
  await row.getByRole("button", { name: `Disconnect (${seller?.nickname})` }).click();
  const dialog = page.getByRole("dialog", { name: `Disconnect ${seller?.nickname}?` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText(`${seller?.nickname} was disconnected.`)).toBeVisible();
  await expect(row).toContainText("Disconnected");
  await expect(row.getByRole("button")).toHaveCount(0);
  const ended = await db
    .selectFrom("provider_accounts")
    .selectAll()
    .where("provider_user_id", "=", sellerId)
    .executeTakeFirstOrThrow();
  expect(ended).toMatchObject({
    status: "disconnected",
    access_token_ciphertext: null,
    refresh_token_ciphertext: null,
    ended_reason: "disconnected",
    ended_by: admin.id,
  });
  const audit = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_id", "=", stored.id)
    .orderBy("created_at")
    .execute();
  expect(audit.map((entry) => entry.action)).toEqual([
    "provider_account.connected",
    "provider_account.refreshed",
    "provider_account.disconnected",
  ]);
});

/** GET a payment at the sandbox with one seller's token: 200 only for the seller that holds it. */
async function paymentStatusAt(token: string, paymentId: number): Promise<number> {
  const response = await fetch(`${MAIN_STORE.sandboxUrl}/v1/payments/${paymentId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

test("[admin][account] switching the charging account (confirmed) makes the shop's next payment land under that seller", async ({
  page,
  db,
  signInAs,
}) => {
  await signInAs({ role: "admin" });
  try {
    // A seller connected through the sandbox's consent page.
    await page.goto("/admin/account");
    await page.getByRole("button", { name: "Connect a seller account" }).click();
    await page.getByRole("button", { name: "Authorize" }).click();
    await expect(page).toHaveURL(/\/admin\/account\?connected=\d+$/);
    const sellerId = Number(new URL(page.url()).searchParams.get("connected"));
    const seller = await sandboxSeller(sellerId);
    const nickname = seller?.nickname ?? "";
    const account = await db
      .selectFrom("provider_accounts")
      .select("id")
      .where("provider_user_id", "=", sellerId)
      .executeTakeFirstOrThrow();

    // Switch, after a confirmation that says where the money goes.
    await expect(page.getByTestId("charging-account-current")).toContainText("The store's own account");
    await page.getByLabel("Charge new payments on").selectOption({ label: nickname });
    await page.getByRole("button", { name: "Switch…" }).click();
    const dialog = page.getByRole("dialog", { name: `Charge new payments on ${nickname}?` });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Switch the charging account" }).click();
    await expect(page.getByText(`New payments are now charged on ${nickname}.`)).toBeVisible();
    await expect(page.getByTestId("charging-account-current")).toContainText(nickname);
    await expect(page.getByTestId(`connection-${sellerId}`)).toContainText("Charges new payments");
    const audit = await db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "charging_account.changed")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({ from: null, to: account.id });

    // The shop's next payment: the card fields make the token for the seller, the payment lands under the seller.
    const product = await seedProduct(db, { priceMinor: 4_321_00 });
    await addToCart(page, product);
    await enterPayerDetails(page);
    await fillCard(page, { holder: "APRO" });
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL(/\/checkout\/result\?checkout_id=/);
    await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
    const checkoutId = checkoutIdOf(page);
    const [payment] = await paymentsOf(db, checkoutId);
    const paymentId = payment?.provider_payment_id ?? 0;
    expect(payment?.provider_account_id).toBe(account.id);
    expect(await paymentStatusAt(seller?.access_tokens.at(-1) ?? "", paymentId)).toBe(200);
    expect(await paymentStatusAt(SANDBOX_ACCESS_TOKEN, paymentId)).toBe(404);

    // The payments list filtered by that account shows it, labelled with the seller; the URL keeps the filter.
    await page.goto("/admin/payments");
    await page.getByRole("combobox", { name: "Account", exact: true }).selectOption({ label: nickname });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`account=${account.id}`));
    const row = page.locator(`tr[data-payment-id="${paymentId}"]`);
    await expect(row).toContainText(nickname);
    await expect(page.locator("tbody tr")).not.toHaveCount(0);
    for (const label of await page.locator("tbody tr td:last-child").allTextContents()) expect(label).toBe(nickname);
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole("link", { name: String(paymentId) }).click();
    await expect(page.getByTestId("payment-account")).toHaveText(nickname);
  } finally {
    // Every later spec charges on the store's own account.
    await db.deleteFrom("store_settings").where("key", "=", "charging_account").execute();
  }
});
