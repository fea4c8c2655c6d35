// The e-mail of a pending cash ticket (Rapipago, Pago Fácil, boleto, …): the shopper gets the ticket's link, its
// barcode and until when it can be paid, since they pay it later, away from the result page. Written in the
// transaction that records the pending payment on its checkout, under one key per checkout
// (`ticket-pending:<checkoutId>`), so the payment seen again (webhook, reconciliation, the result page's re-read)
// never sends it twice.
import type { Payment as ProviderPayment } from "@cobro/provider-client";
import { type CurrencyCode, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import type { Kysely, Transaction } from "kysely";
import type { DB, EmailLocale } from "../../db/schema";
import { queueEmail } from "../email/outbox";
import { offlineInstructions } from "./checkout-result-view";

export function ticketEmailKey(checkoutId: string): string {
  return `ticket-pending:${checkoutId}`;
}

/** The language of a checkout's e-mails: the one the shopper bought in, else the one they chose on the site. */
export async function checkoutEmailLocale(
  trx: Kysely<DB>,
  checkout: { locale: EmailLocale | null; user_id: string | null },
): Promise<EmailLocale | null> {
  if (checkout.locale) return checkout.locale;
  if (!checkout.user_id) return null;
  const user = await trx.selectFrom("users").select("locale").where("id", "=", checkout.user_id).executeTakeFirst();
  return user?.locale ?? null;
}

/** Queues the ticket's e-mail when `payment` is a pending cash ticket; returns the outbox row's id, if any. */
export async function queueTicketEmail(
  trx: Transaction<DB>,
  payment: ProviderPayment,
  checkoutId: string,
  now: Date,
): Promise<string | null> {
  if (payment.status !== "pending") return null;
  const { ticket } = offlineInstructions(payment);
  if (!ticket) return null;
  const checkout = await trx
    .selectFrom("checkouts")
    .select(["id", "order_number", "locale", "user_id", "payer_email", "amount_minor", "currency"])
    .where("id", "=", checkoutId)
    .executeTakeFirstOrThrow();
  const to = (checkout.payer_email ?? payment.payer?.email ?? "").trim().toLowerCase();
  if (to === "") return null;
  const currency = checkout.currency.trim();
  const totalMinor = isSupportedCurrency(currency)
    ? toMinorUnits(payment.transaction_amount, currency as CurrencyCode)
    : checkout.amount_minor;
  return queueEmail({
    db: trx,
    dedupeKey: ticketEmailKey(checkout.id),
    kind: "ticket_pending",
    to,
    locale: await checkoutEmailLocale(trx, checkout),
    payload: {
      checkoutId: checkout.id,
      orderNumber: checkout.order_number,
      paymentMethodId: payment.payment_method_id ?? null,
      ticketUrl: ticket.url,
      barcode: ticket.barcode,
      digitableLine: ticket.digitableLine,
      expiresAt: ticket.expiresAt,
      totalMinor,
      currency,
    },
    now,
  });
}
