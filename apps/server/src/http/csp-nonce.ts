// The per-response nonce of the CSP's style-src, handed to the web app. Radix's dialogs lock the page's scroll with
// react-remove-scroll, whose react-style-singleton adds an inline <style>; `style-src 'self'` alone blocks it (and the
// page scrolls behind the dialog). Rather than 'unsafe-inline', each response's policy carries a fresh nonce
// (secureHeaders' NONCE), and the HTML shell names it in `<meta property="csp-nonce" nonce="…">`, which the app
// reads at boot and gives to get-nonce's `setNonce` (the `nonce` attribute is hidden from markup readers once parsed,
// so only the page's own scripts see it).
import type { Context } from "hono";

/** The meta element's `property`; the web app looks for the same (apps/web/src/csp-nonce.ts). */
export const CSP_NONCE_META_PROPERTY = "csp-nonce";

/** This response's nonce, when the security headers middleware made one (every response behind it). */
export function cspNonceOf(c: Context): string | undefined {
  return c.get("secureHeadersNonce");
}

/** `html` with the meta element naming `nonce` at the end of its head (unchanged without a nonce or a head). */
export function withCspNonce(html: string, nonce: string | undefined): string {
  if (!nonce || !/<\/head>/i.test(html)) return html;
  // base64 only (secureHeaders' nonce), so nothing here needs escaping; checked anyway to keep the markup safe.
  if (!/^[A-Za-z0-9+/=]+$/.test(nonce)) return html;
  return html.replace(/<\/head>/i, `<meta property="${CSP_NONCE_META_PROPERTY}" nonce="${nonce}">\n</head>`);
}
