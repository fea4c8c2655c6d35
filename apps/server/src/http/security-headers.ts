// Security headers for every response. The CSP is strict: scripts, styles and
// fonts only from our origin (the web app is built to files, never inlined),
// plus exactly the provider's browser SDK script origin; frames only from the
// origins of the SDK's secure fields (card number, expiry and CVV are typed
// there, so card data never lives in our document); images also from data:
// URLs (Pix QR codes arrive as base64 PNGs); connections to our API plus the
// provider's API origin (the SDK's payment methods, issuers and installments). Inline <style> elements are allowed
// only with this response's nonce (csp-nonce.ts: the dialogs' scroll lock adds one).
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type ContentSecurityPolicyOptions = NonNullable<SecureHeadersOptions["contentSecurityPolicy"]>;

export interface SecurityHeadersOptions {
  /** Origin of the provider API the browser may call (the SDK's lookups), e.g. https://api.mercadopago.com. */
  providerApiOrigin: string;
  /** Origin of the provider's browser SDK script (provider/browser-sdk.ts). */
  sdkScriptOrigin: string;
  /** Origins of the SDK's secure-field frames. */
  sdkFrameOrigins: readonly string[];
  /** Origins the shop may show images from besides its own: the payment methods' logos (provider-image-origins.ts). */
  imageOrigins?: readonly string[];
}

/** The origins a CSP directive allows, in the form `contentSecurityPolicyDirectives` takes. */
export interface CspOrigins {
  providerApiOrigin: string;
  sdkScriptOrigin: string;
  sdkFrameOrigins: readonly string[];
  /** Payment method logos' origin(s): the sandbox's, or the provider's image hosts. */
  imageOrigins?: readonly string[];
}

function unique(values: readonly string[]): string[] {
  return values.filter((value, index, all) => all.indexOf(value) === index);
}

const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** True for hosts a browser reaches without TLS during development, where HSTS would break http://. */
export function isLocalHostname(hostname: string): boolean {
  return LOCAL_HOSTNAMES.has(hostname) || hostname.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** The Content-Security-Policy directives, in the camelCase form `secureHeaders` takes. */
export function contentSecurityPolicyDirectives(origins: CspOrigins): ContentSecurityPolicyOptions {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique(["'self'", origins.sdkScriptOrigin]),
    frameSrc: unique([...origins.sdkFrameOrigins]),
    styleSrc: ["'self'", NONCE],
    imgSrc: ["'self'", "data:", ...unique(origins.imageOrigins ?? [])],
    fontSrc: ["'self'"],
    connectSrc: unique(["'self'", origins.providerApiOrigin]),
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** The Content-Security-Policy value, as the header carries it for a response whose style nonce is `nonce`. */
export function buildContentSecurityPolicy(origins: CspOrigins, nonce: string): string {
  return Object.entries(contentSecurityPolicyDirectives(origins))
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${[values]
          .flat()
          .map((value) => (typeof value === "function" ? `'nonce-${nonce}'` : value))
          .join(" ")}`,
    )
    .join("; ");
}

/**
 * Sets the security headers on every response (after the handler ran, so
 * error pages get them too), through Hono's `secureHeaders`. HSTS is sent only
 * off localhost: a browser that saw it on http://localhost would refuse plain
 * http there for a year. secureHeaders' extra defaults (CORP, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection) are switched off to keep the policy above exactly.
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler {
  const policy: SecureHeadersOptions = {
    contentSecurityPolicy: contentSecurityPolicyDirectives({
      providerApiOrigin: new URL(options.providerApiOrigin).origin,
      sdkScriptOrigin: new URL(options.sdkScriptOrigin).origin,
      sdkFrameOrigins: options.sdkFrameOrigins.map((origin) => new URL(origin).origin),
      imageOrigins: (options.imageOrigins ?? []).map((origin) => new URL(origin).origin),
    }),
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginOpenerPolicy: "same-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
  const remote = secureHeaders({ ...policy, strictTransportSecurity: "max-age=31536000; includeSubDomains" });
  const local = secureHeaders({ ...policy, strictTransportSecurity: false });
  return (c, next) => (isLocalHostname(new URL(c.req.url).hostname) ? local(c, next) : remote(c, next));
}
