// Console requests that change what the provider charges a payer: a subscription without a plan
// (`POST /preapproval`, `status: authorized`; the provider then charges the card on schedule) and a change of a
// subscription's amount or card on file (`PUT /preapproval/{id}`), as provider requests (domain/provider-requests):
// the request row (the body without the card token, kept only as its SHA-256) and its intent (the dialog's key, the
// account of the subscription) are committed and audited before the call; the engine calls outside any transaction
// with that key and that account, so a double submit or a "Try again" after a lost answer repeats the same call and
// the provider replays its first answer. An answer not seen is "unknown", never "failed": the page says "being
// confirmed", re-reads the subscription, and the one reconcile loop settles it (reconcile-subscription-requests.ts).
//
// provider (§4.8, spec SubscriptionUpdateRequest): a PUT can change the amount (`auto_recurring.transaction_amount`,
// in the subscription's currency) and the card (`card_token_id`, a new card, e.g. one with a new expiry date);
// the frequency and the charge dates cannot change; a cancelled subscription refuses every change (400).
import { createHash } from "node:crypto";
import type {
  AdminSubscriptionCreateInput,
  SubscriptionChangeInput,
  SubscriptionRequestOutcome,
} from "@cobro/contracts";
import type {
  ProviderClient,
  Subscription as ProviderSubscription,
  SubscriptionRequest,
  SubscriptionUpdateRequest,
} from "@cobro/provider-client";
import { fromMinorUnits, isSupportedCurrency } from "@cobro/provider-client/money";
import type { Kysely } from "kysely";
import { type DB, type JsonValue, type ProviderRequest, toJsonb } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { accountIdOfScope } from "../../provider/account-scope";
import {
  PROVIDER_RETRY_AFTER_SECONDS,
  type ProviderFieldMapping,
  toShopperError,
} from "../../provider/provider-failure";
import { providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { isUnanswered } from "../customers/customer-errors";
import type { ProviderRequestDeps, ProviderRequestKind } from "../provider-requests/provider-request-kind";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { recordOutcome, runProviderRequest } from "../provider-requests/run-provider-request";
import { mirrorSubscription } from "./mirror-subscription";
import { reconcileSubscriptionChange, reconcileSubscriptionCreate } from "./reconcile-subscription-requests";

type Deps = ProviderRequestDeps;

/** provider request fields → the console's inputs, so a refusal names the field the operator typed. */
const SUBSCRIPTION_FIELDS: Readonly<Record<string, ProviderFieldMapping>> = {
  card_token_id: { field: "cardToken", reason: "invalid_card_token" },
  token: { field: "cardToken", reason: "invalid_card_token" },
  payer_email: { field: "payerEmail", reason: "invalid_payer_email" },
  "payer.email": { field: "payerEmail", reason: "invalid_payer_email" },
  "auto_recurring.transaction_amount": { field: "amountMinor", reason: "amount_not_allowed" },
  transaction_amount: { field: "amountMinor", reason: "amount_not_allowed" },
  "auto_recurring.currency_id": { field: "currency", reason: "currency_not_supported" },
  "auto_recurring.start_date": { field: "startDate", reason: "provider_rejected_request" },
  "auto_recurring.end_date": { field: "endDate", reason: "provider_rejected_request" },
  status: { field: null, reason: "invalid_subscription_transition" },
};

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function refusal(error: unknown, action: string): AppError {
  const mapped = toShopperError(error, {
    action,
    fields: SUBSCRIPTION_FIELDS,
    notFoundMessage: "Mercado Pago has no such subscription or card token.",
  });
  if (mapped instanceof AppError) return mapped;
  return new AppError("BAD_REQUEST", `Mercado Pago refused to ${action}.`, {
    reason: "provider_rejected_request",
    cause: error,
  });
}

function readError(error: unknown): unknown {
  if (isUnanswered(error)) {
    return new AppError("PROVIDER_UNAVAILABLE", "Mercado Pago did not answer. Nothing was changed: try again.", {
      reason: "provider_unavailable",
      retryAfterSeconds: PROVIDER_RETRY_AFTER_SECONDS,
    });
  }
  return toShopperError(error, {
    action: "load the subscription",
    notFoundMessage: "Mercado Pago has no such subscription.",
  });
}

type RequestKind = "create" | "change";

const AUDIT_ACTION: Record<RequestKind, string> = {
  create: "subscription.create",
  change: "subscription.change",
};

async function requestRowOf(db: Kysely<DB>, requestId: string) {
  return db
    .selectFrom("subscription_requests")
    .selectAll()
    .where("provider_request_id", "=", requestId)
    .executeTakeFirstOrThrow();
}

/** A subscription create or change as a provider request: the answer completes its row and its audit line. */
function subscriptionRequest(requestKind: RequestKind): ProviderRequestKind<ProviderSubscription> {
  return {
    kind: `subscription.${requestKind}`,
    async onOutcome(trx, request, outcome, { now, by }) {
      const row = await requestRowOf(trx, request.id);
      const made = outcome.status === "succeeded" ? outcome.answer.id : null;
      await trx
        .updateTable("subscription_requests")
        .set({ ...(made ? { provider_subscription_id: made } : {}), updated_at: now })
        .where("id", "=", row.id)
        .execute();
      const error = outcome.status === "succeeded" ? null : outcome.error;
      await recordAudit({
        db: trx,
        actorUserId: by === "call" ? row.created_by : null,
        action: `${AUDIT_ACTION[requestKind]}_${outcome.status}`,
        resourceType: "provider_subscription",
        resourceId: made ?? row.provider_subscription_id ?? row.id,
        idempotencyKey: request.idempotency_key,
        details: {
          requestId: row.id,
          amountMinor: row.amount_minor,
          currency: row.currency,
          ...(outcome.status === "succeeded" ? { status: outcome.answer.status ?? null } : {}),
          ...(error ? { providerStatus: error.httpStatus, code: error.code } : {}),
          ...(by === "reconcile" ? { settledBy: "reconcile", requestedBy: row.created_by } : {}),
        },
        now,
      });
    },
    reconcile: requestKind === "create" ? reconcileSubscriptionCreate : reconcileSubscriptionChange,
  };
}

export const SUBSCRIPTION_REQUESTS: Record<RequestKind, ProviderRequestKind<ProviderSubscription>> = {
  create: subscriptionRequest("create"),
  change: subscriptionRequest("change"),
};

interface Claim {
  kind: RequestKind;
  idempotencyKey: string;
  /** The account the subscription is on (null: the store's own); every retry goes there. */
  providerAccountId: string | null;
  providerSubscriptionId: string | null;
  /** The body without the card token. */
  request: Record<string, unknown>;
  cardToken: string | null;
  amountMinor: number | null;
  currency: string | null;
  auditDetails: Record<string, unknown>;
}

/** Stores the request and its intent (or finds the ones stored under the key; another request under it is a 409). */
async function claimRequest(deps: Deps, actorUserId: string, claim: Claim): Promise<ProviderRequest> {
  const cardHash = claim.cardToken ? sha256(claim.cardToken) : null;
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const { request, isNew } = await recordProviderRequest(trx, {
      kind: SUBSCRIPTION_REQUESTS[claim.kind].kind,
      idempotencyKey: claim.idempotencyKey,
      providerAccountId: claim.providerAccountId,
      body: { request: claim.request as JsonValue, cardTokenSha256: cardHash },
      // A create acts on no subscription yet.
      resource: { type: "provider_subscription", id: claim.providerSubscriptionId ?? "new" },
      now,
    });
    if (!isNew) return request;
    const inserted = await trx
      .insertInto("subscription_requests")
      .values({
        provider_request_id: request.id,
        kind: claim.kind,
        provider_subscription_id: claim.providerSubscriptionId,
        request: toJsonb(claim.request),
        card_token_sha256: cardHash,
        amount_minor: claim.amountMinor,
        currency: claim.currency,
        created_by: actorUserId,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId,
      action: `${AUDIT_ACTION[claim.kind]}_requested`,
      resourceType: "provider_subscription",
      resourceId: claim.providerSubscriptionId ?? inserted.id,
      idempotencyKey: claim.idempotencyKey,
      details: { requestId: inserted.id, providerAccountId: claim.providerAccountId, ...claim.auditDetails },
      now,
    });
    return request;
  });
}

