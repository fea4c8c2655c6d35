// Security headers for every response. The CSP is strict: scripts, styles and
// fonts only from our origin (the web app is built to files, never inlined),
// images also from data: URLs (Pix QR codes arrive as base64 PNGs), and
// connections to our API plus the provider's API origin, where the browser
// posts card data for tokenization so card numbers never touch this server.
import type { MiddlewareHandler } from "hono";

export interface SecurityHeadersOptions {
  /** Origin of the provider API the browser may call (card tokenization), e.g. https://api.mercadopago.com. */
  providerApiOrigin: string;
}

const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** True for hosts a browser reaches without TLS during development, where HSTS would break http://. */
export function isLocalHostname(hostname: string): boolean {
  return LOCAL_HOSTNAMES.has(hostname) || hostname.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** The Content-Security-Policy value. */
export function buildContentSecurityPolicy(providerApiOrigin: string): string {
  const connect = ["'self'", providerApiOrigin].filter((value, index, all) => all.indexOf(value) === index);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * Sets the security headers on every response (after the handler ran, so
 * error pages get them too). HSTS is sent only off localhost: a browser that
 * saw it on http://localhost would refuse plain http there for a year.
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler {
  const csp = buildContentSecurityPolicy(new URL(options.providerApiOrigin).origin);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", csp);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (!isLocalHostname(new URL(c.req.url).hostname)) {
      headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  };
}
