// Charging on a card terminal (Point's payment intents), on the provider-request engine (domain/provider-requests):
// the intent's row (amount, the exact body to send) and the ledger's request (key, account) commit together; the
// call (POST …/devices/{id}/payment-intents) goes out outside any transaction with that key, so a double submit,
// a retry after a timeout or a reload repeat the same call and the provider replays its first answer; the answer's
// intent id is written to the row. An answer not seen is "unknown" (never "failed"): "Send again" repeats it, and
// the reconcile loop settles it by sending the stored body again with the stored key.
//
// The intent then moves on the terminal; `refreshPointIntent` re-reads it (the page polls, the
// `point_integration_wh` notification calls it) and mirrors its state and the resulting payment.
import { ACCOUNT_FILTER_OWN, type AccountFilter, isFinalPointState, type PointIntentView } from "@cobro/contracts";
import {
  type CurrencyCode,
  type PaymentIntent,
  type PaymentIntentRequest,
  ProviderConflictError,
  toPointCents,
} from "@cobro/provider-client";
import { type Kysely, type Selectable, sql } from "kysely";
import type { DB, JsonValue, PointIntentsTable } from "../../db/schema";
import { toJsonb } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { getStoreAccount } from "../../provider/get-store-account";
import { providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { expireCheckoutPreference } from "../checkout/expire-checkout-preference";
import { isRefusedWithoutPayment, PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import { syncPaymentFromProvider } from "../payments/sync-payment-from-provider";
import type { ProviderRequestDeps, ProviderRequestKind } from "../provider-requests/provider-request-kind";
import type { ProviderRequestStatus } from "../provider-requests/provider-request-status";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { errorOf, runProviderRequest } from "../provider-requests/run-provider-request";
import type { TerminalDeps } from "./terminal-devices";
import { isTerminalBusy, toTerminalError } from "./terminal-errors";

/** An intent's row with where its create call stands (the ledger's status and refusal words, by its request). */
export type PointIntentRow = Selectable<PointIntentsTable> & {
  idempotency_key: string;
  request_status: ProviderRequestStatus;
  error: string | null;
};
/** What reading and mirroring an intent needs (the notification job has no logger). */
type IntentDeps = Pick<AppDeps, "db" | "provider" | "now" | "jobs">;

/** The intents with their request's key, status and refusal words; filter and order on `point_intents.…`. */
export function pointIntentRows(db: Kysely<DB>) {
  return db
    .selectFrom("point_intents")
    .innerJoin("provider_requests", "provider_requests.id", "point_intents.provider_request_id")
    .selectAll("point_intents")
    .select([
      "provider_requests.idempotency_key",
      "provider_requests.status as request_status",
      sql<string | null>`provider_requests.error->>'message'`.as("error"),
    ]);
}

/** A refusal of the terminal, in the console's words (stored with the request, shown on the intent). */
function refusalWordsOf(error: unknown): string {
  return toTerminalError(error)?.message ?? "Mercado Pago refused the charge.";
}

/** provider: a busy terminal (409) refuses the intent without making one, like any refusal without effect. */
function isIntentRefused(error: unknown): boolean {
  return isRefusedWithoutPayment(error) || isTerminalBusy(error);
}

/**
 * An intent sent to a terminal as a provider request. Its row follows the ledger (the intent id once answered);
 * an unseen answer is settled by sending the stored body again with the stored key: the provider replays the
 * intent it made (or makes it now, once).
 */
export const POINT_INTENT_REQUEST: ProviderRequestKind<PaymentIntent> = {
  kind: "point.intent",
  async onOutcome(trx, request, outcome, { now, by }) {
    const row = await trx
      .updateTable("point_intents")
      .set({
        ...(outcome.status === "succeeded"
          ? { provider_intent_id: outcome.answer.id, state: outcome.answer.state ?? "OPEN" }
          : {}),
        updated_at: now,
      })
      .where("provider_request_id", "=", request.id)
      .returning(["id", "device_id", "created_by"])
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId: by === "call" ? row.created_by : null,
      action: `terminal.intent_${outcome.status}`,
      resourceType: "terminal",
      resourceId: row.device_id,
      idempotencyKey: request.idempotency_key,
      details: {
        pointIntentId: row.id,
        intentId: outcome.status === "succeeded" ? outcome.answer.id : null,
        ...(outcome.status !== "succeeded" && outcome.error
          ? { status: outcome.error.httpStatus, code: outcome.error.code }
          : {}),
      },
      now,
    });
  },
  async reconcile(deps, request) {
    const row = await deps.db
      .selectFrom("point_intents")
      .select(["device_id", "request"])
      .where("provider_request_id", "=", request.id)
      .executeTakeFirstOrThrow();
    const provider = await providerForAccount(deps, request.provider_account_id);
    try {
      const answer = await provider.point.createIntent(row.device_id, row.request as unknown as PaymentIntentRequest, {
        idempotencyKey: request.idempotency_key,
        signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
      });
      return { status: "succeeded", answer };
    } catch (error) {
      if (!isIntentRefused(error)) return null;
      return { status: "failed", error: errorOf(error, "refused", refusalWordsOf(error)) };
    }
  },
};