/** Calls the provider through the engine (the stored key and account) and says what came of it. */
async function sendClaimed(
  deps: Deps,
  request: ProviderRequest,
  kind: RequestKind,
  call: (
    provider: ProviderClient,
    options: { idempotencyKey: string; signal: AbortSignal },
  ) => Promise<ProviderSubscription>,
  action: string,
): Promise<SubscriptionRequestOutcome> {
  const { outcome, cause } = await runProviderRequest({
    deps,
    kind: SUBSCRIPTION_REQUESTS[kind],
    request,
    refusedMessage: `Mercado Pago refused to ${action}.`,
    call: ({ provider, idempotencyKey, signal }) => call(provider, { idempotencyKey, signal }),
  });
  const row = await requestRowOf(deps.db, request.id);
  if (outcome.status === "failed") {
    // This call's refusal names the field; a repeat of a refused key says it in the stored words.
    if (cause !== null) throw refusal(cause, action);
    throw new AppError("BAD_REQUEST", outcome.error.message ?? `Mercado Pago refused to ${action}.`, {
      reason: "provider_rejected_request",
    });
  }
  if (outcome.status === "unknown") {
    if (cause !== null) {
      deps.logger.warn({ err: cause, idempotencyKey: request.idempotency_key }, "subscription request outcome unknown");
    }
    return { requestId: row.id, outcome: "unknown", subscriptionId: row.provider_subscription_id };
  }
  // Answered just now (not a repeat of a settled request): the shop's mirror follows the change.
  if (request.status !== "succeeded" && request.provider_account_id === null) await mirrorIfKnown(deps, outcome.answer);
  return { requestId: row.id, outcome: "done", subscriptionId: outcome.answer.id ?? row.provider_subscription_id };
}

