import { chromium } from "playwright-core";
import { expect, it } from "vitest";
import { packagedChromium, type TestBrowser, testBrowser } from "./index";

async function rendersAPage(browserToLaunch: TestBrowser): Promise<void> {
  const browser = await chromium.launch({ ...browserToLaunch, headless: true });
  try {
    const page = await browser.newPage();
    await page.setContent(
      "<p>Pagamento aprovado: R$ 10,00</p><button onclick=\"this.textContent='ok'\">pagar</button>",
    );
    await page.getByRole("button", { name: "pagar" }).click();
    await expect.poll(() => page.getByRole("button").textContent()).toBe("ok");
    // A font was found to lay the text out with (without one, Chromium's font manager aborts the page).
    expect(await page.locator("p").evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThan(0);
  } finally {
    await browser.close();
  }
}

it("launches the browser the tests use, which renders and runs a page", async () => {
  await rendersAPage(testBrowser());
}, 120_000);

it("launches the fallback shipped in @sparticuz/chromium (its libraries and fonts unpacked beside it)", async () => {
  await rendersAPage(packagedChromium());
}, 120_000);