export interface CreatePointIntentInput {
  idempotencyKey: string;
  deviceId: string;
  /** A shop checkout to charge: its total is the amount, its external reference goes with the intent. */
  checkoutId?: string | undefined;
  amountMinor?: number | undefined;
  description?: string | undefined;
  installments: number;
  installmentsCost: "seller" | "buyer";
  printOnTerminal: boolean;
  externalReference?: string | undefined;
}

async function paymentStatusOf(deps: IntentDeps, paymentId: number | null): Promise<string | null> {
  if (paymentId === null) return null;
  const row = await deps.db
    .selectFrom("payments")
    .select("status")
    .where("provider_payment_id", "=", paymentId)
    .executeTakeFirst();
  return row?.status ?? null;
}

async function checkoutOf(deps: IntentDeps, externalReference: string | null) {
  if (externalReference === null) return null;
  return (
    (await deps.db
      .selectFrom("checkouts")
      .select(["id", "status"])
      .where("external_reference", "=", externalReference)
      .executeTakeFirst()) ?? null
  );
}

export async function toPointIntentView(deps: IntentDeps, row: PointIntentRow): Promise<PointIntentView> {
  const checkout = await checkoutOf(deps, row.external_reference);
  return {
    id: row.id,
    deviceId: row.device_id,
    intentId: row.provider_intent_id,
    requestStatus: row.request_status,
    state: row.state,
    final: isFinalPointState(row.state) || row.request_status === "failed",
    amount: { amountMinor: row.amount_minor, currency: row.currency as PointIntentView["amount"]["currency"] },
    description: row.description,
    installments: row.installments,
    installmentsCost: row.installments_cost,
    printOnTerminal: row.print_on_terminal,
    externalReference: row.external_reference,
    checkoutId: checkout?.id ?? null,
    checkoutStatus: checkout?.status ?? null,
    paymentId: row.provider_payment_id,
    paymentStatus: await paymentStatusOf(deps, row.provider_payment_id),
    error: row.error,
    accountId: row.provider_account_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function rowById(deps: Pick<IntentDeps, "db">, id: string): Promise<PointIntentRow | undefined> {
  return pointIntentRows(deps.db).where("point_intents.id", "=", id).executeTakeFirst();
}

/** Sends a charge to a terminal (claim → call → record); returns the stored intent as the page shows it. */
export async function createPointIntent(options: {
  deps: TerminalDeps & ProviderRequestDeps;
  actorUserId: string;
  input: CreatePointIntentInput;
}): Promise<PointIntentView> {
  const { deps, actorUserId, input } = options;
  const { currency } = await getStoreAccount({ deps });
  let amountMinor = input.amountMinor;
  let externalReference = input.externalReference;
  let description = input.description;
  if (input.checkoutId !== undefined) {
    // A shop order paid in store: the checkout's total is charged, and its external reference goes with the
    // intent, so the payment it produces settles the checkout (apply-payment-snapshot matches the reference).
    const checkout = await deps.db
      .selectFrom("checkouts")
      .select(["id", "amount_minor", "currency", "status", "external_reference", "provider_account_id"])
      .where("id", "=", input.checkoutId)
      .executeTakeFirst();
    if (!checkout) {
      throw new AppError("NOT_FOUND", "That shop order was not found.", {
        reason: "checkout_not_found",
        field: "checkoutId",
      });
    }
    if (!["open", "failed", "cancelled"].includes(checkout.status) || checkout.currency !== currency) {
      throw new AppError("CONFLICT", "That shop order is already paid or being paid.", {
        reason: "checkout_already_paid",
        field: "checkoutId",
      });
    }
    if (checkout.provider_account_id !== null) {
      // The order's money belongs to the connected seller it was made for; the store's terminals charge on the
      // store's own account, so a payment here would settle the seller's order with money the seller never gets.
      throw new AppError(
        "CONFLICT",
        "That shop order is charged on a connected seller's account; the store's terminals charge only on its own account.",
        { reason: "account_actions_own_only", field: "checkoutId" },
      );
    }
    amountMinor = checkout.amount_minor;
    externalReference = checkout.external_reference;
    description ??= `Order ${checkout.id.slice(0, 8)}`;
  }
  if (amountMinor === undefined) {
    throw new AppError("BAD_REQUEST", "Enter the amount", { field: "amountMinor" });
  }
  const body: PaymentIntentRequest = {
    amount: toPointCents(amountMinor, currency as CurrencyCode),
    ...(description ? { description } : {}),
    payment: { installments: input.installments, installments_cost: input.installmentsCost, type: "credit_card" },
    additional_info: {
      print_on_terminal: input.printOnTerminal,
      ...(externalReference ? { external_reference: externalReference } : {}),
    },
  };
  if (input.installments === 1) body.payment = { installments: 1, installments_cost: input.installmentsCost };

  // An ended or unknown connection stores nothing. Terminals charge on the store's own account (its credentials own
  // the devices): recorded explicitly, so the intents list's account filter (migration 0024) has every intent
  // under the account it was sent with.
  const accountId: string | null = null;
  const requestId = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const { request, isNew } = await recordProviderRequest(trx, {
      kind: POINT_INTENT_REQUEST.kind,
      idempotencyKey: input.idempotencyKey,
      providerAccountId: accountId,
      body: body as unknown as JsonValue,
      resource: { type: "terminal", id: input.deviceId },
      now,
    });
    if (!isNew) return request.id;
    const inserted = await trx
      .insertInto("point_intents")
      .values({
        provider_request_id: request.id,
        device_id: input.deviceId,
        amount_minor: amountMinor,
        currency,
        description: description ?? null,
        installments: input.installments,
        installments_cost: input.installmentsCost,
        print_on_terminal: input.printOnTerminal,
        external_reference: externalReference ?? null,
        request: toJsonb(body),
        provider_account_id: accountId,
        created_by: actorUserId,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId,
      action: "terminal.intent_requested",
      resourceType: "terminal",
      resourceId: input.deviceId,
      idempotencyKey: input.idempotencyKey,
      details: { pointIntentId: inserted.id, amountMinor, currency, checkoutId: input.checkoutId ?? null },
      now,
    });
    return request.id;
  });
  const claimed = await pointIntentRows(deps.db)
    .where("point_intents.provider_request_id", "=", requestId)
    .executeTakeFirstOrThrow();
  if (claimed.request_status === "failed") {
    throw new AppError("BAD_REQUEST", claimed.error ?? "Mercado Pago refused the charge.", {
      reason: "provider_rejected_request",
    });
  }
  if (claimed.request_status === "succeeded") return toPointIntentView(deps, claimed);
  return sendClaimedIntent(deps, claimed);
}

