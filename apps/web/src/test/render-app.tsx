// Rendering for component tests: the app's real providers, router and tRPC
// client, talking to a fake server at the fetch level. Importing this module
// also unmounts and unstubs after each test, so each test file does not
// repeat that set-up.
import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, vi } from "vitest";
import { App } from "../app";
import type { Language } from "../i18n/locale";
import { AppProviders } from "../providers";
import type { CartItem } from "../shop/cart/cart-state";
import type { FakeTrpcServer } from "./fake-trpc-server";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

export interface RenderOptions {
  /** The URL the router starts at ("/" unless told). */
  path?: string;
  /** The cart's lines at start (else what the tab's storage holds). */
  cartItems?: readonly CartItem[];
  /** The language shown (English unless told). */
  language?: Language;
}

/** Renders `element` (the whole app unless told) at `path`, with every request going to `server`. */
export function renderWithServer(server: FakeTrpcServer, element: ReactNode, options: RenderOptions = {}) {
  vi.stubGlobal("fetch", server.fetch);
  // The layout scrolls to the top on navigation; jsdom has no scrolling.
  vi.stubGlobal("scrollTo", vi.fn());
  return render(
    <AppProviders language={options.language ?? "en"} {...(options.cartItems ? { cartItems: options.cartItems } : {})}>
      <MemoryRouter initialEntries={[options.path ?? "/"]}>{element}</MemoryRouter>
    </AppProviders>,
  );
}

/** Renders the whole app at `path`, as a browser opening that URL. */
export function renderApp(server: FakeTrpcServer, path: string, options: Omit<RenderOptions, "path"> = {}) {
  return renderWithServer(server, <App />, { ...options, path });
}
