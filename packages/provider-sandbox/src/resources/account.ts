// GET /users/me (docs/provider-facts.md §4.11): the seller account the access token
// acts for, built from the sandbox's seller record.

import type { RegisterRoutes, Seller } from "../context";
import { siteOf } from "../data/sites";
import type { Schemas } from "../schemas";

/** Sellers have no registration date of their own; every sandbox account shows this one. */
const REGISTRATION_DATE = "2024-01-15T10:00:00.000-04:00";

const NO_RATE = { period: "60 days", rate: 0, value: 0 };

/**
 * A fresh account's reputation: nothing sold or bought yet. The shapes follow
 * sdk-nodejs src/clients/user/get/types.ts; the figures are a new account's.
 */
const SELLER_REPUTATION: Schemas["UserSellerReputation"] = {
  level_id: null,
  power_seller_status: null,
  transactions: {
    canceled: 0,
    completed: 0,
    period: "historic",
    total: 0,
    ratings: { negative: 0, neutral: 0, positive: 0 },
  },
  metrics: {
    sales: { period: "60 days", completed: 0 },
    claims: NO_RATE,
    delayed_handling_time: NO_RATE,
    cancellations: NO_RATE,
  },
};

const NO_COUNT = { paid: null, total: null, units: null };

const BUYER_REPUTATION: Schemas["UserBuyerReputation"] = {
  canceled_transactions: 0,
  tags: [],
  transactions: {
    canceled: NO_COUNT,
    completed: null,
    not_yet_rated: NO_COUNT,
    period: "historic",
    total: null,
    unrated: NO_COUNT,
  },
};

/**
 * The seller as `/users/me` answers it. provider: sdk-nodejs
 * e2e/user/get.spec.ts expects each of these fields on a test account.
 */
export function toUserResource(seller: Seller): Schemas["User"] {
  const site = siteOf(seller.siteId);
  const document = site.sampleIdentification;
  return {
    id: seller.userId,
    nickname: seller.nickname,
    email: seller.email,
    first_name: "Test",
    last_name: "Seller",
    site_id: seller.siteId,
    country_id: site.countryId,
    identification: document ? { type: document.type, number: document.number } : {},
    phone: { area_code: "01", number: "1111-1111", extension: "", verified: false },
    alternative_phone: { area_code: "", number: "", extension: "" },
    gender: "",
    address: { address: "Test Address 123", city: null, state: null, zip_code: null },
    registration_date: REGISTRATION_DATE,
    user_type: "normal",
    seller_experience: "NEWBIE",
    bill_data: { accept_credit_note: null },
    seller_reputation: structuredClone(SELLER_REPUTATION),
    buyer_reputation: structuredClone(BUYER_REPUTATION),
    secure_email: `${seller.nickname.toLowerCase()}.${seller.userId}@users.mercadopago.test`,
    credit: { consumed: 0, credit_level_id: `${seller.siteId}5`, rank: "newbie" },
    context: { ip_address: "127.0.0.1" },
    registration_identifiers: [],
    // provider: test accounts carry the `test_user` tag.
    tags: ["normal", "test_user", "user_info_verified"],
    logo: null,
    points: 100,
    permalink: `http://perfil.mercadolibre.${site.domain}/${encodeURIComponent(seller.nickname)}`,
    status: { site_status: "active" },
    company: { brand_name: null, corporate_name: null, identification: null },
  };
}

/** Routes of the `account` group. */
export const registerAccountRoutes: RegisterRoutes = (app) => {
  app.get("/users/me", (c) => c.json(toUserResource(c.get("seller")), 200));
};