/** Keeps a shopper's mirrored subscription (when the shop has one for it) in step with the change. */
async function mirrorIfKnown(deps: Deps, subscription: ProviderSubscription): Promise<void> {
  const currency = subscription.auto_recurring?.currency_id;
  if (!currency || !isSupportedCurrency(currency)) return;
  const known = await deps.db
    .selectFrom("subscriptions")
    .select("id")
    .where("provider_subscription_id", "=", subscription.id)
    .executeTakeFirst();
  if (!known) return;
  await mirrorSubscription({ db: deps.db, subscription, userId: null, fallbackCurrency: currency, now: deps.now() });
}

/** Changes a subscription's amount and/or card on file (claim → PUT /preapproval/{id} → record). */
export async function changeAdminSubscription(options: {
  deps: Deps;
  actorUserId: string;
  input: SubscriptionChangeInput;
}): Promise<SubscriptionRequestOutcome> {
  const { deps, actorUserId, input } = options;
  // The subscription's account (a connected seller's or the store's own): the change and every retry go there.
  const providerAccountId = accountIdOfScope(input.account);
  const provider = await providerForAccount(deps, providerAccountId);
  let current: ProviderSubscription;
  try {
    current = await provider.subscriptions.get(input.subscriptionId);
  } catch (error) {
    throw readError(error);
  }
  if (current.status === "cancelled") {
    throw new AppError("CONFLICT", "This subscription was cancelled and can no longer be changed.", {
      reason: "subscription_cancelled",
    });
  }
  const currency = current.auto_recurring?.currency_id;
  const body: SubscriptionUpdateRequest = {};
  if (input.amountMinor !== undefined) {
    if (!currency || !isSupportedCurrency(currency)) {
      throw new AppError("BAD_REQUEST", "This subscription's currency is not one Cobro handles.", {
        reason: "currency_not_supported",
        field: "amountMinor",
      });
    }
    // provider: the amount is changed in the subscription's own currency (major units).
    body.auto_recurring = { transaction_amount: fromMinorUnits(input.amountMinor, currency) };
  }
  const claim: Claim = {
    kind: "change",
    idempotencyKey: input.idempotencyKey,
    providerAccountId,
    providerSubscriptionId: input.subscriptionId,
    request: { ...body },
    cardToken: input.cardToken ?? null,
    amountMinor: input.amountMinor ?? null,
    currency: input.amountMinor !== undefined ? (currency ?? null) : null,
    auditDetails: {
      amountMinor: input.amountMinor ?? null,
      currency: input.amountMinor !== undefined ? (currency ?? null) : null,
      newCard: input.cardToken !== undefined,
      ...(input.amountMinor !== undefined && current.auto_recurring?.transaction_amount !== undefined
        ? { previousAmount: current.auto_recurring.transaction_amount }
        : {}),
    },
  };
  const request = await claimRequest(deps, actorUserId, claim);
  const sent: SubscriptionUpdateRequest = { ...body, ...(input.cardToken ? { card_token_id: input.cardToken } : {}) };
  return sendClaimed(
    deps,
    request,
    "change",
    (client, callOptions) => client.subscriptions.update(input.subscriptionId, sent, callOptions),
    "change the subscription",
  );
}

