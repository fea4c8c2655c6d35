// The console's Accounts area in the browser against the real server and its sandbox: an admin sees the account
// the shop charges with (read from /users/me), connects a seller through the sandbox's OAuth consent page (back
// through Cobro's callback), refreshes its tokens, and disconnects it — checking the page, the database (tokens
// stored encrypted, then wiped) and the sandbox.
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { providerAccountMe, sandboxSeller } from "../support/sandbox-control";

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
