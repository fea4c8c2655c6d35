// Authorized payments (`/authorized_payments`, docs/provider-facts.md §4.8): the
// invoices that `subscriptions-billing.ts` creates for each subscription period.
// Read-only here; classic errors.

import type { RegisterRoutes, SandboxContext, Seller } from "../context";
import { notFound } from "../core/errors";
import type { Schemas } from "../schemas";
import { type AuthorizedPayment, invoicesOf } from "./subscriptions-billing";
import { pageOf, queryInt } from "./subscriptions-common";

/** A seller's subscription charge, or the classic 404 (also for another seller's charge). */
export function getAuthorizedPayment(ctx: SandboxContext, seller: Seller, id: string): AuthorizedPayment {
  const entry = invoicesOf(ctx, seller.userId).get(id);
  if (!entry) throw notFound("authorized_payment", id);
  return structuredClone(entry.invoice);
}

/** Searches a seller's subscription charges by id list, subscription, payment or payer; oldest first. */
export function searchAuthorizedPayments(
  ctx: SandboxContext,
  seller: Seller,
  query: {
    id?: string;
    preapproval_id?: string;
    payment_id?: string;
    payer_id?: string;
    limit: number;
    offset: number;
  },
): Schemas["AuthorizedPaymentSearchResult"] {
  const ids = query.id
    ? new Set(
        query.id
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
    : null;
  const found = invoicesOf(ctx, seller.userId)
    .list()
    .map((entry) => entry.invoice)
    .filter((i) => (ids ? ids.has(String(i.id)) : true))
    .filter((i) => (query.preapproval_id ? i.preapproval_id === query.preapproval_id : true))
    .filter((i) => (query.payment_id ? String(i.payment?.id ?? "") === query.payment_id : true))
    .filter((i) => (query.payer_id ? String(i.payer_id ?? "") === query.payer_id : true));
  return pageOf(found, query.limit, query.offset);
}

/** Routes of the `authorized-payments` group: get and search. */
export const registerAuthorizedPaymentsRoutes: RegisterRoutes = (app, ctx) => {
  // Registered before `/:id` so that `search` is never taken for an id.
  app.get("/authorized_payments/search", (c) => {
    const result = searchAuthorizedPayments(ctx, c.get("seller"), {
      id: c.req.query("id"),
      preapproval_id: c.req.query("preapproval_id"),
      payment_id: c.req.query("payment_id"),
      payer_id: c.req.query("payer_id"),
      limit: queryInt(c.req.query("limit"), 30),
      offset: queryInt(c.req.query("offset"), 0),
    });
    return c.json(result, 200);
  });

  app.get("/authorized_payments/:id", (c) =>
    c.json(getAuthorizedPayment(ctx, c.get("seller"), c.req.param("id")), 200),
  );
};
