// GET /users/me (provider-facts §4.11): the seller account the access token
// acts for, built from the sandbox's seller record.

import type { RegisterRoutes, Seller } from "../context";
import { siteOf } from "../data/sites";
import type { Schemas } from "../schemas";

/** Sellers have no registration date of their own; every sandbox account shows this one. */
const REGISTRATION_DATE = "2024-01-15T10:00:00.000-04:00";

/** The seller as `/users/me` answers it. */
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
    address: { address: "Test Address 123", city: null, state: null, zip_code: null },
    registration_date: REGISTRATION_DATE,
    user_type: "normal",
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
