// Checkout Pro preferences (`/checkout/preferences`, docs/provider-facts.md §4.3): what
// the buyer pays for in the hosted checkout. The hosted checkout page itself
// (`init_point`) lives in `checkout/` and registers beside the other route groups.

import { type CurrencyCode, fromMinorUnits, toMinorUnits } from "@cobro/provider-client/money";
import type { RegisterRoutes, SandboxContext, Seller } from "../context";
import { ownApplicationId } from "../core/credentials";
import { badField, classicError, notFound } from "../core/errors";
import { uuid } from "../core/ids";
import { SITE_CURRENCY } from "../data/site-data";
import type { Schemas } from "../schemas";

type Preference = Schemas["Preference"];
type PreferenceItem = Schemas["PreferenceItem"];

/** A preference as the sandbox keeps it (per-seller collection `preferences`). */
export interface StoredPreference {
  preference: Preference;
  /** provider: integrators send `sponsor_id`; search filters on it, the response does not carry it. */
  sponsorId: number | null;
}

const COLLECTION = "preferences";

/** The request fields a preference keeps; anything else in a body is ignored like the provider does. */
const REQUEST_FIELDS = [
  "items",
  "payer",
  "back_urls",
  "auto_return",
  "notification_url",
  "external_reference",
  "expires",
  "expiration_date_from",
  "expiration_date_to",
  "date_of_expiration",
  "payment_methods",
  "binary_mode",
  "statement_descriptor",
  "marketplace",
  "marketplace_fee",
  "metadata",
  "additional_info",
  "shipments",
  "differential_pricing",
  "processing_modes",
  "purpose",
  "operation_type",
  "redirect_urls",
  "tracks",
  "taxes",
  "coupon_code",
  "coupon_labels",
] as const;

type JsonObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Merges `patch` into `base`: plain objects recursively, everything else (arrays too) replaced. */
function mergeDeep(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return structuredClone(patch);
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = key in base ? mergeDeep(base[key], value) : structuredClone(value);
  }
  return out;
}

function pickRequestFields(body: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of REQUEST_FIELDS) if (body[key] !== undefined) out[key] = body[key];
  return out;
}

/** The preference's currency: its items' (all the same, checked on write) or the site's. */
export function preferenceCurrency(preference: Preference, siteId: Seller["siteId"]): CurrencyCode {
  const fromItem = preference.items[0]?.currency_id;
  return (fromItem as CurrencyCode | undefined) ?? SITE_CURRENCY[siteId];
}

/** Sum of `unit_price × quantity` in minor units (exact, no float drift). */
export function preferenceTotalMinor(preference: Preference, currency: CurrencyCode): number {
  let total = 0;
  for (const item of preference.items) total += toMinorUnits(item.unit_price, currency) * item.quantity;
  return total;
}

/** Sum of `unit_price × quantity` in major units, as `transaction_amount` takes it. */
export function preferenceTotal(preference: Preference, currency: CurrencyCode): number {
  return fromMinorUnits(preferenceTotalMinor(preference, currency), currency);
}

/**
 * provider: all items carry the seller's site currency (one currency per
 * preference), prices are positive and have no more decimals than the currency
 * allows (CLP and COP take integers).
 */
function checkItems(items: PreferenceItem[], seller: Seller): void {
  const siteCurrency = SITE_CURRENCY[seller.siteId];
  items.forEach((item, index) => {
    const field = `items[${index}]`;
    if (item.currency_id !== undefined && item.currency_id !== siteCurrency) {
      throw classicError(400, "currency_id invalid", {
        error: "invalid_items",
        cause: [
          {
            code: "invalid_currency_id",
            description: `${field}.currency_id: ${item.currency_id} is not the currency of site ${seller.siteId} (${siteCurrency})`,
            data: `${field}.currency_id`,
          },
        ],
      });
    }
    if (!(item.unit_price > 0))
      throw badField(`${field}.unit_price`, "unit_price invalid: must be greater than 0", "invalid_unit_price");
    try {
      toMinorUnits(item.unit_price, siteCurrency);
    } catch (error) {
      throw badField(
        `${field}.unit_price`,
        error instanceof Error ? error.message : "unit_price invalid",
        "invalid_unit_price",
      );
    }
  });
}

function checkRules(preference: Preference, seller: Seller): void {
  // provider: auto_return needs somewhere to return to.
  if (preference.auto_return && !preference.back_urls?.success) {
    throw classicError(400, "auto_return invalid. back_url.success must be defined", {
      error: "invalid_auto_return",
      cause: [
        {
          code: "invalid_auto_return",
          description: "auto_return invalid. back_url.success must be defined",
          data: "back_urls.success",
        },
      ],
    });
  }
  checkItems(preference.items, seller);
  // provider: `installments invalid. Should be a number between 1 and 36.` (invalid_payment_methods).
  const installments = preference.payment_methods?.installments;
  if (installments !== null && installments !== undefined) {
    if (!Number.isInteger(installments) || installments < 1 || installments > 36) {
      const message = "installments invalid. Should be a number between 1 and 36.";
      throw classicError(400, message, {
        error: "invalid_payment_methods",
        cause: [{ code: "invalid_payment_methods", description: message, data: "payment_methods.installments" }],
      });
    }
  }
  const from = preference.expiration_date_from;
  const to = preference.expiration_date_to;
  if (from && to && Date.parse(from) > Date.parse(to)) {
    throw badField(
      "expiration_date_to",
      "expiration_date_to must be after expiration_date_from",
      "invalid_expiration_date_to",
    );
  }
}

