// The result page is never seen in a wrong state: every state it renders,
// from the moment the payment is submitted until the final one, is recorded in
// the page itself (a MutationObserver installed before any script runs), and
// the sequence may hold only the neutral "checking" state and the final one.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { addToCart, enterPayerDetails, fillCard, seedProduct } from "../support/shop";

declare global {
  interface Window {
    __resultStates?: string[];
  }
}

/** Records each state the result page shows: its status heading, or a loading state's words. */
function recordResultStates(): void {
  window.__resultStates = [];
  const read = () => {
    if (window.location.pathname !== "/checkout/result") return;
    const main = document.querySelector("main");
    if (!main) return;
    const title = main.querySelector("#result-title")?.textContent?.trim();
    const loading = main.querySelector('[role="status"].ui-state--loading, .ui-state--loading')?.textContent?.trim();
    const error = main.querySelector(".ui-state--error")?.textContent?.trim();
    const state = title ? `result: ${title}` : loading ? `loading: ${loading}` : error ? `error: ${error}` : null;
    const states = window.__resultStates ?? [];
    if (state !== null && states.at(-1) !== state) states.push(state);
  };
  const start = () => {
    new MutationObserver(read).observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    read();
  };
  if (document.documentElement) start();
  else document.addEventListener("DOMContentLoaded", start);
}

/**
 * The payment step, in one place: pays the checkout on the page with a test card whose holder name decides the
 * outcome. (Kept small: the card form is moving into the provider's frames.)
 */
async function payByCard(page: Page, holder: "APRO" | "OTHE"): Promise<void> {
  await fillCard(page, { holder });
  await page.getByRole("button", { name: "Pay now" }).click();
}

for (const { holder, final } of [
  { holder: "APRO" as const, final: "result: Thank you! Your payment was approved" },
  { holder: "OTHE" as const, final: "result: Your payment was declined" },
]) {
  test(`[shop][result] the result page shows only "checking" and then the final state (${holder})`, async ({
    page,
    db,
  }) => {
    await page.addInitScript(recordResultStates);
    const product = await seedProduct(db);
    await addToCart(page, product);
    await enterPayerDetails(page);
    await payByCard(page, holder);

    await page.waitForURL(/\/checkout\/result\?checkout_id=/);
    await expect(page.getByRole("heading", { name: final.slice("result: ".length) })).toBeVisible();
    // Let the page's fresh read of the result arrive and render too.
    await page.waitForLoadState("networkidle");
    const states = await page.evaluate(() => window.__resultStates ?? []);
    expect(states.at(-1)).toBe(final);
    expect(states.filter((state) => state !== final && !state.startsWith("loading: "))).toEqual([]);
    // The state the result reached is what the database holds.
    const checkoutId = new URL(page.url()).searchParams.get("checkout_id") ?? "";
    const payment = await db
      .selectFrom("payments")
      .select("status")
      .where("checkout_id", "=", checkoutId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe(holder === "APRO" ? "approved" : "rejected");
  });
}

for (const who of ["a signed-in shopper", "a guest"] as const) {
  test(`[shop][result] opened afresh (a reload) by ${who}, the page says it is checking until it knows`, async ({
    page,
    db,
    signInAs,
  }) => {
    // A signed-in shopper reads the order as theirs; a guest by the tab's receipt of the paid checkout.
    if (who === "a signed-in shopper") await signInAs();
    const product = await seedProduct(db);
    await addToCart(page, product);
    await enterPayerDetails(page);
    await payByCard(page, "APRO");
    await page.waitForURL(/\/checkout\/result\?checkout_id=/);
    await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
    // The page's own fresh read is in (it then forgets the payment's handed-over answer).
    await page.waitForLoadState("networkidle");

    await page.addInitScript(recordResultStates);
    // Slow the read down so the waiting state is surely rendered.
    await page.route(
      (url) => url.pathname.startsWith("/api/trpc/") && url.pathname.includes("checkout.result"),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      },
    );
    await page.reload();
    await expect(page.getByRole("heading", { name: "Thank you! Your payment was approved" })).toBeVisible();
    const states = await page.evaluate(() => window.__resultStates ?? []);
    expect(states).toContain("loading: Checking your payment…");
    expect(states.at(-1)).toBe("result: Thank you! Your payment was approved");
    expect(states.filter((state) => !state.startsWith("loading: ")).length).toBe(1);
  });
}
