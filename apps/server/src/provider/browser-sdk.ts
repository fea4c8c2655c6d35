// Where the browser loads the provider's browser SDK (MercadoPago.js v2) from,
// and the origins its secure-field frames come from. The web app reads the
// script URL from the public config; the CSP allows exactly these origins.
//
// Sandbox mode: the embedded sandbox serves a stand-in of the SDK at
// `<sandbox>/js/v2` and its frames from its own origin. Live mode: the
// provider's script (provider: "use MercadoPago.js as provided; you can't host
// it on your servers") and the origins its secure fields are served from
// (MP_SDK_URL / MP_SDK_FRAME_ORIGINS override them, e.g. when the provider
// moves a host; docs/configuration.md).
import type { ProviderSettings } from "../deps";
import type { Env } from "../env";

/** The provider's published script (docs: "MercadoPago.js v2"). */
export const DEFAULT_SDK_URL = "https://sdk.mercadopago.com/js/v2";

/**
 * Origins the live SDK's secure fields are framed from: the fields' page is
 * served by `secure-fields.mercadopago.com`, falling back to
 * `api-static.mercadopago.com/secure-fields` when that host fails.
 */
export const DEFAULT_SDK_FRAME_ORIGINS: readonly string[] = [
  "https://secure-fields.mercadopago.com",
  "https://api-static.mercadopago.com",
];

export interface BrowserSdkSettings {
  /** The script the web app injects. */
  scriptUrl: string;
  /** The script's origin (CSP script-src). */
  scriptOrigin: string;
  /** The secure-field frames' origins (CSP frame-src). */
  frameOrigins: string[];
}

/** The browser SDK's script and frame origins for the provider mode in use. */
export function browserSdkSettings(
  settings: Pick<ProviderSettings, "mode" | "apiUrl">,
  env: Pick<Env, "MP_SDK_URL" | "MP_SDK_FRAME_ORIGINS">,
): BrowserSdkSettings {
  if (settings.mode === "sandbox") {
    const origin = new URL(settings.apiUrl).origin;
    return { scriptUrl: `${origin}/js/v2`, scriptOrigin: origin, frameOrigins: [origin] };
  }
  const scriptUrl = env.MP_SDK_URL ?? DEFAULT_SDK_URL;
  return {
    scriptUrl,
    scriptOrigin: new URL(scriptUrl).origin,
    frameOrigins: [...(env.MP_SDK_FRAME_ORIGINS ?? DEFAULT_SDK_FRAME_ORIGINS)],
  };
}
