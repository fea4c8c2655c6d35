// @vitest-environment jsdom
// The cart says when it changed a quantity the shopper asked for: typed above
// the per-line maximum, below one, or added past the maximum from the product
// page. The message is in the shopper's language, in a polite live region.
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../app";
import type { Language } from "../../i18n/locale";
import { AppProviders } from "../../providers";
import { FakeTrpcServer } from "../../test/fake-trpc-server";
import type { CartItem } from "../cart/cart-state";

const PRODUCT_ID = "0b9c0f8e-4f55-4f0b-9f58-1c1f6f0e2a11";
const mate = (quantity: number): CartItem => ({
  productId: PRODUCT_ID,
  slug: "mate",
  name: "Mate",
  unitPriceMinor: 925000,
  currency: "ARS",
  quantity,
});

function renderCart(options: { items: CartItem[]; language?: Language; path?: string }) {
  const server = new FakeTrpcServer({
    "auth.me": () => ({ user: null }),
    "catalog.get": () => ({
      id: PRODUCT_ID,
      slug: "mate",
      name: "Mate",
      description: "A gourd.",
      imageUrl: null,
      price: { amountMinor: 925000, currency: "ARS" },
    }),
  });
  vi.stubGlobal("fetch", server.fetch);
  vi.stubGlobal("scrollTo", vi.fn());
  return render(
    <AppProviders language={options.language ?? "en"} cartItems={options.items}>
      <MemoryRouter initialEntries={[options.path ?? "/cart"]}>
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("cart quantity clamps", () => {
  it("says in a polite live region that a typed quantity above 99 became 99", async () => {
    const user = userEvent.setup();
    renderCart({ items: [mate(5)] });
    const input = await screen.findByLabelText("Quantity of Mate");
    const notice = screen.getByTestId("cart-clamp-notice");
    expect(notice).toHaveAttribute("aria-live", "polite");
    expect(notice).toHaveAttribute("role", "status");
    expect(notice).toBeEmptyDOMElement();
    await user.tripleClick(input);
    await user.keyboard("150");
    expect(input).toHaveValue(99);
    expect(notice).toHaveTextContent(
      "Mate: one order can take at most 99, so the quantity is now 99 (you asked for 150).",
    );
    // A quantity within the limits clears the message.
    await user.tripleClick(input);
    await user.keyboard("7");
    expect(input).toHaveValue(7);
    expect(notice).toBeEmptyDOMElement();
  });

  it("says in Spanish that a quantity below one became one, and how to remove the product", async () => {
    const user = userEvent.setup();
    renderCart({ items: [mate(3)], language: "es" });
    const input = await screen.findByLabelText("Cantidad de Mate");
    await user.tripleClick(input);
    await user.keyboard("0");
    expect(input).toHaveValue(1);
    expect(screen.getByRole("status", { name: "" }).textContent ?? "").toBe(
      "Mate: la cantidad mínima es 1, así que quedó en 1. Para sacar el producto, usa Quitar.",
    );
  });

  it("says on the product page when adding would pass 99 units of a product", async () => {
    const user = userEvent.setup();
    renderCart({ items: [mate(97)], path: "/products/mate", language: "pt" });
    const quantity = await screen.findByLabelText("Quantidade");
    await user.tripleClick(quantity);
    await user.keyboard("5");
    const add = screen.getByRole("button", { name: /Mate$/ });
    await user.click(add);
    const status = within(add.closest(".ui-add-to-cart") as HTMLElement).getByText(/Mate:/);
    expect(status).toHaveTextContent(
      "Mate: um pedido aceita no máximo 99, então a quantidade ficou em 99 (você pediu 102).",
    );
    expect(JSON.parse(localStorage.getItem("cobro.cart") ?? "{}").items[0].quantity).toBe(99);
  });
});
