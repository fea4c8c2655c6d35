// Capturing and cancelling a payment share one shape, as provider requests (domain/provider-requests): the action
// and its request (the dialog's key, the payment's account) are stored in a short transaction that also checks the
// payment's state under its row lock and refuses while another action on the payment is unfinished; the engine
// calls the provider outside any transaction with that key; the answer completes the row and is applied to the
// mirror.
import type { ProviderClient, Payment as ProviderPayment } from "@cobro/provider-client";
import type { Kysely } from "kysely";
import type { DB, Payment } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import {
  accountIdOfPayment,
  type ConnectedProviderDeps,
  providerForAccount,
} from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { NO_PAYMENT_AFTER_MS } from "../checkout/payment-attempt-policy";
import type { ProviderRequestKind } from "../provider-requests/provider-request-kind";
import type { ProviderRequestStatus } from "../provider-requests/provider-request-status";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { runProviderRequest } from "../provider-requests/run-provider-request";
import { applyPaymentSnapshot } from "./apply-payment-snapshot";
import { loadFreshPayment } from "./load-fresh-payment";

export type PaymentActionKind = "capture" | "cancel";

/** provider: the payment statuses a capture may start from. */
export const CAPTURABLE_STATUSES: ReadonlySet<string> = new Set(["authorized"]);
/** provider: the payment statuses a cancel may start from; an approved payment is refunded instead. */
export const CANCELLABLE_STATUSES: ReadonlySet<string> = new Set(["pending", "in_process", "authorized"]);

export interface PaymentActionOptions {
  deps: ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;
  actorUserId: string;
  providerPaymentId: number;
  reason?: string | null;
  note?: string | null;
  /** One per dialog: every repeat of the same intent carries it. */
  idempotencyKey: string;
}

export interface PaymentActionOutcome {
  actionId: string;
  /** succeeded / failed, or unknown when the provider's answer was not seen (repeat with the same key). */
  status: Exclude<ProviderRequestStatus, "pending">;
  /** The payment's status after the action, as mirrored. */
  paymentStatus: string;
}

export interface PaymentActionSpec {
  kind: PaymentActionKind;
  /** Words for messages: "capture the payment". */
  action: string;
  /** Throws the staff-facing AppError when the payment's state does not allow the action. */
  check(payment: Payment): void;
  /** Minor units stored with the action (captures for less), or null. */
  amountMinor: number | null;
  /** `provider` acts for the account that holds the payment (the store's own or a connected seller). */
  call(options: { provider: ProviderClient; idempotencyKey: string; signal: AbortSignal }): Promise<ProviderPayment>;
}

const WORDS: Record<PaymentActionKind, { done: string; from: ReadonlySet<string> }> = {
  capture: { done: "captured", from: CAPTURABLE_STATUSES },
  cancel: { done: "cancelled", from: CANCELLABLE_STATUSES },
};

async function actionOfRequest(db: Kysely<DB>, requestId: string) {
  return db
    .selectFrom("payment_actions")
    .selectAll()
    .where("provider_request_id", "=", requestId)
    .executeTakeFirstOrThrow();
}

/**
 * A capture or a cancel as a provider request. An unseen answer is settled from the payment itself: a capture is
 * done once the payment is captured, a cancel once it is cancelled, and neither can happen once the payment moved
 * to a status the action does not start from.
 */
function paymentActionRequest(actionKind: PaymentActionKind): ProviderRequestKind<ProviderPayment> {
  const words = WORDS[actionKind];
  return {
    kind: `payment.${actionKind}`,
    async onOutcome(trx, request, outcome, { now, by }) {
      const row = await actionOfRequest(trx, request.id);
      if (outcome.status !== "unknown") {
        await trx
          .updateTable("payment_actions")
          .set({ completed_at: now, error: outcome.status === "failed" ? outcome.error.message : null })
          .where("id", "=", row.id)
          .execute();
      }
      const suffix = by === "call" ? outcome.status : outcome.status === "succeeded" ? "reconciled" : "not_done";
      await recordAudit({
        db: trx,
        actorUserId: by === "call" ? row.created_by : null,
        action: `payment.${actionKind}_${suffix}`,
        resourceType: "payment",
        resourceId: String(row.provider_payment_id),
        idempotencyKey: request.idempotency_key,
        details: {
          actionId: row.id,
          ...(outcome.status === "succeeded" ? { paymentStatus: outcome.answer.status } : {}),
          ...(outcome.status !== "succeeded" && outcome.error
            ? { status: outcome.error.httpStatus, code: outcome.error.code }
            : {}),
        },
        now,
      });
    },
    async reconcile(deps, request) {
      const providerPaymentId = Number(request.resource_id);
      const accountId = await accountIdOfPayment(deps, providerPaymentId);
      const payment = await (await providerForAccount(deps, accountId)).payments.get(providerPaymentId);
      const now = deps.now();
      await applyPaymentSnapshot({ db: deps.db, payment, now, jobs: deps.jobs, providerAccountId: accountId });
      const done =
        actionKind === "capture"
          ? payment.captured === true && payment.status === "approved"
          : payment.status === "cancelled";
      if (done) return { status: "succeeded", answer: payment };
      // While the payment is still in a state the action applies to, it may yet land; anything else rules it out.
      const lastTry = request.attempted_at ?? request.created_at;
      if (!words.from.has(payment.status) || now.getTime() - lastTry.getTime() >= NO_PAYMENT_AFTER_MS) {
        return {
          status: "failed",
          error: {
            type: "not_found",
            httpStatus: null,
            code: null,
            message: `Mercado Pago shows the payment ${payment.status}, not ${words.done}.`,
          },
        };
      }
      return null;
    },
  };
}

