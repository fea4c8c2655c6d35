// Capturing and cancelling a payment share one shape: store the action with
// the dialog's idempotency key (a short transaction that also checks the
// payment's state under its row lock and refuses while another action on the
// payment is unfinished), call the provider outside any transaction with that
// key, then complete the row and re-read the payment into the mirror.
import { type ProviderClient, ProviderError, type Payment as ProviderPayment } from "@cobro/provider-client";
import type { Payment, PaymentActionStatus } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { isRefusedWithoutPayment, PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import { applyPaymentSnapshot } from "./apply-payment-snapshot";
import { loadFreshPayment } from "./load-fresh-payment";

export type PaymentActionKind = "capture" | "cancel";

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
  status: PaymentActionStatus;
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

export async function runPaymentAction(
  options: PaymentActionOptions,
  spec: PaymentActionSpec,
): Promise<PaymentActionOutcome> {
  const { deps, providerPaymentId, idempotencyKey } = options;
  const fresh = await loadFreshPayment({ deps, providerPaymentId, action: spec.action });
  // The payment's own account, resolved before the action is stored: an ended connection stores nothing.
  const accountId = fresh.provider_account_id;
  const provider = await providerForAccount(deps, accountId);

  const stored = await deps.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom("payments")
      .selectAll()
      .where("provider_payment_id", "=", providerPaymentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom("payment_actions")
      .select(["id", "status", "kind", "provider_payment_id"])
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirst();
    if (existing) {
      if (existing.provider_payment_id !== providerPaymentId || existing.kind !== spec.kind) {
        throw new AppError("CONFLICT", "This action key belongs to another action.", { reason: "action_in_progress" });
      }
      return { id: existing.id, status: existing.status, paymentStatus: payment.status };
    }
    const unfinished = await trx
      .selectFrom("payment_actions")
      .select("id")
      .where("provider_payment_id", "=", providerPaymentId)
      .where("status", "in", ["pending", "unknown"])
      .executeTakeFirst();
    if (unfinished) {
      throw new AppError("CONFLICT", "Another action on this payment is not finished yet. Refresh and try again.", {
        reason: "action_in_progress",
      });
    }
    spec.check(payment);
    const now = deps.now();
    const inserted = await trx
      .insertInto("payment_actions")
      .values({
        provider_payment_id: providerPaymentId,
        kind: spec.kind,
        amount_minor: spec.amountMinor,
        currency: payment.currency,
        status: "pending",
        idempotency_key: idempotencyKey,
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
    return { id: inserted.id, status: "pending" as PaymentActionStatus, paymentStatus: payment.status };
  });
  if (stored.status === "succeeded" || stored.status === "failed") {
    return { actionId: stored.id, status: stored.status, paymentStatus: stored.paymentStatus };
  }

  let status: PaymentActionStatus;
  let paymentStatus = stored.paymentStatus;
  let failure: unknown = null;
  try {
    const payment = await spec.call({
      provider,
      idempotencyKey,
      signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
    });
    await applyPaymentSnapshot({
      db: deps.db,
      payment,
      now: deps.now(),
      jobs: deps.jobs,
      providerAccountId: accountId,
    });
    status = "succeeded";
    paymentStatus = payment.status;
  } catch (error) {
    failure = error;
    status = isRefusedWithoutPayment(error) ? "failed" : "unknown";
  }
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("payment_actions")
      .set({
        status,
        ...(status === "unknown" ? {} : { completed_at: now }),
        ...(status === "failed" ? { error: `Mercado Pago refused to ${spec.action}.` } : {}),
      })
      .where("id", "=", stored.id)
      .execute();
    await recordAudit({
      db: trx,
      actorUserId: options.actorUserId,
      action: `payment.${spec.kind}_${status}`,
      resourceType: "payment",
      resourceId: String(providerPaymentId),
      idempotencyKey,
      details: {
        actionId: stored.id,
        paymentStatus,
        ...(failure instanceof ProviderError ? { status: failure.status, code: failure.code ?? null } : {}),
      },
      now,
    });
  });
  if (status === "failed") {
    throw new AppError("BAD_REQUEST", `Mercado Pago refused to ${spec.action}. Refresh the payment and check it.`, {
      reason: "provider_rejected_request",
      cause: failure,
    });
  }
  if (status === "unknown") deps.logger.warn({ err: failure, providerPaymentId, idempotencyKey }, "action unknown");
  return { actionId: stored.id, status, paymentStatus };
}
