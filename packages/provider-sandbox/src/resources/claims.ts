// /post-purchase/v1/claims/search and /post-purchase/v1/claims/{claim_id}, plus the control API that opens and
// closes a claim on a payment (`/__sandbox/claims`). Sources:
// [SEARCH] https://www.mercadopago.com.pe/developers/pt/reference/claims/search-claims/get.md (filters, `{paging, data}`)
// [GET]    https://mercadopago.cl/developers/en/reference/claims/get-claim-details/get (fields, sample answer)
// [NOTIF]  https://www.mercadopago.com.ar/developers/es/reference/claims/get-claim-notifications/get.md (enums)
// [FACTS]  docs/provider-facts.md §9.2: the claims topic is `topic_claims_integration_wh`.

import type { RegisterRoutes, SandboxContext } from "../context";
import { badField, notFound } from "../core/errors";
import type { Schemas } from "../schemas";
import { findPaymentOfAnySeller } from "./payments";

type Claim = Schemas["Claim"];

/** How long the respondent (the seller) has to answer a new claim: the sandbox's choice, none is documented. */
export const CLAIM_RESPONSE_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
const CLAIM_TYPES = new Set(["mediations", "cancel_purchase", "return", "cancel_sale", "change"]);

interface StoredClaim {
  claim: Claim;
  sellerUserId: number;
}

function claims(ctx: SandboxContext) {
  return ctx.store.global<StoredClaim>("claims");
}

function notifyClaim(ctx: SandboxContext, stored: StoredClaim, action: string): void {
  ctx.webhooks.notify({
    sellerUserId: stored.sellerUserId,
    topic: "topic_claims_integration_wh",
    action,
    dataId: String(stored.claim.id),
  });
}

/** Opens a claim (stage `claim`, status `opened`) about a payment of any seller and notifies it. */
export function openClaim(ctx: SandboxContext, input: { payment_id?: unknown; type?: unknown; reason_id?: unknown }) {
  const paymentId = Number(input.payment_id);
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0) throw badField("payment_id", "must be a payment id");
  const owner = findPaymentOfAnySeller(ctx, paymentId);
  if (!owner) throw notFound("payment", paymentId);
  if (input.type !== undefined && !CLAIM_TYPES.has(String(input.type))) {
    throw badField("type", `must be one of ${[...CLAIM_TYPES].join(", ")}`);
  }
  if (input.reason_id !== undefined && typeof input.reason_id !== "string")
    throw badField("reason_id", "must be a string");
  const now = ctx.clock.now();
  const seller = ctx.store.sellerByUserId(owner.sellerUserId);
  const claim: Claim = {
    // [GET] claim ids are 10-digit numbers, e.g. 5033102536.
    id: ctx.store.nextId("claim_id", 5_000_000_001),
    resource_id: paymentId,
    status: "opened",
    type: (input.type as Claim["type"] | undefined) ?? "mediations",
    stage: "claim",
    parent_id: null,
    resource: "payment",
    reason_id: typeof input.reason_id === "string" ? input.reason_id : "PNR4071",
    fulfilled: false,
    quantity_type: "total",
    players: [
      {
        role: "complainant",
        type: "payer",
        user_id: owner.payment.payer?.id ? Number(owner.payment.payer.id) || 0 : 0,
        available_actions: [],
      },
      {
        role: "respondent",
        type: "collector",
        user_id: owner.sellerUserId,
        available_actions: [
          {
            action: "send_message_to_complainant",
            due_date: new Date(now.getTime() + CLAIM_RESPONSE_WINDOW_MS).toISOString(),
            mandatory: true,
          },
        ],
      },
    ],
    resolution: null,
    site_id: seller?.siteId ?? "MLA",
    date_created: now.toISOString(),
    last_updated: now.toISOString(),
  };
  const stored = { claim, sellerUserId: owner.sellerUserId };
  claims(ctx).put(claim.id, stored);
  notifyClaim(ctx, stored, "claim.created");
  return claim;
}

/** Closes a claim with a resolution (`closed_by` mediator) and notifies it. */
export function closeClaim(ctx: SandboxContext, id: number, reason: unknown): Claim {
  const stored = claims(ctx).get(id);
  if (!stored) throw notFound("claim", id);
  const now = ctx.clock.nowIso();
  stored.claim.status = "closed";
  stored.claim.resolution = {
    reason: typeof reason === "string" ? reason : "already_shipped",
    date_created: now,
    decision: [],
    closed_by: "mediator",
  };
  for (const player of stored.claim.players ?? []) player.available_actions = [];
  stored.claim.last_updated = now;
  claims(ctx).put(id, stored);
  notifyClaim(ctx, stored, "claim.updated");
  return stored.claim;
}

function claimId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw badField("claim_id", "must be a positive integer");
  return id;
}

/** Routes of the `claims` group and its control endpoints. */
export const registerClaimsRoutes: RegisterRoutes = (app, ctx) => {
  app.get("/post-purchase/v1/claims/search", (c) => {
    const query = c.req.query();
    const sellerUserId = c.get("seller").userId;
    const limit = query.limit === undefined ? 30 : Number(query.limit);
    const offset = query.offset === undefined ? 0 : Number(query.offset);
    // [SEARCH] every filter compares one field exactly; newest first.
    const filters: [keyof Claim, string | undefined][] = [
      ["id", query.id],
      ["type", query.type],
      ["stage", query.stage],
      ["status", query.status],
      ["resource", query.resource],
      ["resource_id", query.resource_id],
    ];
    const matching = claims(ctx)
      .list()
      .filter((stored) => stored.sellerUserId === sellerUserId)
      .map((stored) => stored.claim)
      .filter((claim) => filters.every(([field, value]) => value === undefined || String(claim[field]) === value))
      .filter((claim) => query.date_created === undefined || claim.date_created >= query.date_created)
      .reverse();
    return c.json(
      { paging: { offset, limit, total: matching.length }, data: matching.slice(offset, offset + limit) },
      200,
    );
  });

  app.get("/post-purchase/v1/claims/:claim_id", (c) => {
    const id = claimId(c.req.param("claim_id"));
    const stored = claims(ctx).get(id);
    if (!stored || stored.sellerUserId !== c.get("seller").userId) throw notFound("claim", id);
    return c.json(stored.claim, 200);
  });

  app.post("/__sandbox/claims", (c) => c.json(openClaim(ctx, (c.get("jsonBody") ?? {}) as never), 201));

  app.post("/__sandbox/claims/:claim_id/close", (c) => {
    const body = (c.get("jsonBody") ?? {}) as { reason?: unknown };
    return c.json(closeClaim(ctx, claimId(c.req.param("claim_id")), body.reason), 200);
  });
};
