// A payment as the console's detail page shows it: the mirror row and what its snapshot says (net received,
// fees, payer, items), its checkout, its refunds, and one timeline merging, in time order, every state the mirror
// went through, every provider call Cobro made about it, every notification received for it and every staff action.
// Reads only the database.
import type { PaymentDetail } from "@cobro/contracts";
import { type CurrencyCode, toMinorUnits } from "@cobro/provider-client/money";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { parseCheckoutItems } from "../checkout/checkout-items";
import { orderNumberOf } from "../store-orders/store-order-view";
import { auditEntriesAbout, mergeTimeline, webhookEventsAbout } from "../timeline/timeline-entries";
import { toPaymentListItem } from "./list-payments";

/** provider: an authorization is captured within ~5-7 days of its creation; we count 5 to be safe. */
export const AUTHORIZATION_CAPTURE_DAYS = 5;

const amountSchema = z.number().nonnegative().finite();

/** The parts of the provider's payment body the detail reads; anything missing reads as unknown. */
const snapshotSchema = z.object({
  date_created: z.string().nullish(),
  captured: z.boolean().nullish(),
  transaction_details: z.object({ net_received_amount: amountSchema.nullish() }).nullish(),
  fee_details: z.array(z.object({ amount: amountSchema })).nullish(),
  card: z
    .object({
      last_four_digits: z.string().nullish(),
      cardholder: z.object({ name: z.string().nullish() }).nullish(),
    })
    .nullish(),
  payer: z
    .object({
      email: z.string().nullish(),
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      identification: z.object({ type: z.string().nullish(), number: z.string().nullish() }).nullish(),
    })
    .nullish(),
  additional_info: z
    .object({
      items: z
        .array(
          z.object({
            title: z.string().nullish(),
            quantity: z.union([z.number(), z.string()]).nullish(),
            // provider: additional_info.items answer unit_price as a string ("1500.00"); a number is read too.
            unit_price: z.union([amountSchema, z.string().trim().transform(Number).pipe(amountSchema)]).nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});

function minorOrNull(value: number | null | undefined, currency: CurrencyCode): number | null {
  if (value === null || value === undefined) return null;
  try {
    return toMinorUnits(value, currency);
  } catch {
    return null;
  }
}

/** The detail of one mirrored payment; NOT_FOUND when the mirror does not have it. */
export async function getPaymentDetail(options: {
  deps: Pick<AppDeps, "db" | "now">;
  providerPaymentId: number;
}): Promise<PaymentDetail> {
  const { db } = options.deps;
  const id = options.providerPaymentId;
  const payment = await db.selectFrom("payments").selectAll().where("provider_payment_id", "=", id).executeTakeFirst();
  if (!payment) throw new AppError("NOT_FOUND", "There is no such payment.", { reason: "not_found" });
  const currency = payment.currency.trim() as CurrencyCode;
  const money = (amountMinor: number) => ({ amountMinor, currency });
  const parsed = snapshotSchema.safeParse(payment.snapshot);
  const snapshot = parsed.success ? parsed.data : {};

  const [checkout, refunds, states, calls, webhooks, audits] = await Promise.all([
    payment.checkout_id
      ? db
          .selectFrom("checkouts")
          .select(["id", "status", "external_reference", "created_at", "items", "currency", "order_number"])
          .where("id", "=", payment.checkout_id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    db
      .selectFrom("refunds")
      .leftJoin("users", "users.id", "refunds.created_by")
      .select([
        "refunds.id",
        "refunds.provider_refund_id",
        "refunds.amount_minor",
        "refunds.status",
        "refunds.reason",
        "refunds.note",
        "refunds.error",
        "refunds.created_at",
        "users.email",
      ])
      .where("refunds.provider_payment_id", "=", id)
      .orderBy("refunds.created_at", "asc")
      .execute(),
    db
      .selectFrom("payment_state_changes")
      .selectAll()
      .where("provider_payment_id", "=", id)
      .orderBy("at", "asc")
      .execute(),
    db
      .selectFrom("provider_calls")
      .selectAll()
      .where("resource_id", "=", String(id))
      .orderBy("created_at", "asc")
      .limit(500)
      .execute(),
    webhookEventsAbout(db, ["payment", "payments"], [String(id)]),
    auditEntriesAbout(db, "payment", String(id)),
  ]);

  const timeline = mergeTimeline({ states, calls, webhooks, audits }, currency);

  // What is left to refund, as refundPayment counts it: our open refunds count before the mirror shows them.
  const open = refunds
    .filter((row) => row.status === "pending" || row.status === "unknown")
    .reduce((sum, row) => sum + row.amount_minor, 0);
  const done = refunds
    .filter((row) => row.status === "approved" || row.status === "in_process")
    .reduce((sum, row) => sum + row.amount_minor, 0);
  const refundable =
    payment.status === "approved"
      ? Math.max(0, payment.amount_minor - Math.max(payment.refunded_minor, done) - open)
      : 0;

  const fees = snapshot.fee_details
    ? snapshot.fee_details.reduce<number | null>((sum, fee) => {
        const minor = minorOrNull(fee.amount, currency);
        return sum === null || minor === null ? null : sum + minor;
      }, 0)
    : null;
  const authorized = payment.status === "authorized";
  const createdAt = payment.provider_created_at;
  const items = checkout
    ? parseCheckoutItems(checkout.items).map((item) => ({
        title: item.name,
        quantity: item.quantity,
        unitPrice: { amountMinor: item.unitPriceMinor, currency: checkout.currency.trim() as CurrencyCode },
      }))
    : (snapshot.additional_info?.items ?? []).map((item) => {
        const unitMinor = minorOrNull(item.unit_price, currency);
        return {
          title: item.title ?? "",
          quantity: Number.isSafeInteger(Number(item.quantity)) ? Number(item.quantity) : 1,
          unitPrice: unitMinor === null ? null : money(unitMinor),
        };
      });
  const identification = snapshot.payer?.identification;

  return {
    ...toPaymentListItem(payment),
    netReceived: (() => {
      const minor = minorOrNull(snapshot.transaction_details?.net_received_amount, currency);
      return minor === null ? null : money(minor);
    })(),
    fees: fees === null ? null : money(fees),
    // provider: a payment without a card answers `card: {}`.
    card:
      snapshot.card && (snapshot.card.last_four_digits || snapshot.card.cardholder?.name)
        ? {
            brand: payment.payment_method_id,
            lastFour: snapshot.card.last_four_digits ?? null,
            holderName: snapshot.card.cardholder?.name ?? null,
          }
        : null,
    captured: money(
      authorized || ["pending", "in_process", "rejected", "cancelled"].includes(payment.status)
        ? 0
        : payment.amount_minor,
    ),
    authorized: authorized ? money(payment.amount_minor) : null,
    captureDeadline: authorized
      ? new Date(createdAt.getTime() + AUTHORIZATION_CAPTURE_DAYS * 24 * 60 * 60 * 1000).toISOString()
      : null,
    refundable: money(refundable),
    payer: {
      email: snapshot.payer?.email ?? payment.payer_email,
      firstName: snapshot.payer?.first_name ?? null,
      lastName: snapshot.payer?.last_name ?? null,
      identification: identification?.number ? `${identification.type ?? ""} ${identification.number}`.trim() : null,
    },
    items,
    checkout: checkout
      ? {
          id: checkout.id,
          orderNumber: orderNumberOf(checkout),
          status: checkout.status,
          externalReference: checkout.external_reference,
          createdAt: checkout.created_at.toISOString(),
        }
      : null,
    preferenceId: payment.preference_id,
    refunds: refunds.map((row) => ({
      id: row.id,
      providerRefundId: row.provider_refund_id,
      amount: money(row.amount_minor),
      status: row.status,
      reason: row.reason,
      note: row.note,
      error: row.error,
      createdByEmail: row.email,
      createdAt: row.created_at.toISOString(),
    })),
    timeline,
    mirroredAt: payment.updated_at.toISOString(),
  };
}
