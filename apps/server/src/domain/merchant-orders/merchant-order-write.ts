// Creating and updating a merchant order, on the provider-request engine (domain/provider-requests): the request
// row (its body, who asked) and the ledger's intent (key, account) commit together, the call goes out with that key
// to that account, and the answer is recorded in both. A repeat of the key sends the same body to the same account
// (the provider replays its first answer), so a double submit makes one order; an unseen answer is "unknown"
// (never "failed") and is settled by the reconcile loop, which repeats the stored body with the stored key.

import type { MerchantOrderWriteResult } from "@cobro/contracts";
import type { MerchantOrder, MerchantOrderRequest, ProviderClient } from "@cobro/provider-client";
import type { Kysely } from "kysely";
import type { DB, JsonValue } from "../../db/schema";
import { toJsonb } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { getStoreAccount } from "../../provider/get-store-account";
import { providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { isRefusedWithoutPayment, PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
import type {
  ProviderRequestDeps,
  ProviderRequestError,
  ProviderRequestKind,
} from "../provider-requests/provider-request-kind";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { errorOf, runProviderRequest } from "../provider-requests/run-provider-request";
import { applyMerchantOrderSnapshot } from "./apply-merchant-order-snapshot";
import { toMerchantOrderError } from "./merchant-order-provider-error";

export type MerchantOrderWriteDeps = ProviderRequestDeps;

type WriteKind = "create" | "update";

export interface MerchantOrderWriteSpec {
  kind: WriteKind;
  /** Updates: the order changed. */
  merchantOrderId: number | null;
  body: MerchantOrderRequest;
  /** Words for messages: "create the merchant order". */
  action: string;
}

interface StoredWrite {
  id: string;
  kind: WriteKind;
  provider_merchant_order_id: number | null;
  request: JsonValue;
  created_by: string | null;
}

function writeOfRequest(db: Kysely<DB>, requestId: string): Promise<StoredWrite> {
  return db
    .selectFrom("merchant_order_requests")
    .select(["id", "kind", "provider_merchant_order_id", "request", "created_by"])
    .where("provider_request_id", "=", requestId)
    .executeTakeFirstOrThrow();
}

/** The one call of a write, from its stored row: every repeat (the dialog's, the reconcile loop's) sends the same. */
function send(
  provider: ProviderClient,
  write: Pick<StoredWrite, "kind" | "provider_merchant_order_id" | "request">,
  options: { idempotencyKey: string; signal: AbortSignal },
): Promise<MerchantOrder> {
  const body = write.request as unknown as MerchantOrderRequest;
  if (write.kind === "create") return provider.merchantOrders.create(body, options);
  return provider.merchantOrders.update(Number(write.provider_merchant_order_id), body, options);
}

function merchantOrderWriteKind(kind: WriteKind): ProviderRequestKind<MerchantOrder> {
  return {
    kind: `merchant_order.${kind}`,
    async onOutcome(trx, request, outcome, { now, by }) {
      const write = await writeOfRequest(trx, request.id);
      const merchantOrderId = outcome.status === "succeeded" ? outcome.answer.id : write.provider_merchant_order_id;
      if (merchantOrderId !== write.provider_merchant_order_id) {
        await trx
          .updateTable("merchant_order_requests")
          .set({ provider_merchant_order_id: merchantOrderId })
          .where("id", "=", write.id)
          .execute();
      }
      await recordAudit({
        db: trx,
        actorUserId: by === "call" ? write.created_by : null,
        action: `merchant_order.${kind}_${outcome.status}`,
        resourceType: "merchant_order",
        resourceId: merchantOrderId === null ? null : String(merchantOrderId),
        idempotencyKey: request.idempotency_key,
        details: {
          requestId: write.id,
          ...(request.provider_account_id ? { accountId: request.provider_account_id } : {}),
          ...(outcome.status !== "succeeded" && outcome.error
            ? { status: outcome.error.httpStatus, code: outcome.error.code }
            : {}),
        },
        now,
      });
    },
    // provider: a repeat with the stored key replays the first answer (or makes the change now, once), so the
    // stored body is sent again; a refusal now is a refusal then.
    async reconcile(deps, request) {
      const write = await writeOfRequest(deps.db, request.id);
      const provider = await providerForAccount(deps, request.provider_account_id);
      try {
        const answer = await send(provider, write, {
          idempotencyKey: request.idempotency_key,
          signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS),
        });
        return { status: "succeeded", answer };
      } catch (error) {
        if (!isRefusedWithoutPayment(error)) return null;
        return { status: "failed", error: errorOf(error, "refused", refusalMessageOf(error, write.kind)) };
      }
    },
    async afterReconcile(deps, request) {
      if (request.provider_account_id !== null) return;
      const settled = await deps.db
        .selectFrom("provider_requests")
        .select(["status", "answer"])
        .where("id", "=", request.id)
        .executeTakeFirstOrThrow();
      if (settled.status !== "succeeded") return;
      await mirror(deps, settled.answer as unknown as MerchantOrder);
    },
  };
}

export const MERCHANT_ORDER_CREATE = merchantOrderWriteKind("create");
export const MERCHANT_ORDER_UPDATE = merchantOrderWriteKind("update");

function refusalMessageOf(error: unknown, kind: WriteKind): string {
  const mapped = toMerchantOrderError(error, { action: `${kind} the merchant order` });
  return mapped instanceof AppError ? mapped.message : "Mercado Pago refused the request.";
}

/**
 * The store's own orders are mirrored; a connected seller's are not (the mirror has no account column, and the
 * webhook and sync paths that keep it read with the store's own credentials).
 */
async function mirror(deps: MerchantOrderWriteDeps, order: MerchantOrder): Promise<void> {
  const { currency } = await getStoreAccount({ deps });
  await applyMerchantOrderSnapshot({ db: deps.db, order, storeCurrency: currency, now: deps.now() });
}

export async function runMerchantOrderWrite(options: {
  deps: MerchantOrderWriteDeps;
  actorUserId: string;
  idempotencyKey: string;
  /** The account the order belongs to (null: the store's own); stored with the key, so every repeat goes there. */
  accountId: string | null;
  spec: MerchantOrderWriteSpec;
}): Promise<MerchantOrderWriteResult> {
  const { deps, actorUserId, idempotencyKey, accountId, spec } = options;
  const kind = spec.kind === "create" ? MERCHANT_ORDER_CREATE : MERCHANT_ORDER_UPDATE;
  // An ended or unknown connection stores nothing.
  await providerForAccount(deps, accountId);

  const request = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const recorded = await recordProviderRequest(trx, {
      kind: kind.kind,
      idempotencyKey,
      providerAccountId: accountId,
      // The account is part of what was asked: the same key for another seller is another request (a 409).
      body: { account: accountId, request: spec.body as unknown as JsonValue },
      resource: { type: "merchant_order", id: spec.merchantOrderId === null ? "new" : String(spec.merchantOrderId) },
      now,
    });
    if (!recorded.isNew) return recorded.request;
    const inserted = await trx
      .insertInto("merchant_order_requests")
      .values({
        provider_request_id: recorded.request.id,
        kind: spec.kind,
        provider_merchant_order_id: spec.merchantOrderId,
        request: toJsonb(spec.body),
        created_by: actorUserId,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId,
      action: `merchant_order.${spec.kind}_requested`,
      resourceType: "merchant_order",
      resourceId: spec.merchantOrderId === null ? null : String(spec.merchantOrderId),
      idempotencyKey,
      details: {
        requestId: inserted.id,
        request: spec.body as unknown as JsonValue,
        ...(accountId ? { accountId } : {}),
      },
      now,
    });
    return recorded.request;
  });

  const { outcome, cause } = await runProviderRequest({
    deps,
    // A double submit waits for the first call's answer rather than hearing "in flight".
    waitInFlightMs: PAYMENT_CALL_DEADLINE_MS,
    kind,
    request,
    // The refusal's own words (naming the field at fault), kept for a repeat of the key.
    refusedMessage: (error) => refusalMessageOf(error, spec.kind),
    call: async ({ provider, idempotencyKey: key, signal }) => {
      const write = await writeOfRequest(deps.db, request.id);
      return send(provider, write, { idempotencyKey: key, signal });
    },
  });
  const write = await writeOfRequest(deps.db, request.id);
  if (outcome.status === "succeeded") {
    if (request.provider_account_id === null) await mirror(deps, outcome.answer);
    return { outcome: "done", merchantOrderId: write.provider_merchant_order_id };
  }
  if (outcome.status === "failed") throw refusalOf(outcome.error, cause, spec);
  if (cause !== null) {
    deps.logger.warn({ err: cause, idempotencyKey }, "merchant order write outcome unknown");
  }
  if (write.provider_merchant_order_id !== null && request.provider_account_id === null) {
    // Re-read what the provider holds now, so the page shows it while the staff decide to repeat.
    try {
      await mirror(deps, await deps.provider.merchantOrders.get(write.provider_merchant_order_id));
    } catch (error) {
      deps.logger.warn({ err: error, merchantOrderId: write.provider_merchant_order_id }, "merchant order re-read");
    }
  }
  return { outcome: "unknown", merchantOrderId: write.provider_merchant_order_id };
}

