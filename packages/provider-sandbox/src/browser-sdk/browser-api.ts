// The browser-only calls of MercadoPago.js v2, authenticated by `?public_key=`
// and open to any origin (CORS): the card's payment method from its BIN, its
// issuers and its installments with their cost. Cobro's server never makes these
// calls, so they are not in `packages/spec` (whose operations are pinned); the
// sandbox validates their query parameters itself and answers a 400 naming the
// parameter.

import type { Context } from "hono";
import type { RegisterRoutes, SandboxContext, SandboxEnv } from "../context";
import { badField } from "../core/errors";
import { methodLogoUrl } from "../data/method-logo-url";
import { type CardMethodDefinition, cardMethodForNumber, siteOf, toPaymentMethodResource } from "../data/sites";
import { installmentOptions, parseAmountParameter } from "./installments";

/** Paths of the browser-only API (public key, CORS). */
export const BROWSER_API_PATHS: readonly string[] = [
  "/v1/payment_methods/search",
  "/v1/payment_methods/card_issuers",
  "/v1/payment_methods/installments",
];

/** A required query parameter, or the provider's 400 naming it. */
function required(c: Context<SandboxEnv>, name: string): string {
  const value = c.req.query(name)?.trim();
  if (!value) throw badField(name, `the ${name} parameter is required`, "required_parameter");
  return value;
}

/** provider: a BIN is the card number's first 6 to 8 digits (the SDK sends 8). */
export function parseBin(value: string): string {
  if (!/^\d{6,8}$/.test(value)) throw badField("bin", "invalid bin: it must be the card's first 6 to 8 digits");
  return value;
}

function optionalBin(c: Context<SandboxEnv>): string | null {
  const value = c.req.query("bin")?.trim();
  return value ? parseBin(value) : null;
}

function checkProcessingMode(c: Context<SandboxEnv>): void {
  const mode = c.req.query("processing_mode");
  if (mode !== undefined && mode !== "aggregator" && mode !== "gateway") {
    throw badField("processing_mode", "invalid processing_mode: use aggregator or gateway");
  }
}

function cardMethodOf(c: Context<SandboxEnv>, bin: string): CardMethodDefinition | undefined {
  return cardMethodForNumber(c.get("seller").siteId, bin);
}

/** A method as the search answers it: the `/v1/payment_methods` shape plus issuer, site and labels. */
/** The sandbox's base URL for links it hands out (its logos), as `GET /v1/payment_methods` builds them. */
function publicUrlOf(c: Context<SandboxEnv>, ctx: SandboxContext): string {
  return ctx.config.publicUrl || new URL(c.req.url).origin;
}

function searchResult(c: Context<SandboxEnv>, ctx: SandboxContext, method: CardMethodDefinition) {
  const site = siteOf(c.get("seller").siteId);
  const accreditationDays = method.paymentTypeId === "credit_card" ? 2 : 1;
  return {
    ...toPaymentMethodResource(site, method, publicUrlOf(c, ctx)),
    site_id: site.id,
    marketplace: "NONE",
    processing_mode: "aggregator",
    labels: [],
    min_accreditation_days: 0,
    max_accreditation_days: accreditationDays,
    issuer: { default: true, id: method.issuer.id, name: method.issuer.name },
  };
}

function issuerOf(method: CardMethodDefinition, publicUrl: string) {
  const logo = methodLogoUrl(publicUrl, method.id);
  return {
    id: String(method.issuer.id),
    name: method.issuer.name,
    secure_thumbnail: logo,
    thumbnail: logo,
    processing_mode: "aggregator",
    merchant_account_id: null,
    status: "active",
  };
}

/** Routes of the browser-only API. */
export const registerBrowserApiRoutes: RegisterRoutes = (app, ctx) => {
  // GET /v1/payment_methods/search?public_key&bin → { paging, results }: the card's method in the seller's site.
  app.get("/v1/payment_methods/search", (c) => {
    checkProcessingMode(c);
    const bin = optionalBin(c);
    const site = siteOf(c.get("seller").siteId);
    let results: unknown[];
    if (bin) {
      const method = cardMethodOf(c, bin);
      results = method ? [searchResult(c, ctx, method)] : [];
    } else {
      results = site.methods.flatMap((m) => (m.kind === "card" ? [searchResult(c, ctx, m)] : []));
    }
    return c.json({ paging: { total: results.length, limit: 30, offset: 0 }, results }, 200);
  });

  // GET /v1/payment_methods/card_issuers?public_key&payment_method_id&bin → [issuer].
  app.get("/v1/payment_methods/card_issuers", (c) => {
    checkProcessingMode(c);
    const methodId = required(c, "payment_method_id");
    const bin = optionalBin(c);
    const site = siteOf(c.get("seller").siteId);
    const method = site.methods.find((m): m is CardMethodDefinition => m.kind === "card" && m.id === methodId);
    if (!method) {
      throw badField(
        "payment_method_id",
        `invalid payment_method_id: ${methodId} is not a card payment method of site ${site.id}`,
      );
    }
    if (bin && cardMethodOf(c, bin)?.id !== method.id) return c.json([], 200);
    return c.json([issuerOf(method, publicUrlOf(c, ctx))], 200);
  });

  // GET /v1/payment_methods/installments?public_key&amount&(bin|payment_method_id)[&payment_type_id] → [{ …, payer_costs }].
  app.get("/v1/payment_methods/installments", (c) => {
    checkProcessingMode(c);
    const site = siteOf(c.get("seller").siteId);
    const amountText = required(c, "amount");
    // provider: the SDK sends the BIN; the API also takes `payment_method_id` (with or without a BIN).
    const bin = optionalBin(c);
    const paymentTypeId = c.req.query("payment_type_id");
    if (paymentTypeId !== undefined && paymentTypeId !== "credit_card" && paymentTypeId !== "debit_card") {
      throw badField("payment_type_id", "invalid payment_type_id: use credit_card or debit_card");
    }
    const amountMinor = parseAmountParameter(amountText, site.currencyId);
    const methodId = c.req.query("payment_method_id")?.trim();
    let method: CardMethodDefinition | undefined;
    if (methodId) {
      method = site.methods.find((m): m is CardMethodDefinition => m.kind === "card" && m.id === methodId);
      if (!method) {
        throw badField(
          "payment_method_id",
          `invalid payment_method_id: ${methodId} is not a card payment method of site ${site.id}`,
        );
      }
      if (bin && cardMethodOf(c, bin)?.id !== method.id) return c.json([], 200);
    } else if (bin) {
      method = cardMethodOf(c, bin);
    } else {
      throw badField("bin", "the bin parameter is required (or payment_method_id)", "required_parameter");
    }
    if (!method || (paymentTypeId && method.paymentTypeId !== paymentTypeId)) return c.json([], 200);
    const locale = c.req.query("locale") ?? null;
    return c.json(
      [
        {
          payment_method_id: method.id,
          payment_type_id: method.paymentTypeId,
          issuer: issuerOf(method, publicUrlOf(c, ctx)),
          processing_mode: "aggregator",
          merchant_account_id: null,
          payer_costs: installmentOptions(site, method, amountMinor, locale),
          agreements: null,
        },
      ],
      200,
    );
  });
};
