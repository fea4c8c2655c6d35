import { describe, expect, it } from "vitest";
import { checkoutResultUrlFor, notificationUrlFor } from "./provider-urls";

const settings = (mode: "sandbox" | "live") => ({
  mode,
  apiUrl: "https://api.example.test",
  publicKey: "TEST-pk",
  webhookSecret: "secret",
});

describe("provider URLs", () => {
  it("notifies the public webhook route, except a live provider on a localhost-only URL", () => {
    expect(notificationUrlFor({ publicUrl: "https://shop.example.com/", providerSettings: settings("live") })).toBe(
      "https://shop.example.com/api/webhooks/mercadopago?source_news=webhooks",
    );
    expect(notificationUrlFor({ publicUrl: "http://127.0.0.1:3000", providerSettings: settings("sandbox") })).toBe(
      "http://127.0.0.1:3000/api/webhooks/mercadopago?source_news=webhooks",
    );
    for (const publicUrl of [
      "http://127.0.0.1:3000",
      "http://localhost:3000",
      "http://[::1]:3000",
      "http://shop.localhost",
    ]) {
      expect(notificationUrlFor({ publicUrl, providerSettings: settings("live") })).toBeUndefined();
    }
  });

  it("sends Checkout Pro buyers back to the result page", () => {
    expect(checkoutResultUrlFor({ publicUrl: "https://shop.example.com" })).toBe(
      "https://shop.example.com/checkout/result",
    );
  });
});