export const PAYMENT_ACTION_REQUESTS: Record<PaymentActionKind, ProviderRequestKind<ProviderPayment>> = {
  capture: paymentActionRequest("capture"),
  cancel: paymentActionRequest("cancel"),
};

export async function runPaymentAction(
  options: PaymentActionOptions,
  spec: PaymentActionSpec,
): Promise<PaymentActionOutcome> {
  const { deps, providerPaymentId, idempotencyKey } = options;
  const fresh = await loadFreshPayment({ deps, providerPaymentId, action: spec.action });
  // The payment's own account, resolved before the action is stored: an ended connection stores nothing.
  const accountId = fresh.provider_account_id;
  await providerForAccount(deps, accountId);
  const kind = PAYMENT_ACTION_REQUESTS[spec.kind];

  const stored = await deps.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom("payments")
      .selectAll()
      .where("provider_payment_id", "=", providerPaymentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = deps.now();
    const { request, isNew } = await recordProviderRequest(
      trx,
      {
        kind: kind.kind,
        idempotencyKey,
        providerAccountId: accountId,
        body: { amountMinor: spec.amountMinor },
        resource: { type: "payment", id: String(providerPaymentId) },
        now,
      },
      {
        beforeInsert: async () => {
          const unfinished = await trx
            .selectFrom("payment_actions")
            .innerJoin("provider_requests", "provider_requests.id", "payment_actions.provider_request_id")
            .select("payment_actions.id")
            .where("payment_actions.provider_payment_id", "=", providerPaymentId)
            .where("provider_requests.status", "in", ["pending", "unknown"])
            .executeTakeFirst();
          if (unfinished) {
            throw new AppError(
              "CONFLICT",
              "Another action on this payment is not finished yet. Refresh and try again.",
              { reason: "action_in_progress" },
            );
          }
          spec.check(payment);
        },
      },
    );
    if (!isNew) return { id: (await actionOfRequest(trx, request.id)).id, request, paymentStatus: payment.status };
    const inserted = await trx
      .insertInto("payment_actions")
      .values({
        provider_payment_id: providerPaymentId,
        kind: spec.kind,
        amount_minor: spec.amountMinor,
        currency: payment.currency,
        provider_request_id: request.id,
        reason: options.reason ?? null,
        note: options.note ?? null,
        created_by: options.actorUserId,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: `payment.${spec.kind}_requested`,
      resourceType: "payment",
      resourceId: String(providerPaymentId),
      idempotencyKey,
      details: { actionId: inserted.id, amountMinor: spec.amountMinor, reason: options.reason ?? null },
      now,
    });
    return { id: inserted.id, request, paymentStatus: payment.status };
  });

  const { outcome, called, cause } = await runProviderRequest({
    deps,
    kind,
    request: stored.request,
    refusedMessage: `Mercado Pago refused to ${spec.action}.`,
    call: spec.call,
  });
  if (outcome.status === "failed" && called) {
    throw new AppError("BAD_REQUEST", `Mercado Pago refused to ${spec.action}. Refresh the payment and check it.`, {
      reason: "provider_rejected_request",
      cause,
    });
  }
  if (outcome.status === "unknown") {
    if (called) deps.logger.warn({ err: cause, providerPaymentId, idempotencyKey }, "action unknown");
    return { actionId: stored.id, status: "unknown", paymentStatus: stored.paymentStatus };
  }
  if (outcome.status === "failed") {
    return { actionId: stored.id, status: "failed", paymentStatus: stored.paymentStatus };
  }
  if (!called) {
    // A repeat of a settled action: the mirror already holds what it did.
    return { actionId: stored.id, status: "succeeded", paymentStatus: stored.paymentStatus };
  }
  // Answered just now: the mirror takes the payment as the provider returned it.
  await applyPaymentSnapshot({
    db: deps.db,
    payment: outcome.answer,
    now: deps.now(),
    jobs: deps.jobs,
    providerAccountId: accountId,
  });
  return { actionId: stored.id, status: "succeeded", paymentStatus: outcome.answer.status };
}
