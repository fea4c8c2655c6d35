import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nProvider } from "./i18n/i18n-context";
import type { Language } from "./i18n/locale";
import { CartProvider } from "./shop/cart/cart-context";
import type { CartItem } from "./shop/cart/cart-state";
import { TrpcProvider } from "./trpc-provider";

export interface AppProvidersProps {
  children: ReactNode;
  /** The first language shown, its dictionary loaded (main.tsx passes the detected one; tests fix it). */
  language?: Language;
  queryClient?: QueryClient;
  cartItems?: readonly CartItem[];
}

/** Language, data (tRPC + React Query) and cart, in the order the pages need them. Routing is added by the caller. */
export function AppProviders({ children, language, queryClient, cartItems }: AppProvidersProps) {
  return (
    <I18nProvider initialLanguage={language}>
      <TrpcProvider queryClient={queryClient}>
        <CartProvider initialItems={cartItems}>{children}</CartProvider>
      </TrpcProvider>
    </I18nProvider>
  );
}
