// Injects the provider's browser SDK script (MercadoPago.js v2) once per URL
// and resolves with its `MercadoPago` constructor. The URL comes from the
// server's public config: the provider's script in live mode, the sandbox's
// stand-in in sandbox mode. A failed load is forgotten so a retry loads again.
import type { MercadoPagoConstructor } from "./mercadopago-types";

const loads = new Map<string, Promise<MercadoPagoConstructor>>();

/** The id of the script element, so a second caller (or a remount) finds it instead of adding another. */
const SCRIPT_ID = "mercadopago-sdk";

export class SdkLoadError extends Error {
  override readonly name = "SdkLoadError";
}

/**
 * Loads the SDK script from `url` (once) and answers `window.MercadoPago`.
 *
 * @example const MercadoPago = await loadMercadoPagoSdk(config.sdkUrl); new MercadoPago(config.publicKey);
 */
export function loadMercadoPagoSdk(url: string, doc: Document = document): Promise<MercadoPagoConstructor> {
  const view = doc.defaultView;
  if (view?.MercadoPago) return Promise.resolve(view.MercadoPago);
  const known = loads.get(url);
  if (known) return known;
  const loading = new Promise<MercadoPagoConstructor>((resolve, reject) => {
    doc.getElementById(SCRIPT_ID)?.remove();
    const script = doc.createElement("script");
    script.id = SCRIPT_ID;
    script.src = url;
    script.async = true;
    script.addEventListener("load", () => {
      const sdk = doc.defaultView?.MercadoPago;
      if (sdk) resolve(sdk);
      else reject(new SdkLoadError(`${url} loaded but defined no MercadoPago`));
    });
    script.addEventListener("error", () => reject(new SdkLoadError(`${url} could not be loaded`)));
    doc.head.append(script);
  });
  loads.set(url, loading);
  loading.catch(() => {
    // Forget the failure: the shopper's "try again" loads the script afresh.
    if (loads.get(url) === loading) loads.delete(url);
    doc.getElementById(SCRIPT_ID)?.remove();
  });
  return loading;
}