/**
 * Steps 2 and 3 for a stored intent: sends its stored body with its stored key to its stored account (the provider
 * replays its first answer when the key was already seen) and records the answer.
 */
async function sendClaimedIntent(deps: TerminalDeps & ProviderRequestDeps, claimed: PointIntentRow) {
  const request = await deps.db
    .selectFrom("provider_requests")
    .selectAll()
    .where("id", "=", claimed.provider_request_id)
    .executeTakeFirstOrThrow();
  const { outcome, cause } = await runProviderRequest({
    deps,
    // A double submit waits for the first call's answer rather than hearing "in flight".
    waitInFlightMs: PAYMENT_CALL_DEADLINE_MS,
    kind: POINT_INTENT_REQUEST,
    request,
    isRefused: isIntentRefused,
    refusedMessage: refusalWordsOf,
    call: ({ provider, idempotencyKey, signal }) =>
      provider.point.createIntent(claimed.device_id, claimed.request as unknown as PaymentIntentRequest, {
        idempotencyKey,
        signal,
      }),
  });
  if (outcome.status === "failed") {
    throw (
      (cause === null ? null : toTerminalError(cause)) ??
      new AppError("BAD_REQUEST", outcome.error.message ?? "Mercado Pago refused the charge.", {
        reason: "provider_rejected_request",
        ...(cause === null ? {} : { cause }),
      })
    );
  }
  if (outcome.status === "unknown" && cause !== null) {
    deps.logger.warn({ err: cause, idempotencyKey: claimed.idempotency_key }, "point intent outcome unknown");
  }
  const row = await rowById(deps, claimed.id);
  if (!row) throw new AppError("NOT_FOUND", "The charge was not found.", { reason: "not_found" });
  return toPointIntentView(deps, row);
}

