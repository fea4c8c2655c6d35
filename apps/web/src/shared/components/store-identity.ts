// The store's name, colour and logo (console Settings), read from the server's public `system.storeIdentity`. The
// shop's header, page titles and accent follow it; the console's shell can read the same hook. Until it answers
// (or if it fails) the shop shows the default name and keeps its stylesheet's colour: identity is decoration, never
// a reason to block a page.
import { DEFAULT_STORE_SETTINGS, type StoreIdentity } from "@cobro/contracts";
import { useEffect } from "react";
import { trpc } from "../../trpc";

export const DEFAULT_STORE_NAME = DEFAULT_STORE_SETTINGS.storeName;

/** The store's identity; `null` fields while loading or when it could not be read. */
export function useStoreIdentity(): { name: string; logoUrl: string | null; brandColor: string | null } {
  const query = trpc.system.storeIdentity.useQuery(undefined, { staleTime: 60_000, retry: 1 });
  const data: StoreIdentity | undefined = query.data;
  return {
    name: data?.name ?? DEFAULT_STORE_NAME,
    logoUrl: data?.logoUrl ?? null,
    brandColor: data?.brandColor ?? null,
  };
}

/** `#rrggbb` darkened by `amount` (0–1): the hover shade of the brand colour, darker still so contrast only grows. */
export function darken(hex: string, amount: number): string {
  const channel = (start: number) =>
    Math.round(Number.parseInt(hex.slice(start, start + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/**
 * Sets the shop's accent (`--ui-primary` and its hover shade) to the brand colour while mounted. The server only
 * accepts colours with at least 4.5:1 contrast against white text, so buttons stay readable (WCAG AA).
 */
export function useBrandColor(brandColor: string | null): void {
  useEffect(() => {
    if (!brandColor) return;
    const root = document.documentElement.style;
    root.setProperty("--ui-primary", brandColor);
    root.setProperty("--ui-primary-hover", darken(brandColor, 0.2));
    return () => {
      root.removeProperty("--ui-primary");
      root.removeProperty("--ui-primary-hover");
    };
  }, [brandColor]);
}
