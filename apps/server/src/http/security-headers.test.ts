import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { browserSdkSettings } from "../provider/browser-sdk";
import { cspNonceOf, withCspNonce } from "./csp-nonce";
import { providerImageOrigins } from "./provider-image-origins";
import { buildContentSecurityPolicy, type CspOrigins, isLocalHostname, securityHeaders } from "./security-headers";

const LIVE_SDK = browserSdkSettings(
  { mode: "live", apiUrl: "https://api.mercadopago.com" },
  { MP_SDK_URL: undefined, MP_SDK_FRAME_ORIGINS: undefined },
);
const LIVE: CspOrigins = {
  providerApiOrigin: "https://api.mercadopago.com",
  sdkScriptOrigin: LIVE_SDK.scriptOrigin,
  sdkFrameOrigins: LIVE_SDK.frameOrigins,
};

function app(
  options: Parameters<typeof securityHeaders>[0] = {
    providerApiOrigin: "https://api.mercadopago.com/",
    sdkScriptOrigin: LIVE_SDK.scriptUrl,
    sdkFrameOrigins: LIVE_SDK.frameOrigins,
  },
) {
  const hono = new Hono();
  hono.use("*", securityHeaders(options));
  hono.get("/", (c) => c.html("<p>hi</p>"));
  hono.get("/boom", () => {
    throw new Error("boom");
  });
  hono.onError((_error, c) => c.text("failed", 500));
  return hono;
}