/**
 * "Send again" of a charge whose answer was never seen (unknown, or pending after a crash): the same stored body
 * with the same key, so the provider replays the intent it made (if it made one) instead of queuing a second.
 */
export async function resendPointIntent(options: {
  deps: TerminalDeps & ProviderRequestDeps;
  actorUserId: string;
  id: string;
}): Promise<PointIntentView> {
  const { deps } = options;
  const row = await rowById(deps, options.id);
  if (!row) throw new AppError("NOT_FOUND", "The charge was not found.", { reason: "not_found", field: "id" });
  if (row.request_status === "succeeded" || row.request_status === "failed") return toPointIntentView(deps, row);
  return sendClaimedIntent(deps, row);
}

/** Payment statuses that take (or may still take) the money: the checkout must not be payable another way. */
const TAKING_STATUSES: ReadonlySet<string> = new Set(["approved", "authorized", "pending", "in_process"]);

/** Mirrors a terminal's payment; a shop order it settled is no longer payable through its hosted-checkout link. */
async function mirrorPayment(deps: IntentDeps, paymentId: number): Promise<void> {
  const applied = await syncPaymentFromProvider({ deps, providerPaymentId: paymentId });
  if (applied.checkoutId !== null && TAKING_STATUSES.has(applied.status)) {
    await expireCheckoutPreference({ deps, checkoutId: applied.checkoutId });
  }
}

/** Writes what the provider says of an intent into its row (and the payment into the mirror); idempotent. */
async function applyIntent(deps: IntentDeps, row: PointIntentRow, intent: PaymentIntent): Promise<PointIntentRow> {
  const paymentId = typeof intent.payment?.id === "number" ? intent.payment.id : null;
  if (paymentId !== null) await mirrorPayment(deps, paymentId);
  const state = intent.state ?? row.state;
  // A final state never goes back (a stale read after the notification).
  if (isFinalPointState(row.state) && row.state !== state) return row;
  if (row.state === state && row.provider_payment_id === paymentId) return row;
  const updated = await deps.db
    .updateTable("point_intents")
    .set({ state, provider_payment_id: paymentId ?? row.provider_payment_id, updated_at: deps.now() })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (isFinalPointState(state)) {
    await recordAudit({
      db: deps.db,
      actorUserId: null,
      action: `terminal.intent_${String(state).toLowerCase()}`,
      resourceType: "terminal",
      resourceId: row.device_id,
      details: { pointIntentId: row.id, intentId: row.provider_intent_id, paymentId },
      now: deps.now(),
    });
  }
  return { ...row, ...updated };
}