/** The refusal in words: from this call's error (naming the field), or, for a repeat, from the ledger. */
function refusalOf(error: ProviderRequestError, cause: unknown, spec: MerchantOrderWriteSpec): unknown {
  if (cause !== null) {
    return toMerchantOrderError(cause, {
      action: spec.action,
      ...(spec.merchantOrderId === null ? {} : { merchantOrderId: spec.merchantOrderId }),
    });
  }
  return new AppError("BAD_REQUEST", error.message ?? `Mercado Pago refused to ${spec.action}.`, {
    reason: "provider_rejected_request",
  });
}

/** The request rows of one order, newest first, with where their call stands (the detail's "changes" list). */
export function merchantOrderRequestsOf(db: Kysely<DB>, merchantOrderId: number) {
  return db
    .selectFrom("merchant_order_requests")
    .innerJoin("provider_requests", "provider_requests.id", "merchant_order_requests.provider_request_id")
    .leftJoin("users", "users.id", "merchant_order_requests.created_by")
    .select([
      "merchant_order_requests.kind",
      "provider_requests.status",
      "merchant_order_requests.created_at",
      "users.email",
    ])
    .where("merchant_order_requests.provider_merchant_order_id", "=", merchantOrderId)
    .orderBy("merchant_order_requests.created_at", "desc")
    .limit(20)
    .execute();
}