function normalizeItem(item: PreferenceItem, currency: CurrencyCode): PreferenceItem {
  return {
    ...item,
    id: item.id ?? "",
    title: item.title ?? "",
    description: item.description ?? "",
    picture_url: item.picture_url ?? "",
    category_id: item.category_id ?? "",
    currency_id: item.currency_id ?? currency,
  };
}

/** The provider fills what was not sent with "" or null; these are those defaults. */
function preferenceDefaults(): JsonObject {
  return {
    payer: {
      name: "",
      surname: "",
      email: "",
      phone: { area_code: "", number: "" },
      identification: { type: "", number: "" },
      address: { zip_code: "", street_name: "", street_number: null },
      date_created: null,
      last_purchase: null,
    },
    back_urls: { success: "", pending: "", failure: "" },
    redirect_urls: { success: "", pending: "", failure: "" },
    auto_return: "",
    notification_url: null,
    external_reference: "",
    expires: false,
    expiration_date_from: null,
    expiration_date_to: null,
    date_of_expiration: null,
    payment_methods: {
      excluded_payment_methods: [],
      excluded_payment_types: [],
      default_payment_method_id: null,
      default_card_id: null,
      installments: null,
      default_installments: null,
    },
    binary_mode: false,
    statement_descriptor: null,
    marketplace: "NONE",
    marketplace_fee: 0,
    metadata: {},
    additional_info: "",
    shipments: {
      default_shipping_method: null,
      receiver_address: {
        zip_code: "",
        street_name: "",
        street_number: null,
        floor: "",
        apartment: "",
        city_name: null,
        state_name: null,
        country_name: null,
      },
    },
    differential_pricing: null,
    processing_modes: null,
    purpose: "",
    operation_type: "regular_payment",
    tracks: [],
    taxes: null,
    coupon_code: null,
    coupon_labels: null,
    internal_metadata: null,
  };
}

function checkoutUrl(ctx: SandboxContext, id: string): string {
  return `${ctx.config.publicUrl}/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`;
}

function sponsorIdOf(body: JsonObject): number | null {
  const value = body.sponsor_id;
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
}

function collection(ctx: SandboxContext, userId: number) {
  return ctx.store.collection<StoredPreference>(userId, COLLECTION);
}

/**
 * Creates a preference for a seller exactly as `POST /checkout/preferences`
 * does: applies the provider's defaults, checks `auto_return`, currencies and
 * prices, and points `init_point` at the sandbox's hosted checkout. Throws a
 * `SandboxHttpError` (400) when a rule is broken.
 */
export function createPreference(
  ctx: SandboxContext,
  seller: Seller,
  body: Schemas["PreferenceRequest"],
  applicationId: number = ownApplicationId(seller),
): Preference {
  const raw = body as unknown as JsonObject;
  const id = `${seller.userId}-${uuid()}`;
  const merged = mergeDeep(preferenceDefaults(), pickRequestFields(raw)) as JsonObject;
  const currency = SITE_CURRENCY[seller.siteId];
  const preference = {
    ...merged,
    id,
    init_point: checkoutUrl(ctx, id),
    sandbox_init_point: checkoutUrl(ctx, id),
    collector_id: seller.userId,
    // provider: the id of the application the access token was issued to, as a string.
    client_id: String(applicationId),
    date_created: ctx.clock.nowIso(),
    last_updated: null,
    site_id: seller.siteId,
    items: body.items.map((item) => normalizeItem(item, currency)),
  } as Preference;
  checkRules(preference, seller);
  collection(ctx, seller.userId).put(id, { preference, sponsorId: sponsorIdOf(raw) });
  return preference;
}

/** A seller's preference, or a 404 in the provider's shape. */
export function getPreference(ctx: SandboxContext, seller: Seller, id: string): Preference {
  const stored = collection(ctx, seller.userId).get(id);
  if (!stored) throw notFound("preference", id);
  return stored.preference;
}

/**
 * Changes the given fields of a seller's preference (objects merged, arrays
 * replaced) and checks the same rules as on create against the result.
 */
export function updatePreference(
  ctx: SandboxContext,
  seller: Seller,
  id: string,
  body: Schemas["PreferenceUpdateRequest"],
): Preference {
  const store = collection(ctx, seller.userId);
  const stored = store.get(id);
  if (!stored) throw notFound("preference", id);
  const raw = body as unknown as JsonObject;
  const patch = pickRequestFields(raw);
  const currency = preferenceCurrency(stored.preference, seller.siteId);
  const merged = mergeDeep(stored.preference, patch) as Preference;
  const preference: Preference = {
    ...merged,
    items: (Array.isArray(patch.items) ? (patch.items as PreferenceItem[]) : stored.preference.items).map((item) =>
      normalizeItem(item, currency),
    ),
    last_updated: ctx.clock.nowIso(),
  };
  checkRules(preference, seller);
  store.put(id, { preference, sponsorId: sponsorIdOf(raw) ?? stored.sponsorId });
  return preference;
}