/** Creates a subscription without a plan, charged on the payer's card from its start date (claim → POST → record). */
export async function createAdminSubscription(options: {
  deps: Deps;
  actorUserId: string;
  input: AdminSubscriptionCreateInput;
}): Promise<SubscriptionRequestOutcome> {
  const { deps, actorUserId, input } = options;
  const body: SubscriptionRequest = {
    payer_email: input.payerEmail,
    reason: input.reason,
    status: "authorized",
    auto_recurring: {
      frequency: input.frequency,
      frequency_type: input.frequencyType,
      transaction_amount: fromMinorUnits(input.amountMinor, input.currency),
      currency_id: input.currency,
      ...(input.startDate ? { start_date: new Date(input.startDate).toISOString() } : {}),
      ...(input.endDate ? { end_date: new Date(input.endDate).toISOString() } : {}),
    },
    ...(input.externalReference ? { external_reference: input.externalReference } : {}),
  };
  const claim: Claim = {
    kind: "create",
    idempotencyKey: input.idempotencyKey,
    // A console create is made on the store's own account.
    providerAccountId: null,
    providerSubscriptionId: null,
    request: { ...body },
    cardToken: input.cardToken,
    amountMinor: input.amountMinor,
    currency: input.currency,
    auditDetails: {
      amountMinor: input.amountMinor,
      currency: input.currency,
      frequency: input.frequency,
      frequencyType: input.frequencyType,
    },
  };
  const request = await claimRequest(deps, actorUserId, claim);
  return sendClaimed(
    deps,
    request,
    "create",
    (client, callOptions) => client.subscriptions.create({ ...body, card_token_id: input.cardToken }, callOptions),
    "create the subscription",
  );
}

/** The console's unfinished requests on one subscription (an unknown change is shown as "being confirmed"). */
export async function pendingSubscriptionChanges(options: {
  deps: Pick<AppDeps, "db">;
  subscriptionId: string;
}): Promise<{ id: string; createdAt: string; amountMinor: number | null; newCard: boolean }[]> {
  const rows = await options.deps.db
    .selectFrom("subscription_requests")
    .innerJoin("provider_requests", "provider_requests.id", "subscription_requests.provider_request_id")
    .select([
      "subscription_requests.id",
      "subscription_requests.created_at",
      "subscription_requests.amount_minor",
      "subscription_requests.card_token_sha256",
    ])
    .where("subscription_requests.provider_subscription_id", "=", options.subscriptionId)
    .where("provider_requests.status", "in", ["pending", "unknown"])
    .orderBy("subscription_requests.created_at", "desc")
    .limit(10)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    amountMinor: row.amount_minor,
    newCard: row.card_token_sha256 !== null,
  }));
}

/**
 * Re-reading a subscription settles an unknown amount change the provider shows as made (its amount is the one
 * asked for), as the reconcile loop would. A card change cannot be told from one read; the dialog's "Try again"
 * (same key, same card) or the loop settles it.
 */
export async function settleUnknownChanges(options: {
  deps: Pick<AppDeps, "db" | "now">;
  subscription: ProviderSubscription;
}): Promise<void> {
  const { deps, subscription } = options;
  const currency = subscription.auto_recurring?.currency_id;
  const amount = subscription.auto_recurring?.transaction_amount;
  if (!currency || !isSupportedCurrency(currency) || amount === undefined) return;
  const open = await deps.db
    .selectFrom("subscription_requests")
    .innerJoin("provider_requests", "provider_requests.id", "subscription_requests.provider_request_id")
    .selectAll("provider_requests")
    .select("subscription_requests.amount_minor")
    .where("subscription_requests.provider_subscription_id", "=", subscription.id)
    .where("subscription_requests.kind", "=", "change")
    .where("subscription_requests.card_token_sha256", "is", null)
    .where("provider_requests.status", "=", "unknown")
    .execute();
  for (const { amount_minor: amountMinor, ...request } of open) {
    if (amountMinor === null || fromMinorUnits(amountMinor, currency) !== amount) continue;
    await recordOutcome(
      deps,
      SUBSCRIPTION_REQUESTS.change,
      request,
      { status: "succeeded", answer: subscription },
      "reconcile",
    );
  }
}