/**
 * Re-reads an intent from the provider and mirrors it. An intent whose create answer was not seen cannot be
 * read (its id is unknown): the create is repeated with the same key, and the provider replays its answer.
 */
export async function refreshPointIntent(options: { deps: IntentDeps; id: string }): Promise<PointIntentView> {
  const { deps } = options;
  const row = await rowById(deps, options.id);
  if (!row) throw new AppError("NOT_FOUND", "The charge was not found.", { reason: "not_found", field: "id" });
  if (row.provider_intent_id === null) return toPointIntentView(deps, row);
  const intent = await deps.provider.point.getIntent(row.provider_intent_id);
  return toPointIntentView(deps, await applyIntent(deps, row, intent));
}

/** The stored intent as the page shows it, without calling the provider. */
export async function getPointIntent(options: { deps: TerminalDeps; id: string }): Promise<PointIntentView> {
  const row = await rowById(options.deps, options.id);
  if (!row) throw new AppError("NOT_FOUND", "The charge was not found.", { reason: "not_found", field: "id" });
  return toPointIntentView(options.deps, row);
}

/** The `point_integration_wh` notification: re-read the intent (its `data.id`) into its row, if Cobro made it. */
export async function syncPointIntentFromNotification(options: {
  deps: IntentDeps;
  intentId: string;
}): Promise<"applied" | "unknown_intent"> {
  const { deps } = options;
  const row = await pointIntentRows(deps.db)
    .where("point_intents.provider_intent_id", "=", options.intentId)
    .executeTakeFirst();
  const intent = await deps.provider.point.getIntent(options.intentId);
  if (!row) {
    // Not made from this console (a terminal of the account charged by another system): its payment still counts.
    if (typeof intent.payment?.id === "number") await mirrorPayment(deps, intent.payment.id);
    return "unknown_intent";
  }
  await applyIntent(deps, row, intent);
  return "applied";
}

/**
 * Cancels an intent still queued (DELETE). provider: only while it has not reached the terminal; once it is
 * there, it is cancelled on the terminal itself.
 */
export async function cancelPointIntent(options: {
  deps: TerminalDeps;
  actorUserId: string;
  id: string;
}): Promise<PointIntentView> {
  const { deps, actorUserId } = options;
  const row = await rowById(deps, options.id);
  if (!row || row.provider_intent_id === null) {
    throw new AppError("NOT_FOUND", "The charge was not found.", { reason: "not_found", field: "id" });
  }
  if (row.state === "CANCELED") return toPointIntentView(deps, row);
  if (isFinalPointState(row.state) || (row.state !== null && row.state !== "OPEN")) {
    // Re-read first: the local state may be behind, but never ahead of the provider.
    const fresh = await refreshPointIntent({ deps, id: row.id });
    if (fresh.state !== "OPEN") {
      throw new AppError("CONFLICT", "The charge is already on the terminal: cancel it on the terminal itself.", {
        reason: "terminal_intent_on_terminal",
      });
    }
  }
  try {
    await deps.provider.point.cancelIntent(row.device_id, row.provider_intent_id, {
      signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
    });
  } catch (error) {
    if (error instanceof ProviderConflictError) {
      await refreshPointIntent({ deps, id: row.id }).catch(() => undefined);
      throw new AppError("CONFLICT", "The charge is already on the terminal: cancel it on the terminal itself.", {
        reason: "terminal_intent_on_terminal",
        cause: error,
      });
    }
    throw toTerminalError(error, "id") ?? error;
  }
  // provider: a 409 on cancel means the intent moved on to the terminal (handled above).
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: "terminal.intent_cancel_requested",
    resourceType: "terminal",
    resourceId: row.device_id,
    details: { pointIntentId: row.id, intentId: row.provider_intent_id },
    now: deps.now(),
  });
  return refreshPointIntent({ deps, id: row.id });
}