/**
 * Finds a preference by id whatever its seller (the hosted checkout is opened
 * without credentials). The id starts with the collector's user id.
 */
export function findPreferenceById(
  ctx: SandboxContext,
  id: string,
): { seller: Seller; preference: Preference } | undefined {
  const collectorId = /^(\d+)-/.exec(id)?.[1];
  if (!collectorId) return undefined;
  const seller = ctx.store.sellerByUserId(Number(collectorId));
  if (!seller) return undefined;
  const stored = collection(ctx, seller.userId).get(id);
  return stored ? { seller, preference: stored.preference } : undefined;
}

/**
 * Why a preference cannot be paid right now (sandbox clock), or null when it
 * can: provider: with `expires: true` it is payable only between
 * `expiration_date_from` and `expiration_date_to`.
 */
export function preferenceUnavailableReason(preference: Preference, now: Date): "not_yet_active" | "expired" | null {
  if (!preference.expires) return null;
  const t = now.getTime();
  if (preference.expiration_date_from && t < Date.parse(preference.expiration_date_from)) return "not_yet_active";
  if (preference.expiration_date_to && t > Date.parse(preference.expiration_date_to)) return "expired";
  return null;
}

function toSummary(stored: StoredPreference): Schemas["PreferenceSummary"] {
  const p = stored.preference;
  return {
    id: p.id,
    client_id: p.client_id ?? "",
    collector_id: p.collector_id,
    corporation_id: null,
    date_created: p.date_created,
    last_updated: p.last_updated ?? null,
    expires: p.expires ?? false,
    expiration_date_from: p.expiration_date_from ?? null,
    expiration_date_to: p.expiration_date_to ?? null,
    external_reference: p.external_reference ?? null,
    integrator_id: null,
    items: p.items.map((item) => item.id ?? ""),
    live_mode: false,
    marketplace: p.marketplace ?? "NONE",
    operation_type: p.operation_type ?? "regular_payment",
    payer_email: p.payer?.email ?? "",
    payer_id: null,
    platform_id: null,
    processing_modes: p.processing_modes ?? null,
    product_id: null,
    purpose: p.purpose ?? "",
    site_id: p.site_id,
    // provider: search always answers a number and a string here (sdk-nodejs e2e/preference/search.spec.ts,
    // src/clients/preference/search/types.ts): 0 without a sponsor, the shipping default `not_specified`.
    sponsor_id: stored.sponsorId ?? 0,
    shipping_mode: p.shipments?.mode ?? "not_specified",
  };
}

function intQuery(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : fallback;
}

/** A page of a seller's preferences, newest first, filtered like `GET /checkout/preferences/search`. */
export function searchPreferences(
  ctx: SandboxContext,
  seller: Seller,
  query: {
    external_reference?: string;
    site_id?: string;
    sponsor_id?: string;
    marketplace?: string;
    limit?: string;
    offset?: string;
  },
): Schemas["PreferenceSearchResult"] {
  const limit = intQuery(query.limit, 30);
  const offset = intQuery(query.offset, 0);
  const sponsorId = query.sponsor_id ? Number(query.sponsor_id) : null;
  const matches = collection(ctx, seller.userId)
    .list()
    .filter((stored) => {
      const p = stored.preference;
      if (query.external_reference !== undefined && p.external_reference !== query.external_reference) return false;
      if (query.site_id !== undefined && p.site_id !== query.site_id) return false;
      if (query.marketplace !== undefined && (p.marketplace ?? "NONE") !== query.marketplace) return false;
      if (sponsorId !== null && stored.sponsorId !== sponsorId) return false;
      return true;
    })
    .reverse();
  const elements = matches.slice(offset, offset + limit).map(toSummary);
  return { elements, next_offset: offset + elements.length, total: matches.length };
}

/** Routes of the `preferences` group. */
export const registerPreferencesRoutes: RegisterRoutes = (app, ctx) => {
  // The SDK posts to `/checkout/preferences/` (trailing slash); the router accepts both.
  app.post("/checkout/preferences/", (c) => {
    const preference = createPreference(
      ctx,
      c.get("seller"),
      c.get("jsonBody") as Schemas["PreferenceRequest"],
      c.get("applicationId"),
    );
    return c.json(preference, 201);
  });
  app.get("/checkout/preferences/search", (c) => c.json(searchPreferences(ctx, c.get("seller"), c.req.query())));
  app.get("/checkout/preferences/:id", (c) => c.json(getPreference(ctx, c.get("seller"), c.req.param("id"))));
  app.put("/checkout/preferences/:id", (c) => {
    const body = c.get("jsonBody") as Schemas["PreferenceUpdateRequest"];
    return c.json(updatePreference(ctx, c.get("seller"), c.req.param("id"), body));
  });
};
