import { describe, expect, it } from "vitest";
import { useSandbox } from "../test-support/use-sandbox";
import { SECURE_FIELD_TYPES } from "./sdk-routes";

const sandbox = await useSandbox();

describe("GET /js/v2", () => {
  it("serves the SDK script without a token, usable from any origin", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/js/v2`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const source = await res.text();
    expect(source).toContain("window.MercadoPago = MercadoPago");
    // The fallback origin (when <script src> is unknown) is the sandbox's own.
    expect(source).toContain(`"${new URL(sandbox.url).origin}"`);
    expect(source).not.toContain("__SANDBOX_ORIGIN__");
  });

  it("serves the frames' script", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/js/v2/secure-fields.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("BroadcastChannel");
  });
});

describe("GET /secure-fields/<type>", () => {
  it("serves one accessible input per field type, embeddable by any shop", async () => {
    const autocomplete: Record<string, string> = {
      cardNumber: "cc-number",
      expirationDate: "cc-exp",
      expirationMonth: "cc-exp-month",
      expirationYear: "cc-exp-year",
      securityCode: "cc-csc",
    };
    for (const type of SECURE_FIELD_TYPES) {
      const res = await sandbox.fetch(`${sandbox.url}/secure-fields/${type}?locale=pt-BR`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors *");
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(res.headers.get("x-frame-options")).toBeNull();
      const page = await res.text();
      expect(page).toContain('<html lang="pt-BR">');
      expect(page).toContain(`autocomplete="${autocomplete[type]}"`);
      expect(page).toMatch(/<input id="field"[^>]* aria-label="[^"]+"/);
      expect(page).toContain('<script src="/js/v2/secure-fields.js">');
    }
  });

  it("labels the input with srLabel, escaped", async () => {
    const label = encodeURIComponent('Número "x"><script>alert(1)</script>');
    const page = await (await sandbox.fetch(`${sandbox.url}/secure-fields/cardNumber?label=${label}`)).text();
    expect(page).toContain('aria-label="Número &quot;x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).not.toContain("<script>alert(1)");
  });

  it("defaults the label to the locale's language", async () => {
    const es = await (await sandbox.fetch(`${sandbox.url}/secure-fields/securityCode?locale=es-AR`)).text();
    expect(es).toContain('aria-label="Código de seguridad"');
    const en = await (await sandbox.fetch(`${sandbox.url}/secure-fields/securityCode?locale=xx`)).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('aria-label="Security code"');
  });

  it("answers 404 for an unknown field type", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/secure-fields/cardHolder`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("cardNumber");
  });
});
