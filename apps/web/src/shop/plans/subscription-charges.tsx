// The charges of one of the shopper's subscriptions on `/account`, loaded when the shopper opens them: the date,
// the amount, the charge's status and the payment it produced; a failed charge says why in the shopper's words
// (the payment's status_detail, the same words as a checkout's result) and that it will be retried.
import { StatusBadge, type Tone } from "@cobro/ui";
import { useState } from "react";
import type { MessageKey } from "../../i18n/dictionary";
import { useI18n } from "../../i18n/i18n-context";
import { describePaymentOutcome } from "../../i18n/payment-status";
import { PaymentStatusBadge } from "../../shared/components/payment-status-badge";
import { QueryList } from "../../shared/components/query-list";
import { trpc } from "../../trpc";
import { Price } from "../catalog/price";

const CHARGE_STATUSES: Readonly<Record<string, { key: MessageKey; tone: Tone }>> = {
  scheduled: { key: "account.subscriptions.charges.status.scheduled", tone: "info" },
  processed: { key: "account.subscriptions.charges.status.processed", tone: "success" },
  recycling: { key: "account.subscriptions.charges.status.recycling", tone: "danger" },
  cancelled: { key: "account.subscriptions.charges.status.cancelled", tone: "neutral" },
};

export function SubscriptionCharges({ subscriptionId, name }: { subscriptionId: string; name: string }) {
  const { t, formatDate } = useI18n();
  const [open, setOpen] = useState(false);
  const charges = trpc.account.subscriptions.charges.useQuery({ id: subscriptionId }, { enabled: open });
  return (
    <details className="ui-subscription__charges" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary aria-label={`${t("account.subscriptions.charges.show")}: ${name}`}>
        {t("account.subscriptions.charges.show")}
      </summary>
      {open ? (
        <QueryList
          query={charges}
          items={charges.data}
          loadingLabel={t("account.subscriptions.charges.loading")}
          failedTitle={t("account.subscriptions.charges.failed")}
          headingLevel={4}
          empty={{
            title: t("account.subscriptions.charges.empty.title"),
            description: t("account.subscriptions.charges.empty.text"),
          }}
        >
          {(items) => (
            <div className="ui-table-wrap">
              <table className="ui-table" aria-label={`${t("account.subscriptions.charges.title")}: ${name}`}>
                <thead>
                  <tr>
                    <th scope="col">{t("account.subscriptions.charges.date")}</th>
                    <th scope="col">{t("account.subscriptions.charges.amount")}</th>
                    <th scope="col">{t("account.subscriptions.charges.status")}</th>
                    <th scope="col">{t("account.subscriptions.charges.payment")}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((charge) => {
                    const status = CHARGE_STATUSES[charge.status] ?? CHARGE_STATUSES.scheduled;
                    const payment = charge.payment;
                    const failed = payment?.status === "rejected";
                    return (
                      <tr key={charge.id} data-testid={`subscription-charge-${charge.id}`}>
                        <th scope="row">
                          {charge.date ? <time dateTime={charge.date}>{formatDate(charge.date)}</time> : "—"}
                        </th>
                        <td>{charge.amount ? <Price money={charge.amount} /> : "—"}</td>
                        <td>
                          {status ? <StatusBadge tone={status.tone}>{t(status.key)}</StatusBadge> : charge.status}
                          {failed && charge.status === "recycling" ? (
                            <p>{t("account.subscriptions.charges.retrying")}</p>
                          ) : null}
                        </td>
                        <td>
                          {payment?.status ? (
                            <>
                              <PaymentStatusBadge status={payment.status} statusDetail={payment.statusDetail} />{" "}
                              {t("account.subscriptions.charges.paymentId", { id: payment.id })}
                              {failed ? (
                                <p>{t(describePaymentOutcome(payment.status, payment.statusDetail).detailKey)}</p>
                              ) : null}
                            </>
                          ) : (
                            t("account.subscriptions.charges.noPayment")
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </QueryList>
      ) : null}
    </details>
  );
}
