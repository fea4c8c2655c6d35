// The Content-Security-Policy as a browser enforces it: a confirmation dialog (Radix's Dialog, whose scroll lock adds
// an inline <style>) opens without any violation, because the page hands the response's style nonce to the lock, and
// the page behind the dialog does not scroll.
import { expect, test } from "../support/fixtures";
import { createProviderCustomer } from "../support/sandbox-control";

test("[admin][csp] a confirm dialog opens with no CSP violation and the page does not scroll behind it", async ({
  page,
  signInAs,
}) => {
  // Every violation the page reports, from its first script on, and every console line about the policy.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sample}) at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });

  const email = `csp-${crypto.randomUUID().slice(0, 8)}@testuser.com`;
  const customer = await createProviderCustomer({ email, first_name: "Nonce" });
  await signInAs({ role: "operator" });
  // A phone's screen: the customer's page is taller than it, so the page could scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto(`/admin/customers/${encodeURIComponent(customer.id)}`);
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  const styleSrc = /style-src ([^;]+)/.exec(response?.headers()["content-security-policy"] ?? "")?.[1] ?? "";
  expect(styleSrc).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]+'$/);
  expect(styleSrc).not.toContain("unsafe-inline");
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);

  await page.getByRole("button", { name: "Delete customer" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the customer ${email}?` });
  await expect(dialog).toBeVisible();
  // The scroll lock's style applied: the page's body no longer scrolls.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  // Neither the wheel over the backdrop nor the keyboard (focus is on Cancel) moves the page behind.
  await page.mouse.move(195, 800);
  await page.mouse.wheel(0, 800);
  await page.keyboard.press("PageDown");
  await page.keyboard.press("End");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
