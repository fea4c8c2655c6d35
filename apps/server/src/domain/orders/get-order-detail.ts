// One order as the console's detail page shows it: the mirrored order, each payment transaction with its state
// and what is left to refund of it, its refunds, the staff actions taken on it, what its state allows now, and
// one timeline merging (in time order) every state the mirror went through, every provider call about it,
// every `order` notification received for it and every staff action — the same entries as a payment's timeline.
// Reads only the database.
import type { OrderDetail } from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { auditEntriesAbout, mergeTimeline, webhookEventsAbout } from "../timeline/timeline-entries";
import { toOrderListItem } from "./list-orders";
import { paymentTransactionsOf, REPEATABLE_KINDS, refundableOfTransaction } from "./order-actions";
import { orderAmountToMinor, orderRows } from "./order-mirror";

interface MirroredPaymentTx {
  id: string;
  status?: string;
  status_detail?: string;
  amount?: string;
  paid_amount?: string;
  refunded_amount?: string;
  reference_id?: string;
  payment_method?: { id?: string; type?: string; installments?: number };
}

interface MirroredRefund {
  id?: string;
  transaction_id?: string;
  amount?: string;
  status?: string;
}

function refundsOf(transactions: unknown): MirroredRefund[] {
  if (typeof transactions !== "object" || transactions === null) return [];
  const refunds = (transactions as { refunds?: unknown }).refunds;
  return Array.isArray(refunds) ? (refunds as MirroredRefund[]) : [];
}

export async function getOrderDetail(options: { deps: Pick<AppDeps, "db">; orderId: string }): Promise<OrderDetail> {
  const { db } = options.deps;
  const row = await orderRows(db).where("orders.id", "=", options.orderId).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "There is no such order.", { reason: "not_found" });
  const currency = row.currency.trim() as CurrencyCode;
  const money = (amountMinor: number) => ({ amountMinor, currency });

  const actions = await db
    .selectFrom("order_actions")
    .innerJoin("provider_requests", "provider_requests.id", "order_actions.provider_request_id")
    .leftJoin("users", "users.id", "order_actions.created_by")
    .select([
      "order_actions.id",
      "order_actions.kind",
      "order_actions.transaction_id",
      "order_actions.amount_minor",
      "provider_requests.status",
      "order_actions.reason",
      "order_actions.error",
      "provider_requests.idempotency_key",
      "order_actions.created_at",
      "users.email",
    ])
    .where("order_actions.order_id", "=", row.id)
    .orderBy("order_actions.created_at", "asc")
    .execute();
  // The provider calls about this order: by its id in the path or answer, or by one of our keys for it (a create
  // that was declined or never answered has no order id in its log line).
  const keys = [row.idempotency_key, ...actions.map((action) => action.idempotency_key)];
  const providerId = row.provider_order_id;
  const [creator, states, calls, webhooks, audits] = await Promise.all([
    row.created_by
      ? db.selectFrom("users").select("email").where("id", "=", row.created_by).executeTakeFirst()
      : Promise.resolve(undefined),
    db.selectFrom("order_state_changes").selectAll().where("order_id", "=", row.id).orderBy("at", "asc").execute(),
    db
      .selectFrom("provider_calls")
      .selectAll()
      .where((eb) =>
        providerId
          ? eb.or([eb("resource_id", "=", providerId), eb("idempotency_key", "in", keys)])
          : eb("idempotency_key", "in", keys),
      )
      .orderBy("created_at", "asc")
      .limit(500)
      .execute(),
    providerId
      ? webhookEventsAbout(db, ["order", "orders"], [providerId, providerId.toLowerCase()])
      : Promise.resolve([]),
    auditEntriesAbout(db, "order", row.id),
  ]);

  const timeline = mergeTimeline({ states, calls, webhooks, audits }, currency);

  const payments = paymentTransactionsOf(row) as MirroredPaymentTx[];
  const referenceIds = payments.map((tx) => Number(tx.reference_id)).filter((id) => Number.isSafeInteger(id) && id > 0);
  const mirrored = new Set(
    referenceIds.length === 0
      ? []
      : (
          await db
            .selectFrom("payments")
            .select("provider_payment_id")
            .where("provider_payment_id", "in", referenceIds)
            .execute()
        ).map((payment) => payment.provider_payment_id),
  );
  const transactions = payments.map((tx) => ({
    id: tx.id,
    status: tx.status ?? "created",
    statusDetail: tx.status_detail ?? null,
    amount: money(orderAmountToMinor(tx.amount, currency)),
    paid: money(orderAmountToMinor(tx.paid_amount, currency)),
    refunded: money(orderAmountToMinor(tx.refunded_amount, currency)),
    refundable: money(refundableOfTransaction(tx, currency)),
    paymentMethodId: tx.payment_method?.id ?? null,
    paymentType: tx.payment_method?.type ?? null,
    installments: tx.payment_method?.installments ?? null,
    referenceId: tx.reference_id ?? null,
    mirroredPaymentId: mirrored.has(Number(tx.reference_id)) ? Number(tx.reference_id) : null,
  }));
  // As runOrderAction refuses: an action in flight, or an unseen one Cobro can still confirm, holds the order.
  const open = actions.some(
    (action) => action.status === "pending" || (action.status === "unknown" && REPEATABLE_KINDS.includes(action.kind)),
  );
  const refundable = transactions.reduce((sum, tx) => sum + tx.refundable.amountMinor, 0);
  const known = row.provider_order_id !== null;
  const manualCreated = known && row.processing_mode === "manual" && row.status === "created";

  return {
    ...toOrderListItem(row),
    payerIdentification:
      row.payer_identification_number !== null
        ? `${row.payer_identification_type ?? ""} ${row.payer_identification_number}`.trim()
        : null,
    paymentMethodId: row.payment_method_id,
    installments: row.installments,
    // Why it failed: the create's refusal or decline, else (a decline at process) the failed transaction's detail.
    error:
      row.error ??
      (row.status === "failed" ? (payments.find((tx) => tx.status === "failed")?.status_detail ?? null) : null),
    createdByEmail: creator?.email ?? null,
    transactions,
    refunds: refundsOf(row.transactions).map((refund, index) => ({
      id: refund.id ?? String(index),
      transactionId: refund.transaction_id ?? null,
      amount: money(orderAmountToMinor(refund.amount, currency)),
      status: refund.status ?? null,
    })),
    actions: actions.map((action) => ({
      id: action.id,
      kind: action.kind,
      transactionId: action.transaction_id,
      amount: action.amount_minor === null ? null : money(action.amount_minor),
      status: action.status,
      reason: action.reason,
      error: action.error,
      createdByEmail: action.email,
      createdAt: action.created_at.toISOString(),
    })),
    allowed: {
      process: !open && manualCreated && transactions.length > 0,
      capture: !open && known && row.status === "action_required" && row.status_detail === "waiting_capture",
      cancel: !open && known && (row.status === "created" || row.status === "action_required"),
      refund: !open && known && row.status === "processed" && refundable > 0,
      editTransactions: !open && manualCreated,
    },
    refundable: money(refundable),
    timeline,
    mirroredAt: row.updated_at.toISOString(),
  };
}
