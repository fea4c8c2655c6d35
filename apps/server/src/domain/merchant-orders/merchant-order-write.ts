// Creating and updating a merchant order share one shape (the atomic phases of payment-action.ts): store the
// request with the dialog's idempotency key and commit, call the provider outside any transaction with that key,
// then record the answer and mirror the order. A repeat of the same key sends the same body again with the same
// key (the provider replays its first answer), so a double submit makes one order; an answer not seen is
// "unknown" (never "failed"), and repeating with the same key is safe.

import type { MerchantOrderWriteResult } from "@cobro/contracts";
import { type MerchantOrder, type MerchantOrderRequest, ProviderError } from "@cobro/provider-client";
// Sorted keys, so a body read back from jsonb compares equal to the one built again.
import { stringify as canonicalJson } from "safe-stable-stringify";
import { type JsonValue, type MerchantOrderRequestStatus, toJsonb } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { getStoreAccount } from "../../provider/get-store-account";
import { recordAudit } from "../audit/record-audit";
import { isRefusedWithoutPayment, PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import { applyMerchantOrderSnapshot } from "./apply-merchant-order-snapshot";
import { toMerchantOrderError } from "./merchant-order-provider-error";

export type MerchantOrderWriteDeps = Pick<AppDeps, "db" | "provider" | "now" | "logger">;

export interface MerchantOrderWriteSpec {
  kind: "create" | "update";
  /** Updates: the order changed. */
  merchantOrderId: number | null;
  body: MerchantOrderRequest;
  /** Words for messages: "create the merchant order". */
  action: string;
  call(options: { idempotencyKey: string; signal: AbortSignal }): Promise<MerchantOrder>;
}

export async function runMerchantOrderWrite(options: {
  deps: MerchantOrderWriteDeps;
  actorUserId: string;
  idempotencyKey: string;
  spec: MerchantOrderWriteSpec;
}): Promise<MerchantOrderWriteResult> {
  const { deps, actorUserId, idempotencyKey, spec } = options;
  const { currency } = await getStoreAccount({ deps });
  const resourceId = spec.merchantOrderId === null ? null : String(spec.merchantOrderId);

  const stored = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("merchant_order_requests")
      .values({
        idempotency_key: idempotencyKey,
        kind: spec.kind,
        provider_merchant_order_id: spec.merchantOrderId,
        status: "pending",
        request: toJsonb(spec.body),
        created_by: actorUserId,
        created_at: deps.now(),
      })
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) {
      await recordAudit({
        db: trx,
        actorUserId,
        action: `merchant_order.${spec.kind}_requested`,
        resourceType: "merchant_order",
        resourceId,
        idempotencyKey,
        details: { requestId: inserted.id, request: spec.body as unknown as JsonValue },
        now: deps.now(),
      });
      return {
        id: inserted.id,
        status: "pending" as MerchantOrderRequestStatus,
        merchantOrderId: spec.merchantOrderId,
      };
    }
    const existing = await trx
      .selectFrom("merchant_order_requests")
      .select(["id", "kind", "status", "provider_merchant_order_id", "request"])
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirstOrThrow();
    const sameTarget = spec.kind === "create" || existing.provider_merchant_order_id === spec.merchantOrderId;
    if (existing.kind !== spec.kind || !sameTarget || canonicalJson(existing.request) !== canonicalJson(spec.body)) {
      throw new AppError(
        "CONFLICT",
        "This form was already sent with other values. Close it, open it again and send the new values.",
        { reason: "action_in_progress", field: "idempotencyKey" },
      );
    }
    return { id: existing.id, status: existing.status, merchantOrderId: existing.provider_merchant_order_id };
  });
  if (stored.status === "succeeded") return { outcome: "done", merchantOrderId: stored.merchantOrderId };

  // pending (a double submit, or a crash before the answer was recorded), unknown or failed: (re)send with the
  // same key; the provider replays its first answer instead of acting twice.
  let status: MerchantOrderRequestStatus;
  let order: MerchantOrder | null = null;
  let failure: unknown = null;
  try {
    order = await spec.call({ idempotencyKey, signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS) });
    status = "succeeded";
  } catch (error) {
    failure = error;
    status = isRefusedWithoutPayment(error) ? "failed" : "unknown";
  }
  const now = deps.now();
  if (order) await applyMerchantOrderSnapshot({ db: deps.db, order, storeCurrency: currency, now });
  const merchantOrderId = order?.id ?? stored.merchantOrderId;
  const mapped = status === "failed" ? toMerchantOrderError(failure, { action: spec.action }) : null;
  const settled = await deps.db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable("merchant_order_requests")
      .set({
        status,
        provider_merchant_order_id: merchantOrderId,
        ...(status === "unknown" ? {} : { completed_at: now }),
        error: mapped instanceof AppError ? mapped.message : null,
      })
      .where("id", "=", stored.id);
    // A concurrent repeat of the same key (a double submit) may have recorded the answer first: a later 423 or
    // timeout of the repeat must not turn that success back into "unknown".
    if (status !== "succeeded") update = update.where("status", "!=", "succeeded");
    const changed = await update.returning("id").executeTakeFirst();
    if (!changed) {
      return trx
        .selectFrom("merchant_order_requests")
        .select("provider_merchant_order_id")
        .where("id", "=", stored.id)
        .executeTakeFirstOrThrow();
    }
    await recordAudit({
      db: trx,
      actorUserId,
      action: `merchant_order.${spec.kind}_${status}`,
      resourceType: "merchant_order",
      resourceId: merchantOrderId === null ? null : String(merchantOrderId),
      idempotencyKey,
      details: {
        requestId: stored.id,
        ...(failure instanceof ProviderError ? { status: failure.status, code: failure.code ?? null } : {}),
      },
      now,
    });
    return null;
  });
  if (settled) return { outcome: "done", merchantOrderId: settled.provider_merchant_order_id };
  if (status === "failed") throw mapped;
  if (status === "unknown") {
    deps.logger.warn({ err: failure, idempotencyKey, merchantOrderId }, "merchant order write outcome unknown");
    if (merchantOrderId !== null) {
      // Re-read what the provider holds now, so the page shows it while the staff decide to repeat.
      try {
        const current = await deps.provider.merchantOrders.get(merchantOrderId);
        await applyMerchantOrderSnapshot({ db: deps.db, order: current, storeCurrency: currency, now: deps.now() });
      } catch (error) {
        deps.logger.warn({ err: error, merchantOrderId }, "merchant order re-read failed");
      }
    }
    return { outcome: "unknown", merchantOrderId };
  }
  return { outcome: "done", merchantOrderId };
}
