// The audit log in a real browser against the product as `npm start` runs it: a staff action made in the console
// is found again by its actor, action and resource, with what changed; the filters live in the URL; a reversed date
// range is refused before it is sent; a search that matches nothing says so.
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signInStaff } from "../support/staff";

test("[admin][audit] an admin's role change is found in the audit log by actor, action and resource, with what changed", async ({
  page,
  context,
  db,
}) => {
  const admin = await signInStaff({ db, context, role: "admin" });
  const target = await db
    .insertInto("users")
    .values({
      email: `audited-${crypto.randomUUID().slice(0, 8)}@e2e.test`,
      name: "Audited Shopper",
      role: "shopper",
      password_hash: "not-a-hash",
    })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();

  await page.goto(`/admin/users?q=${encodeURIComponent(target.email)}`);
  const row = page.getByTestId(`user-row-${target.email}`);
  await row.getByLabel("Role of Audited Shopper").selectOption("operator");
  await page
    .getByRole("dialog", { name: "Make Audited Shopper Operator?" })
    .getByRole("button", { name: "Change role" })
    .click();
  await expect(page.getByText("Audited Shopper is now Operator.")).toBeVisible();

  await page.getByRole("navigation", { name: "Admin console" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Actor", { exact: true }).fill(admin.email);
  await filters.getByLabel("Action").fill("user.role_changed");
  await filters.getByLabel("Resource id").fill(target.id);
  await filters.getByRole("button", { name: "Apply filters" }).click();

  const entries = page.getByRole("table").getByRole("row");
  await expect(entries).toHaveCount(2); // the header and the one entry
  const entry = entries.nth(1);
  await expect(entry).toContainText(admin.email);
  await expect(entry).toContainText("user.role_changed");
  await expect(entry).toContainText(`user · ${target.id}`);
  await entry.getByText("Show").click();
  const details = JSON.parse((await entry.locator("pre").textContent()) ?? "{}");
  expect(details).toMatchObject({ from: "shopper", to: "operator" });
  expect(await seriousViolations(page)).toEqual([]);

  // The search is in the address: a reload (or a shared link) shows the same entry.
  await expect(page).toHaveURL(/actor=.*action=user\.role_changed/);
  await page.reload();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);

  // A reversed custom range is refused in the form, not sent.
  await filters.getByLabel("Date", { exact: true }).selectOption({ label: "Custom range" });
  await filters.getByLabel("From", { exact: true }).fill("2026-03-02");
  await filters.getByLabel("To", { exact: true }).fill("2026-03-01");
  await expect(page.getByText("The end is before the start.")).toBeVisible();
  await expect(filters.getByRole("button", { name: "Apply filters" })).toBeDisabled();

  // A search no entry matches says so.
  await filters.getByLabel("Date", { exact: true }).selectOption({ label: "Any time" });
  await filters.getByLabel("Action").fill("user.no_such_action");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No entries")).toBeVisible();
  await expect(page.getByText("None matches this search.")).toBeVisible();
});
