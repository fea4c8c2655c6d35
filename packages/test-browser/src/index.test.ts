import { chromium } from "playwright-core";
import { expect, it } from "vitest";
import { testBrowser } from "./index";

it("launches the packaged Chromium, which renders and runs a page (fonts found, scripts run)", async () => {
  const browser = await chromium.launch({ ...testBrowser(), headless: true });
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
}, 60_000);
