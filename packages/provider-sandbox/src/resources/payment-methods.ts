// GET /v1/payment_methods (docs/provider-facts.md §4.11): the methods of the access
// token's site, with BIN patterns and card-number rules (`data/sites.ts`).

import type { RegisterRoutes } from "../context";
import { paymentMethodsOf } from "../data/sites";

/** Routes of the `payment-methods` group. */
export const registerPaymentMethodsRoutes: RegisterRoutes = (app, ctx) => {
  // Logos point at the sandbox's own origin (resources/method-logos.ts).
  app.get("/v1/payment_methods", (c) =>
    c.json(paymentMethodsOf(c.get("seller").siteId, ctx.config.publicUrl || new URL(c.req.url).origin), 200),
  );
};
