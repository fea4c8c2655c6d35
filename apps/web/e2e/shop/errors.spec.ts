// Error pages carry their true HTTP status and are drawn by the app in the
// shop's layout and the shopper's language (the server names the status in a
// <meta name="cobro-error-status">, see apps/server/src/http/error-pages.ts).
import { expect, test } from "../support/fixtures";
import { seedProduct } from "../support/shop";

test("[shop][errors] unknown path shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "This page could not be found" })).toBeVisible();
  await expect(page).toHaveTitle("404: This page could not be found · Cobro");
  // Inside the shop's layout: its navigation works from the error page.
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Store" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Store" })).toBeVisible();
});

test("[shop][errors] the 404 page is in the shopper's language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "es-AR" });
  try {
    const page = await context.newPage();
    const response = await page.goto("/otra/pagina/que/no/existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 2, name: "No pudimos encontrar esta página" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Tienda" }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  } finally {
    await context.close();
  }
});

test("[shop][errors] an unknown product is a 404; a product that exists is a 200", async ({ page, db }) => {
  const product = await seedProduct(db);
  const found = await page.goto(`/products/${product.slug}`);
  expect(found?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();

  await db.updateTable("products").set({ active: false }).where("id", "=", product.id).execute();
  const retired = await page.goto(`/products/${product.slug}`);
  expect(retired?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 2, name: "This page could not be found" })).toBeVisible();
});

test("[shop][errors] a signed-in shopper gets the 403 page in the shop layout at /admin", async ({
  page,
  signInAs,
}) => {
  await signInAs();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const response = await page.goto("/admin/payments");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "403" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "An unexpected error has occurred" })).toBeVisible();
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(scripts.filter((url) => url.includes("admin-page"))).toEqual([]);
});
