// The CSP nonce the server gave this page for inline <style> elements (apps/server/src/http/csp-nonce.ts), handed to
// get-nonce, which react-style-singleton reads when Radix's dialogs lock the page's scroll (react-remove-scroll adds
// a <style>). Without it the policy's `style-src` blocks that style and the page scrolls behind an open dialog.
import { setNonce } from "get-nonce";

/** The meta element's `property`; the server writes the same. */
export const CSP_NONCE_META_PROPERTY = "csp-nonce";

/**
 * The page's style nonce: the element's `nonce` property (browsers empty the attribute once parsed, so markup readers
 * never see it), or the attribute where the property is missing (jsdom).
 */
export function readCspNonce(doc: Document): string | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[property="${CSP_NONCE_META_PROPERTY}"]`);
  return meta?.nonce || meta?.getAttribute("nonce") || null;
}

/** Gives the page's nonce to the libraries that add <style> elements; nothing to do without one (the dev server). */
export function applyCspNonce(doc: Document): void {
  const nonce = readCspNonce(doc);
  if (nonce) setNonce(nonce);
}
