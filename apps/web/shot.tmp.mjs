import { chromium } from "playwright-core";

const [base, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(`${base}/login`);
await page.getByLabel(/^E-?mail/i).fill("lead@cobro.test");
await page.getByLabel(/^Password/i).fill("lead-password-123");
await page.getByRole("button", { name: /sign in/i }).click();
await page.waitForTimeout(1500);
for (const p of paths) {
  await page.goto(`${base}${p}`);
  await page.waitForTimeout(2500);
  const name = p.replace(/[^a-z0-9]+/gi, "_");
  await page.screenshot({ path: `/tmp/lead-shot/${name}.png`, fullPage: true });
  console.log("shot", name);
}
await browser.close();
