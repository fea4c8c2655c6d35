// The account filter on a console list that is the provider's own search, in the browser against the real server
// and its sandbox: an admin connects a seller by OAuth; a link the seller made in its own Mercado Pago account is not
// among the store's own links, is listed once the seller is chosen (the choice in the URL), opens read with the
// seller's credentials, and "Expire now" expires it in the seller's account under a key stored with that account.
import { MAIN_STORE } from "../support/e2e-env";
import { expect, test } from "../support/fixtures";
import { sandboxSeller } from "../support/sandbox-control";

test("[admin][links] a connected seller's link is listed under the seller's filter and expired on the seller's account", async ({
  page,
  db,
  signInAs,
}) => {
  await signInAs({ role: "admin" });
  await page.goto("/admin/account");
  await page.getByRole("button", { name: "Connect a seller account" }).click();
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL(/\/admin\/account\?connected=\d+$/);
  const seller = await sandboxSeller(Number(new URL(page.url()).searchParams.get("connected")));
  const token = seller?.access_tokens.at(-1) ?? "";
  const connection = await db
    .selectFrom("provider_accounts")
    .select("id")
    .where("provider_user_id", "=", seller?.user_id ?? 0)
    .executeTakeFirstOrThrow();

  // The seller makes a link in its own account (not through Cobro).
  const reference = `seller-link-${crypto.randomUUID()}`;
  const created = await fetch(`${MAIN_STORE.sandboxUrl}/checkout/preferences`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      items: [{ title: "Seller's poncho", quantity: 1, unit_price: 120, currency_id: "ARS" }],
      external_reference: reference,
    }),
  });
  expect(created.status).toBe(201);
  const preferenceId = ((await created.json()) as { id: string }).id;

  // The store's own account (the default) does not have it.
  await page.goto(`/admin/links?ref=${reference}`);
  await expect(page.getByText("No payment links yet.")).toBeVisible();
  const filter = page.getByRole("combobox", { name: "Account" });
  await expect(filter).toHaveValue("own");

  await filter.selectOption({ label: seller?.nickname ?? "" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`account=${connection.id}`));
  const row = page.locator(`tr[data-preference-id="${preferenceId}"]`);
  await expect(row).toContainText(reference);

  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/links/${preferenceId}\\?account=${connection.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Seller's poncho" })).toBeVisible();
  await expect(page.getByText(/belongs to a connected seller account/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit" })).toBeVisible();
  await page.getByRole("button", { name: "Expire now" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Expire the link" }).click();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
  const atSeller = await fetch(`${MAIN_STORE.sandboxUrl}/checkout/preferences/${preferenceId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const expired = (await atSeller.json()) as { expires?: boolean; expiration_date_to?: string };
  expect(expired.expires).toBe(true);
  expect(Date.parse(expired.expiration_date_to ?? "")).toBeLessThan(Date.now());
  const request = await db
    .selectFrom("provider_requests")
    .select(["status", "provider_account_id"])
    .where("kind", "=", "payment_link.expire")
    .where("resource_id", "=", preferenceId)
    .executeTakeFirstOrThrow();
  expect(request).toEqual({ status: "succeeded", provider_account_id: connection.id });
  // Cobro keeps nothing of a link it did not make.
  const kept = await db
    .selectFrom("payment_links")
    .select("id")
    .where("provider_preference_id", "=", preferenceId)
    .execute();
  expect(kept).toEqual([]);
});
