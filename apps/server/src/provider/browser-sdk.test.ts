import { describe, expect, it } from "vitest";
import { envSchema } from "../env";
import { browserSdkSettings, DEFAULT_SDK_URL } from "./browser-sdk";

describe("browser SDK settings", () => {
  it("live mode defaults to the provider's script and secure-field origins", () => {
    const env = envSchema.parse({});
    const sdk = browserSdkSettings({ mode: "live", apiUrl: "https://api.mercadopago.com" }, env);
    expect(sdk).toEqual({
      scriptUrl: DEFAULT_SDK_URL,
      scriptOrigin: "https://sdk.mercadopago.com",
      frameOrigins: ["https://secure-fields.mercadopago.com", "https://api-static.mercadopago.com"],
    });
  });

  it("reads MP_SDK_FRAME_ORIGINS as a list of origins and refuses anything else", () => {
    const env = envSchema.parse({ MP_SDK_FRAME_ORIGINS: "https://a.example.com, https://b.example.com:8443/" });
    expect(env.MP_SDK_FRAME_ORIGINS).toEqual(["https://a.example.com", "https://b.example.com:8443"]);
    for (const bad of ["*", "https://a.example.com/frames", "ftp://a.example.com", "https://*.example.com"]) {
      const parsed = envSchema.safeParse({ MP_SDK_FRAME_ORIGINS: bad });
      expect(parsed.success, bad).toBe(false);
      expect(JSON.stringify(parsed.error?.issues), bad).toContain("MP_SDK_FRAME_ORIGINS");
    }
    expect(envSchema.safeParse({ MP_SDK_URL: "javascript:alert(1)" }).success).toBe(false);
  });
});