function directives(csp: string): Map<string, string> {
  return new Map(
    csp.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("securityHeaders: image origins (payment method logos)", () => {
  function imageApp(imageOrigins: readonly string[]) {
    const hono = new Hono();
    hono.use(
      "*",
      securityHeaders({
        providerApiOrigin: "http://127.0.0.1:8787",
        sdkScriptOrigin: LIVE_SDK.scriptUrl,
        sdkFrameOrigins: LIVE_SDK.frameOrigins,
        imageOrigins,
      }),
    );
    hono.get("/", (c) => c.html("<p>hi</p>"));
    return hono;
  }

  it("allows exactly the sandbox's origin for images in sandbox mode", async () => {
    const origins = providerImageOrigins({ mode: "sandbox", apiUrl: "http://127.0.0.1:8787/" });
    expect(origins).toEqual(["http://127.0.0.1:8787"]);
    const response = await imageApp(origins).request("http://localhost:3000/");
    const csp = directives(response.headers.get("content-security-policy") ?? "");
    expect(csp.get("img-src")).toBe("'self' data: http://127.0.0.1:8787");
  });

  it("allows the provider's image hosts in live mode, and nothing broader", async () => {
    const origins = providerImageOrigins({ mode: "live", apiUrl: "https://api.mercadopago.com" });
    const response = await imageApp(origins).request("https://shop.example.com/");
    const csp = directives(response.headers.get("content-security-policy") ?? "");
    expect(csp.get("img-src")).toBe("'self' data: https://http2.mlstatic.com https://www.mercadopago.com");
    expect(csp.get("img-src")).not.toMatch(/\*|https:(?!\/\/)/);
  });

  it("keeps origins only (a path or trailing slash is dropped) and lists each once", async () => {
    const response = await imageApp(["https://img.example/logos/", "https://img.example"]).request(
      "https://shop.example.com/",
    );
    const csp = directives(response.headers.get("content-security-policy") ?? "");
    expect(csp.get("img-src")).toBe("'self' data: https://img.example");
  });
});

describe("securityHeaders", () => {
  it("sets a strict CSP that allows data: images and the provider API for connections", async () => {
    const response = await app().request("https://shop.example.com/");
    const csp = directives(response.headers.get("content-security-policy") ?? "");
    expect(csp.get("default-src")).toBe("'self'");
    expect(csp.get("script-src")).toBe("'self' https://sdk.mercadopago.com");
    expect(csp.get("frame-src")).toBe("https://secure-fields.mercadopago.com https://api-static.mercadopago.com");
    expect(csp.get("img-src")).toBe("'self' data:");
    expect(csp.get("connect-src")).toBe("'self' https://api.mercadopago.com");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(csp.get("form-action")).toBe("'self'");
    expect(response.headers.get("content-security-policy")).not.toContain("unsafe-inline");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends HSTS off localhost only", async () => {
    const remote = await app().request("https://shop.example.com/");
    expect(remote.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    for (const host of [
      "http://localhost:3000/",
      "http://127.0.0.1:3000/",
      "http://[::1]:3000/",
      "http://app.localhost/",
    ]) {
      const local = await app().request(host);
      expect(local.headers.get("strict-transport-security"), host).toBeNull();
    }
  });

  it("allows inline styles only with a fresh nonce per response, the one the handler reads for the page", async () => {
    const hono = new Hono();
    hono.use(
      "*",
      securityHeaders({
        providerApiOrigin: "https://api.mercadopago.com/",
        sdkScriptOrigin: LIVE_SDK.scriptUrl,
        sdkFrameOrigins: LIVE_SDK.frameOrigins,
      }),
    );
    hono.get("/", (c) =>
      c.html(withCspNonce("<html><head><title>x</title></head><body></body></html>", cspNonceOf(c))),
    );
    const styleNonces = await Promise.all(
      [1, 2].map(async () => {
        const response = await hono.request("https://shop.example.com/");
        const styleSrc = directives(response.headers.get("content-security-policy") ?? "").get("style-src") ?? "";
        const nonce = /^'self' 'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(styleSrc)?.[1];
        expect(nonce, styleSrc).toBeDefined();
        expect(await response.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}">\n</head>`);
        return nonce;
      }),
    );
    expect(styleNonces[0]).not.toBe(styleNonces[1]);
    // Scripts never take a nonce: they stay 'self' plus the SDK's origin.
    const response = await hono.request("https://shop.example.com/");
    expect(directives(response.headers.get("content-security-policy") ?? "").get("script-src")).not.toContain("nonce");
  });

  it("decorates error responses too", async () => {
    const response = await app().request("https://shop.example.com/boom");
    expect(response.status).toBe(500);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("does not repeat 'self' when the provider is same-origin", () => {
    expect(buildContentSecurityPolicy({ ...LIVE, providerApiOrigin: "'self'" }, "n0nce")).toContain(
      "connect-src 'self';",
    );
  });

  it("sandbox mode: the SDK script and its frames come from the sandbox's origin, nothing broader", async () => {
    const sdk = browserSdkSettings(
      { mode: "sandbox", apiUrl: "http://127.0.0.1:45123" },
      { MP_SDK_URL: "https://ignored.example", MP_SDK_FRAME_ORIGINS: ["https://ignored.example"] },
    );
    expect(sdk.scriptUrl).toBe("http://127.0.0.1:45123/js/v2");
    const response = await app({
      providerApiOrigin: "http://127.0.0.1:45123",
      sdkScriptOrigin: sdk.scriptOrigin,
      sdkFrameOrigins: sdk.frameOrigins,
    }).request("http://127.0.0.1:3000/");
    const csp = directives(response.headers.get("content-security-policy") ?? "");
    expect(csp.get("script-src")).toBe("'self' http://127.0.0.1:45123");
    expect(csp.get("frame-src")).toBe("http://127.0.0.1:45123");
    expect(csp.get("connect-src")).toBe("'self' http://127.0.0.1:45123");
    expect(csp.get("default-src")).toBe("'self'");
  });

  it("live mode: MP_SDK_URL and MP_SDK_FRAME_ORIGINS replace the provider's defaults exactly", async () => {
    const sdk = browserSdkSettings(
      { mode: "live", apiUrl: "https://api.mercadopago.com" },
      { MP_SDK_URL: "https://sdk.example.com/js/v2", MP_SDK_FRAME_ORIGINS: ["https://frames.example.com"] },
    );
    expect(sdk.scriptUrl).toBe("https://sdk.example.com/js/v2");
    const response = await app({
      providerApiOrigin: "https://api.mercadopago.com",
      sdkScriptOrigin: sdk.scriptOrigin,
      sdkFrameOrigins: sdk.frameOrigins,
    }).request("https://shop.example.com/");
    const csp = directives(response.headers.get("content-security-policy") ?? "");
    expect(csp.get("script-src")).toBe("'self' https://sdk.example.com");
    expect(csp.get("frame-src")).toBe("https://frames.example.com");
    // Only origins: a path in the script URL never widens or narrows script-src.
    expect(response.headers.get("content-security-policy")).not.toMatch(/\*|js\/v2/);
  });

  it("knows local hostnames", () => {
    expect(isLocalHostname("127.0.0.2")).toBe(true);
    expect(isLocalHostname("shop.example.com")).toBe(false);
  });
});

describe("securityHeaders: the exact header set", () => {
  it("sends today's policy and nothing of secureHeaders' other defaults", async () => {
    const response = await app().request("https://shop.example.com/");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const header = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(header)?.[1] ?? "";
    expect(header).toBe(buildContentSecurityPolicy(LIVE, nonce));
    for (const header of [
      "cross-origin-resource-policy",
      "cross-origin-embedder-policy",
      "origin-agent-cluster",
      "x-dns-prefetch-control",
      "x-download-options",
      "x-permitted-cross-domain-policies",
      "x-xss-protection",
    ]) {
      expect(response.headers.get(header), header).toBeNull();
    }
  });

  it("writes the CSP in the same order and form as before, with the SDK's script and frame origins", () => {
    expect(buildContentSecurityPolicy(LIVE, "n0nce")).toBe(
      "default-src 'self'; script-src 'self' https://sdk.mercadopago.com; " +
        "frame-src https://secure-fields.mercadopago.com https://api-static.mercadopago.com; " +
        "style-src 'self' 'nonce-n0nce'; img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self' https://api.mercadopago.com; object-src 'none'; frame-ancestors 'none'; " +
        "base-uri 'self'; form-action 'self'",
    );
  });
});

describe("withCspNonce", () => {
  it("names the nonce in the head, and leaves the page alone without a nonce, a head or with a strange value", () => {
    const page = "<!doctype html><html><head><title>x</title></head><body></body></html>";
    expect(withCspNonce(page, "abc+/=")).toContain('<meta property="csp-nonce" nonce="abc+/=">\n</head>');
    expect(withCspNonce(page, undefined)).toBe(page);
    expect(withCspNonce("<p>no head</p>", "abc")).toBe("<p>no head</p>");
    expect(withCspNonce(page, '"><script>')).toBe(page);
  });
});
