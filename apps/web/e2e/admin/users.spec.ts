// Staff invitations in a real browser against the product as `npm start` runs it: an admin invites an address
// with a role, the invitation e-mail arrives at the mail catcher, the invitee follows its link, sets a password
// and lands in the console with that role; the link works once.
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { linkIn, waitForMail } from "../support/mail";
import { signInStaff } from "../support/staff";

test("[admin][users] invite → accept via the e-mail → the invitee sees the console with their role", async ({
  page,
  browser,
  db,
}) => {
  const admin = await signInStaff({ db, context: page.context(), role: "admin" });
  const email = `invitee-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Invite staff" })).toBeVisible();
  await expect(page.getByText("No pending invitations")).toBeVisible();

  // A bad address is said beside the field, and nothing is sent.
  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("E-mail address: enter a valid address")).toBeVisible();

  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Role to give").selectOption("operator");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email} as Operator.`)).toBeVisible();
  const row = page.getByTestId(`invitation-row-${email}`);
  await expect(row).toContainText("Operator");
  expect(await seriousViolations(page)).toEqual([]);

  const stored = await db
    .selectFrom("staff_invitations")
    .select(["role", "invited_by", "token_hash", "accepted_at"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ role: "operator", invited_by: admin.id, accepted_at: null });

  const mail = await waitForMail(email, /invited/i);
  const link = linkIn(mail, "/accept-invitation");
  expect(link).toMatch(/\/accept-invitation#token=[A-Za-z0-9_-]+$/);

  // The invitee, in a browser of their own.
  const invitee = await browser.newContext();
  try {
    const invitePage = await invitee.newPage();
    await invitePage.goto(link);
    await expect(invitePage.getByText(`You are invited as an operator with ${email}.`)).toBeVisible();
    await invitePage.getByLabel("Name").fill("Olga Operator");
    await invitePage.getByLabel("Password").fill("a-long-enough-password");
    await invitePage.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(invitePage).toHaveURL(/\/admin$/);
    const sidebar = invitePage.getByRole("navigation", { name: "Admin console" });
    await expect(sidebar.getByRole("link", { name: "Payments" })).toBeVisible();
    // An operator: no Users area.
    await expect(sidebar.getByRole("link", { name: "Users" })).toHaveCount(0);
    const user = await db
      .selectFrom("users")
      .select(["role", "name"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ role: "operator", name: "Olga Operator" });

    // The link works once.
    const second = await invitee.newPage();
    await second.goto(link);
    await expect(second.getByText("This link was already used or has expired.")).toBeVisible();
  } finally {
    await invitee.close();
  }

  await page.reload();
  await expect(page.getByTestId(`invitation-row-${email}`)).toHaveCount(0);
  const audit = await db
    .selectFrom("audit_log")
    .select("action")
    .where("resource_type", "=", "staff_invitation")
    .where("details", "@>", JSON.stringify({ email }) as never)
    .orderBy("created_at")
    .execute();
  expect(audit.map((entry) => entry.action)).toEqual(["staff_invitation.created", "staff_invitation.accepted"]);
});

test("[admin][users] a pending invitation is resent and revoked after a confirmation", async ({ page, db }) => {
  await signInStaff({ db, context: page.context(), role: "admin" });
  const email = `revoke-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  await page.goto("/admin/users");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const row = page.getByTestId(`invitation-row-${email}`);
  await expect(row).toContainText("Viewer");
  await row.getByRole("button", { name: `Resend the invitation to ${email}` }).click();
  await expect(page.getByText(`Invitation sent again to ${email}`)).toBeVisible();
  await row.getByRole("button", { name: `Revoke the invitation for ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke the invitation for ${email}?` });
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`Invitation for ${email} revoked.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const stored = await db
    .selectFrom("staff_invitations")
    .select(["sent_count", "revoked_at"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  expect(stored.sent_count).toBe(2);
  expect(stored.revoked_at).not.toBeNull();
});
