import { QueryClient } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { App } from "./app";
import type { Language } from "./i18n/locale";
import { AppProviders } from "./providers";
import type { CartItem } from "./shop/cart/cart-state";

/** The page's HTML once its lazily loaded route chunk has arrived (prerender waits for Suspense). */
async function renderAt(
  path: string,
  options: { language?: Language; cartItems?: CartItem[]; serverErrorStatus?: number } = {},
): Promise<string> {
  const { prelude } = await prerender(
    <AppProviders language={options.language ?? "en"} queryClient={new QueryClient()} cartItems={options.cartItems}>
      <MemoryRouter initialEntries={[path]}>
        <App serverErrorStatus={options.serverErrorStatus ?? null} />
      </MemoryRouter>
    </AppProviders>,
  );
  return new Response(prelude).text();
}

describe("routes", () => {
  it("shows the 404 page with the server's exact title for unknown paths", async () => {
    const html = await renderAt("/no/such/page");
    expect(html).toMatch(/<h1[^>]*>404<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>This page could not be found<\/h2>/);
  });

  it.each([
    [404, "en", "This page could not be found"],
    [404, "es", "No pudimos encontrar esta página"],
    [403, "pt", "Ocorreu um erro inesperado"],
    [400, "en", "Bad Request"],
    [405, "es", "Método no permitido"],
    [500, "pt", "Erro interno do servidor"],
  ] as const)("draws the %i page the server named, in %s, inside the layout", async (status, language, title) => {
    const html = await renderAt("/products/no-such-thing", { serverErrorStatus: status, language });
    expect(html).toMatch(new RegExp(`<h1[^>]*>${status}</h1>`));
    expect(html).toMatch(new RegExp(`<h2[^>]*>${title}</h2>`));
    expect(html).toContain('<main class="ui-main" id="main-content"');
    // The route's own page is not drawn.
    expect(html).not.toContain("ui-page-heading__title");
  });

  it.each([
    ["/", "Store"],
    ["/products/mate-cup", "Product"],
    ["/checkout", "Checkout"],
    ["/checkout/result", "Payment result"],
    ["/plans", "Subscription plans"],
    ["/plans/plan-123", "Plan"],
    ["/account", "Your account"],
    ["/login", "Sign in"],
    ["/signup", "Create an account"],
  ])("%s has its page", async (path, title) => {
    const html = await renderAt(path);
    expect(html).toContain(`<h1 class="ui-page-heading__title">${title}</h1>`);
    expect(html).not.toContain("This page could not be found");
  });

  it("/admin/payments belongs to the console (it waits for the signed-in user, never a 404 page)", async () => {
    const html = await renderAt("/admin/payments");
    expect(html).not.toContain("This page could not be found");
    expect(html).toContain('role="status"');
  });

  it("frames every page with a skip link, navigation and the main landmark, in the chosen language", async () => {
    const html = await renderAt("/plans", { language: "es" });
    expect(html).toContain("Saltar al contenido");
    expect(html).toContain('aria-label="Principal"');
    expect(html).toContain('<main class="ui-main" id="main-content"');
    expect(html).toContain("Planes de suscripción");
  });
});

describe("cart page", () => {
  const items: CartItem[] = [
    { productId: "p1", slug: "mate", name: "Mate", unitPriceMinor: 1999, currency: "ARS", quantity: 2 },
  ];

  it("lists the cart with its total and counts it in the header", async () => {
    const html = (await renderAt("/cart", { cartItems: items, language: "es" })).replace(/[\u00a0\u202f]/g, " ");
    expect(html).toContain("Carrito (2)");
    expect(html).toContain("2 artículos");
    expect(html).toContain("$ 39,98");
    expect(html).toContain('href="/checkout"');
  });

  it("says when the cart is empty", async () => {
    expect(await renderAt("/cart")).toContain("Your cart is empty");
  });
});
