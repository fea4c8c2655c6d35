// Console requests that change what the provider charges a payer: a subscription without a plan
// (`POST /preapproval`, `status: authorized`; the provider then charges the card on schedule) and a change of a
// subscription's amount or card on file (`PUT /preapproval/{id}`). Money moves once:
//
// 1. claim: the request is stored with the dialog's idempotency key and the body to send (without the card
//    token, kept only as its SHA-256) and committed, audited as requested;
// 2. call: the provider is called outside any transaction with that key; a double submit or a "Try again" after
//    a lost answer repeats the same call and the provider replays its first answer (one subscription);
// 3. record: the answer is written to the row and audited. An answer not seen (timeout, 5xx after retries,
//    dropped connection, 409/423 on the key) is "unknown", never "failed": the page says "being confirmed",
//    re-reads the subscription from the provider, and "Try again" sends the same key.
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
import {
  ProviderError,
  ProviderNotFoundError,
  type Subscription as ProviderSubscription,
  type SubscriptionRequest,
  type SubscriptionUpdateRequest,
} from "@cobro/provider-client";
import { fromMinorUnits, isSupportedCurrency } from "@cobro/provider-client/money";
import type { Selectable } from "kysely";
// Sorted keys, so a body read back from jsonb compares equal to the one built again.
import { stringify as canonicalJson } from "safe-stable-stringify";
import { type SubscriptionRequestStatus, type SubscriptionRequestsTable, toJsonb } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { refuseConnectedAccountAction } from "../../provider/account-scope";
import {
  PROVIDER_RETRY_AFTER_SECONDS,
  type ProviderFieldMapping,
  toShopperError,
} from "../../provider/provider-failure";
import { recordAudit } from "../audit/record-audit";
import { isRefusedWithoutPayment, PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import { isUnanswered } from "../customers/customer-errors";
import { mirrorSubscription } from "./mirror-subscription";

type Deps = Pick<AppDeps, "db" | "provider" | "now" | "logger">;
type RequestRow = Selectable<SubscriptionRequestsTable>;

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

interface Claim {
  kind: "create" | "change";
  idempotencyKey: string;
  providerSubscriptionId: string | null;
  /** The body without the card token. */
  request: Record<string, unknown>;
  cardToken: string | null;
  amountMinor: number | null;
  currency: string | null;
  auditAction: string;
  auditDetails: Record<string, unknown>;
}

/** Step 1: stores the request with its key (or finds the stored one; a different request under the key is refused). */
async function claimRequest(deps: Deps, actorUserId: string, claim: Claim): Promise<RequestRow> {
  const cardHash = claim.cardToken ? sha256(claim.cardToken) : null;
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const inserted = await trx
      .insertInto("subscription_requests")
      .values({
        idempotency_key: claim.idempotencyKey,
        kind: claim.kind,
        provider_subscription_id: claim.providerSubscriptionId,
        request_status: "pending",
        request: toJsonb(claim.request),
        card_token_sha256: cardHash,
        amount_minor: claim.amountMinor,
        currency: claim.currency,
        created_by: actorUserId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      await recordAudit({
        db: trx,
        actorUserId,
        action: `${claim.auditAction}_requested`,
        resourceType: "provider_subscription",
        resourceId: claim.providerSubscriptionId ?? inserted.id,
        idempotencyKey: claim.idempotencyKey,
        details: { requestId: inserted.id, ...claim.auditDetails },
        now,
      });
      return inserted;
    }
    const existing = await trx
      .selectFrom("subscription_requests")
      .selectAll()
      .where("idempotency_key", "=", claim.idempotencyKey)
      .executeTakeFirstOrThrow();
    if (
      existing.kind !== claim.kind ||
      existing.provider_subscription_id !== (claim.providerSubscriptionId ?? existing.provider_subscription_id) ||
      canonicalJson(existing.request) !== canonicalJson(claim.request) ||
      existing.card_token_sha256 !== cardHash
    ) {
      throw new AppError(
        "CONFLICT",
        "This request was already sent with other values. Close the dialog, open it again and send the new values.",
        { reason: "action_in_progress", field: "idempotencyKey" },
      );
    }
    return existing;
  });
}

