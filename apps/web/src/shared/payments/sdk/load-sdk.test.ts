// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { loadMercadoPagoSdk, SdkLoadError } from "./load-sdk";
import type { MercadoPagoConstructor } from "./mercadopago-types";

afterEach(() => {
  delete window.MercadoPago;
  document.getElementById("mercadopago-sdk")?.remove();
});

describe("loadMercadoPagoSdk", () => {
  it("injects the script once and answers the MercadoPago it defines", async () => {
    const first = loadMercadoPagoSdk("http://127.0.0.1:9/js/v2");
    const second = loadMercadoPagoSdk("http://127.0.0.1:9/js/v2");
    const scripts = document.querySelectorAll("script#mercadopago-sdk");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute("src")).toBe("http://127.0.0.1:9/js/v2");
    const fake = class {} as unknown as MercadoPagoConstructor;
    window.MercadoPago = fake;
    scripts[0]?.dispatchEvent(new Event("load"));
    await expect(first).resolves.toBe(fake);
    await expect(second).resolves.toBe(fake);
  });

  it("forgets a failed load so a retry injects the script again", async () => {
    const failed = loadMercadoPagoSdk("http://127.0.0.1:9/broken/js/v2");
    document.getElementById("mercadopago-sdk")?.dispatchEvent(new Event("error"));
    await expect(failed).rejects.toBeInstanceOf(SdkLoadError);
    await Promise.resolve();
    expect(document.getElementById("mercadopago-sdk")).toBeNull();
    const again = loadMercadoPagoSdk("http://127.0.0.1:9/broken/js/v2");
    expect(document.getElementById("mercadopago-sdk")).not.toBeNull();
    document.getElementById("mercadopago-sdk")?.dispatchEvent(new Event("load"));
    // Loaded, but the script defined nothing: still a failure the form shows.
    await expect(again).rejects.toThrow(/defined no MercadoPago/);
  });
});
