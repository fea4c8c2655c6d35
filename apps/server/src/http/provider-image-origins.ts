// Where the payment methods' logos (`secure_thumbnail` of GET /v1/payment_methods)
// come from, for the CSP's img-src: exactly that origin, nothing broader.
import type { ProviderSettings } from "../deps";

/**
 * The provider's image hosts for method logos in live mode. provider: `secure_thumbnail` is served from
 * http2.mlstatic.com (current logos, `/storage/logos-api-admin/…`) or www.mercadopago.com (the older
 * `/org-img/MP3/API/logos/<id>.gif`); both over https.
 */
export const LIVE_PROVIDER_IMAGE_ORIGINS = ["https://http2.mlstatic.com", "https://www.mercadopago.com"] as const;

/** The origins the shop's pages may load method logos from: the sandbox's own in sandbox mode, else the provider's. */
export function providerImageOrigins(settings: Pick<ProviderSettings, "mode" | "apiUrl">): string[] {
  // The sandbox serves its logos itself (packages/provider-sandbox resources/method-logos.ts), on its API origin.
  if (settings.mode === "sandbox") return [new URL(settings.apiUrl).origin];
  return [...LIVE_PROVIDER_IMAGE_ORIGINS];
}