/** Steps 2 and 3: calls the provider with the stored key and records what it answered (or that no answer came). */
async function sendClaimed(
  deps: Deps,
  actorUserId: string,
  row: RequestRow,
  claim: Claim,
  call: (options: { idempotencyKey: string; signal: AbortSignal }) => Promise<ProviderSubscription>,
  action: string,
): Promise<SubscriptionRequestOutcome> {
  if (row.request_status === "succeeded") {
    return { requestId: row.id, outcome: "done", subscriptionId: row.provider_subscription_id };
  }
  if (row.request_status === "failed") {
    throw new AppError("BAD_REQUEST", row.error ?? `Mercado Pago refused to ${action}.`, {
      reason: "provider_rejected_request",
    });
  }
  let status: SubscriptionRequestStatus;
  let answer: ProviderSubscription | null = null;
  let failure: unknown = null;
  try {
    answer = await call({ idempotencyKey: row.idempotency_key, signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS) });
    status = "succeeded";
  } catch (error) {
    failure = error;
    status = isRefusedWithoutPayment(error) || error instanceof ProviderNotFoundError ? "failed" : "unknown";
  }
  const refused = status === "failed" ? refusal(failure, action) : null;
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable("subscription_requests")
      .set({
        request_status: status,
        ...(answer ? { provider_subscription_id: answer.id } : {}),
        error: refused ? refused.message : null,
        updated_at: now,
      })
      .where("id", "=", row.id);
    // A concurrent repeat of the same key may have recorded the answer first: never undo a success.
    if (status !== "succeeded") update = update.where("request_status", "!=", "succeeded");
    const changed = await update.returning("id").executeTakeFirst();
    if (!changed) return;
    await recordAudit({
      db: trx,
      actorUserId,
      action: `${claim.auditAction}_${status}`,
      resourceType: "provider_subscription",
      resourceId: answer?.id ?? row.provider_subscription_id ?? row.id,
      idempotencyKey: row.idempotency_key,
      details: {
        requestId: row.id,
        ...claim.auditDetails,
        ...(answer ? { status: answer.status } : {}),
        ...(failure instanceof ProviderError ? { providerStatus: failure.status, code: failure.code ?? null } : {}),
      },
      now,
    });
  });
  if (refused) throw refused;
  if (status === "unknown") {
    deps.logger.warn({ err: failure, idempotencyKey: row.idempotency_key }, "subscription request outcome unknown");
    return { requestId: row.id, outcome: "unknown", subscriptionId: row.provider_subscription_id };
  }
  if (answer) await mirrorIfKnown(deps, answer);
  return { requestId: row.id, outcome: "done", subscriptionId: answer?.id ?? row.provider_subscription_id };
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
  refuseConnectedAccountAction(input.account);
  let current: ProviderSubscription;
  try {
    current = await deps.provider.subscriptions.get(input.subscriptionId);
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
    providerSubscriptionId: input.subscriptionId,
    request: { ...body },
    cardToken: input.cardToken ?? null,
    amountMinor: input.amountMinor ?? null,
    currency: input.amountMinor !== undefined ? (currency ?? null) : null,
    auditAction: "subscription.change",
    auditDetails: {
      amountMinor: input.amountMinor ?? null,
      currency: input.amountMinor !== undefined ? (currency ?? null) : null,
      newCard: input.cardToken !== undefined,
      ...(input.amountMinor !== undefined && current.auto_recurring?.transaction_amount !== undefined
        ? { previousAmount: current.auto_recurring.transaction_amount }
        : {}),
    },
  };
  const row = await claimRequest(deps, actorUserId, claim);
  const sent: SubscriptionUpdateRequest = { ...body, ...(input.cardToken ? { card_token_id: input.cardToken } : {}) };
  return sendClaimed(
    deps,
    actorUserId,
    row,
    claim,
    (callOptions) => deps.provider.subscriptions.update(input.subscriptionId, sent, callOptions),
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
    providerSubscriptionId: null,
    request: { ...body },
    cardToken: input.cardToken,
    amountMinor: input.amountMinor,
    currency: input.currency,
    auditAction: "subscription.create",
    auditDetails: {
      amountMinor: input.amountMinor,
      currency: input.currency,
      frequency: input.frequency,
      frequencyType: input.frequencyType,
    },
  };
  const row = await claimRequest(deps, actorUserId, claim);
  return sendClaimed(
    deps,
    actorUserId,
    row,
    claim,
    (callOptions) => deps.provider.subscriptions.create({ ...body, card_token_id: input.cardToken }, callOptions),
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
    .select(["id", "created_at", "amount_minor", "card_token_sha256"])
    .where("provider_subscription_id", "=", options.subscriptionId)
    .where("request_status", "in", ["pending", "unknown"])
    .orderBy("created_at", "desc")
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
 * asked for): the row and the audit say so. A card change cannot be told from a read; the dialog's "Try again"
 * (same key, same card) settles it.
 */
export async function settleUnknownChanges(options: {
  deps: Pick<AppDeps, "db" | "now">;
  subscription: ProviderSubscription;
}): Promise<void> {
  const { deps, subscription } = options;
  const currency = subscription.auto_recurring?.currency_id;
  const amount = subscription.auto_recurring?.transaction_amount;
  if (!currency || !isSupportedCurrency(currency) || amount === undefined) return;
  const rows = await deps.db
    .selectFrom("subscription_requests")
    .select(["id", "amount_minor", "idempotency_key", "created_by"])
    .where("provider_subscription_id", "=", subscription.id)
    .where("kind", "=", "change")
    .where("request_status", "=", "unknown")
    .where("card_token_sha256", "is", null)
    .execute();
  for (const row of rows) {
    if (row.amount_minor === null || fromMinorUnits(row.amount_minor, currency) !== amount) continue;
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("subscription_requests")
        .set({ request_status: "succeeded", updated_at: now })
        .where("id", "=", row.id)
        .where("request_status", "=", "unknown")
        .returning("id")
        .executeTakeFirst();
      if (!changed) return;
      await recordAudit({
        db: trx,
        actorUserId: row.created_by,
        action: "subscription.change_succeeded",
        resourceType: "provider_subscription",
        resourceId: subscription.id,
        idempotencyKey: row.idempotency_key,
        details: { requestId: row.id, amountMinor: row.amount_minor, currency, settledBy: "read" },
        now,
      });
    });
  }
}