/** The intents sent from this console, newest first, optionally of one terminal and of one account. */
export async function listPointIntents(options: {
  deps: TerminalDeps;
  deviceId?: string | undefined;
  /** The shared account filter: `own` (the store's own account) or a connection's id; undefined: every account. */
  account?: AccountFilter | undefined;
  limit: number;
  offset: number;
}): Promise<{ intents: PointIntentView[]; total: number }> {
  const { deps } = options;
  let rowsQuery = pointIntentRows(deps.db);
  let countQuery = deps.db.selectFrom("point_intents");
  if (options.deviceId) {
    rowsQuery = rowsQuery.where("point_intents.device_id", "=", options.deviceId);
    countQuery = countQuery.where("point_intents.device_id", "=", options.deviceId);
  }
  if (options.account === ACCOUNT_FILTER_OWN) {
    rowsQuery = rowsQuery.where("point_intents.provider_account_id", "is", null);
    countQuery = countQuery.where("point_intents.provider_account_id", "is", null);
  } else if (options.account) {
    rowsQuery = rowsQuery.where("point_intents.provider_account_id", "=", options.account);
    countQuery = countQuery.where("point_intents.provider_account_id", "=", options.account);
  }
  const rows = await rowsQuery
    .orderBy("point_intents.created_at", "desc")
    .orderBy("point_intents.id", "desc")
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  const count = await countQuery.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  return {
    intents: await Promise.all(rows.map((row) => toPointIntentView(deps, row))),
    total: Number(count.n),
  };
}

/** Intent events by period (GET …/payment-intents/events), each linked to Cobro's row when it made the intent. */
export async function listPointEvents(options: { deps: TerminalDeps; startDate: string; endDate: string }) {
  const { deps } = options;
  let answer: Awaited<ReturnType<TerminalDeps["provider"]["point"]["events"]>>;
  try {
    answer = await deps.provider.point.events({ startDate: options.startDate, endDate: options.endDate });
  } catch (error) {
    throw toTerminalError(error, "startDate") ?? error;
  }
  const events = answer.events ?? [];
  const ids = events.map((event) => String(event.payment_intent_id ?? "")).filter((id) => id !== "");
  const rows =
    ids.length === 0
      ? []
      : await deps.db
          .selectFrom("point_intents")
          .select(["id", "provider_intent_id", "device_id"])
          .where("provider_intent_id", "in", ids)
          .execute();
  const byIntent = new Map(rows.map((row) => [row.provider_intent_id, row]));
  return {
    events: events
      .map((event) => {
        const row = byIntent.get(String(event.payment_intent_id));
        return {
          intentId: String(event.payment_intent_id ?? ""),
          status: String(event.status ?? ""),
          createdOn: event.created_on ?? null,
          localId: row?.id ?? null,
          deviceId: row?.device_id ?? null,
        };
      })
      .sort((a, b) => (b.createdOn ?? "").localeCompare(a.createdOn ?? "")),
  };
}

/** The latest state of one intent and when it was entered (GET …/payment-intents/{id}/events). */
export async function getPointIntentStatus(options: { deps: TerminalDeps; id: string }) {
  const row = await rowById(options.deps, options.id);
  if (!row || row.provider_intent_id === null) {
    throw new AppError("NOT_FOUND", "The charge was not found.", { reason: "not_found", field: "id" });
  }
  const answer = await options.deps.provider.point.intentEvents(row.provider_intent_id);
  return { status: String(answer.status ?? ""), createdOn: answer.created_on ?? null };
}
