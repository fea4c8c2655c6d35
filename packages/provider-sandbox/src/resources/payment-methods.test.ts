import { describe, expect, it } from "vitest";
import type { SiteId } from "../context";
import { SITES } from "../data/sites";
import { TEST_CARDS } from "../data/test-cards";
import type { Schemas } from "../schemas";
import { apiFor, sellerApi } from "../test-support/api-client";
import { useSandbox } from "../test-support/use-sandbox";

type PaymentMethod = Schemas["PaymentMethod"];

const sandbox = await useSandbox();

/** What a browser integration does: the first card method whose BIN settings match. */
function brandOf(methods: PaymentMethod[], number: string): string | undefined {
  return methods.find((method) =>
    (method.settings ?? []).some((setting) => {
      const pattern = setting.bin?.pattern;
      const exclusion = setting.bin?.exclusion_pattern;
      return !!pattern && new RegExp(pattern).test(number) && !(exclusion && new RegExp(exclusion).test(number));
    }),
  )?.id;
}

describe("GET /v1/payment_methods", () => {
  it("answers the methods of the seller's site", async () => {
    const argentina = await apiFor(sandbox).get<PaymentMethod[]>("/v1/payment_methods");
    expect(argentina.status).toBe(200);
    const ids = argentina.body.map((m) => m.id);
    expect(ids).toEqual(
      expect.arrayContaining(["visa", "master", "amex", "debvisa", "debmaster", "rapipago", "pagofacil"]),
    );
    expect(ids).not.toContain("pix");
    const visa = argentina.body.find((m) => m.id === "visa");
    expect(visa).toMatchObject({ payment_type_id: "credit_card", status: "active", deferred_capture: "supported" });
    expect(visa?.settings?.[0]).toMatchObject({
      card_number: { length: 16, validation: "standard" },
      security_code: { length: 3 },
    });
    const amex = argentina.body.find((m) => m.id === "amex");
    expect(amex?.settings?.[0]?.security_code).toMatchObject({ length: 4, card_location: "front" });

    const brazil = await sellerApi(sandbox, "MLB").api.get<PaymentMethod[]>("/v1/payment_methods");
    expect(brazil.body.find((m) => m.id === "pix")).toMatchObject({ payment_type_id: "bank_transfer" });
    expect(brazil.body.find((m) => m.id === "bolbradesco")).toMatchObject({ payment_type_id: "ticket" });
    const peru = await sellerApi(sandbox, "MPE").api.get<PaymentMethod[]>("/v1/payment_methods");
    expect(peru.body.find((m) => m.id === "pagoefectivo_atm")).toMatchObject({ payment_type_id: "atm" });
  });

  it("resolves every published test card to its brand through the BIN settings", async () => {
    const bySite = new Map<SiteId, PaymentMethod[]>();
    for (const siteId of Object.keys(SITES) as SiteId[]) {
      bySite.set(siteId, (await sellerApi(sandbox, siteId).api.get<PaymentMethod[]>("/v1/payment_methods")).body);
    }
    for (const card of TEST_CARDS) {
      expect(brandOf(bySite.get(card.siteId) ?? [], card.number), `${card.siteId} ${card.number}`).toBe(
        card.paymentMethodId,
      );
    }
  });
});

describe("payment method logos", () => {
  it("point at SVG badges the sandbox serves itself, on its own origin, without a token", async () => {
    const methods = await apiFor(sandbox).get<PaymentMethod[]>("/v1/payment_methods");
    const origin = new URL(sandbox.url).origin;
    for (const method of methods.body) {
      expect(method.secure_thumbnail, method.id).toBe(`${origin}/org-img/MP3/API/logos/${method.id}.svg`);
      expect(method.thumbnail, method.id).toBe(method.secure_thumbnail);
      // As a browser's <img> asks: no Authorization header.
      const logo = await fetch(String(method.secure_thumbnail));
      expect(logo.status, method.id).toBe(200);
      expect(logo.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(logo.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      const svg = await logo.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain(`<title>${method.name.replace("&", "&#38;")}</title>`);
      expect(svg).not.toMatch(/<script|on\w+=/i);
    }
    expect((await fetch(`${origin}/org-img/MP3/API/logos/nothing.svg`)).status).toBe(404);
    expect((await fetch(`${origin}/org-img/MP3/API/logos/visa.gif`)).status).toBe(404);
  });
});
