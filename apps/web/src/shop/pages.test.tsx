import { QueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { App } from "../app";
import type { Language } from "../i18n/locale";
import { AppProviders } from "../providers";
import { trpc } from "../trpc";
import type { CartItem } from "./cart/cart-state";
import { minutesLeft } from "./checkout/checkout-result-page";

function render(path: string, options: { language?: Language; cartItems?: CartItem[]; client?: QueryClient } = {}) {
  const html = renderToString(
    <AppProviders
      language={options.language ?? "en"}
      queryClient={options.client ?? new QueryClient()}
      cartItems={options.cartItems}
    >
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
  return html.replace(/[\u00a0\u202f]/g, " ");
}

// Pages are lazily loaded route chunks (app.tsx): render each route once and let its chunk arrive, so that
// renderToString below draws the page itself rather than its loading state.
beforeAll(async () => {
  for (const path of ["/", "/products/x", "/cart", "/checkout", "/checkout/result", "/plans", "/plans/x", "/login"]) {
    await prerender(
      <AppProviders language="en" queryClient={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
      </AppProviders>,
    );
  }
});

function clientWith(seed: (client: QueryClient) => void): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  seed(client);
  return client;
}

describe("checkout result page", () => {
  it("says when there is no payment to show", () => {
    expect(render("/checkout/result")).toContain("No payment to show");
  });

  it("counts the minutes left to pay", () => {
    const now = Date.parse("2026-05-15T12:00:00Z");
    expect(minutesLeft("2026-05-15T12:30:00Z", now)).toBe(30);
    expect(minutesLeft("2026-05-15T11:00:00Z", now)).toBe(0);
    expect(minutesLeft(null, now)).toBeNull();
    expect(minutesLeft("soon", now)).toBeNull();
  });
});

describe("storefront", () => {
  it("lists the catalog with prices in the currency and a load-more button while there is more", () => {
    const picture = (n: number) => ({
      src: `/images/products/p${n}-640.abc.webp`,
      srcSet: `/images/products/p${n}-320.abc.webp 320w, /images/products/p${n}-640.abc.webp 640w`,
      width: 960,
      height: 720,
      alt: `Foto ${n}`,
    });
    const items = [1, 2, 3, 4, 5, 6].map((n) => ({
      id: `0b9c0f8e-4f55-4f0b-9f58-1c1f6f0e2a1${n}`,
      slug: n === 1 ? "mate" : `p${n}`,
      name: n === 1 ? "Mate de calabaza" : `Producto ${n}`,
      description: "Mate curado a mano",
      imageUrl: `/images/products/p${n}-960.abc.webp`,
      image: n === 5 ? null : picture(n),
      price: { amountMinor: 1850000, currency: "ARS" as const },
    }));
    const page = { items, nextCursor: "0b9c0f8e-4f55-4f0b-9f58-1c1f6f0e2a16" };
    // The shopper's language is part of the query.
    const client = clientWith((c) =>
      c.setQueryData(getQueryKey(trpc.catalog.list, { limit: 12, language: "es" }, "infinite"), {
        pages: [page],
        pageParams: [null],
      }),
    );
    const html = render("/", { client, language: "es" });
    expect(html).toContain('href="/products/mate"');
    expect(html).toContain("$ 18.500,00");
    expect(html).toContain('aria-label="Agregar al carrito: Mate de calabaza"');
    expect(html).toContain("Cargar más");
    expect(html).toContain("Mate curado a mano");
    const images = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    expect(images).toHaveLength(5);
    expect(images[0]).toContain('alt="Foto 1"');
    expect(images[0]).toContain('srcSet="/images/products/p1-320.abc.webp 320w');
    expect(images[0]).toMatch(/sizes="[^"]+"/);
    expect(images[0]).toContain('width="960"');
    expect(images[0]).toContain('height="720"');
    // The first row loads at once; the rest when scrolled to.
    expect(images.map((image) => image.match(/loading="(\w+)"/)?.[1])).toEqual([
      "eager",
      "eager",
      "eager",
      "eager",
      "lazy",
    ]);
    // A product without a picture gets the lettered placeholder.
    expect(html).toMatch(/ui-product-image--placeholder" aria-hidden="true">P</);
  });
});

describe("checkout page", () => {
  it("asks for the payer's details under the cart's summary", () => {
    const items: CartItem[] = [
      { productId: "p1", slug: "mate", name: "Mate", unitPriceMinor: 1999, currency: "ARS", quantity: 2 },
    ];
    const html = render("/checkout", { cartItems: items });
    expect(html).toContain("2 × Mate");
    expect(html).toMatch(/<label[^>]*for="payer-email"/);
    expect(html).toMatch(/<label[^>]*for="payer-id-number"/);
    expect(html).toContain("Continue to payment");
  });

  it("sends an empty cart back to the store", () => {
    expect(render("/checkout", { language: "pt" })).toContain("Adicione produtos da loja antes de finalizar a compra.");
  });
});

describe("sign-in page", () => {
  it("has labelled email and password fields and links to sign-up keeping next", () => {
    const html = render("/login?next=%2Faccount");
    expect(html).toMatch(/<label[^>]*for="signin-email"/);
    expect(html).toMatch(/autoComplete="current-password"|autocomplete="current-password"/);
    expect(html).toContain('href="/signup?next=%2Faccount"');
  });
});
