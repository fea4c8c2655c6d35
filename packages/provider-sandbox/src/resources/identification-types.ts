// GET /v1/identification_types (docs/provider-facts.md §4.11): the identity documents
// of the access token's site (none in Mexico).

import type { RegisterRoutes } from "../context";
import { siteOf } from "../data/sites";

/** Routes of the `identification-types` group. */
export const registerIdentificationTypesRoutes: RegisterRoutes = (app) => {
  app.get("/v1/identification_types", (c) => c.json(siteOf(c.get("seller").siteId).identificationTypes, 200));
};
