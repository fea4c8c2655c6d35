// A subscription's and a charge's status as a badge, in the staff member's language, and a charge's cells as the
// subscription page and the charges list show them.
import type { AdminCharge } from "@cobro/contracts";
import { StatusBadge, type Tone } from "@cobro/ui";
import { Link } from "react-router";
import type { MessageKey } from "../../../i18n/dictionary";
import { useI18n } from "../../../i18n/i18n-context";
import type { AdminColumn } from "../../components/admin-table";
import { useStatusWords } from "../../components/status-words";

const SUBSCRIPTION: Record<string, { key: MessageKey; tone: Tone }> = {
  authorized: { key: "admin.subscriptions.status.authorized", tone: "success" },
  paused: { key: "admin.subscriptions.status.paused", tone: "warning" },
  pending: { key: "admin.subscriptions.status.pending", tone: "info" },
  cancelled: { key: "admin.subscriptions.status.cancelled", tone: "neutral" },
};

const CHARGE: Record<string, { key: MessageKey; tone: Tone }> = {
  scheduled: { key: "admin.subscriptions.charge.scheduled", tone: "info" },
  processed: { key: "admin.subscriptions.charge.processed", tone: "success" },
  recycling: { key: "admin.subscriptions.charge.recycling", tone: "danger" },
  cancelled: { key: "admin.subscriptions.charge.cancelled", tone: "neutral" },
};

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  const known = SUBSCRIPTION[status];
  return <StatusBadge tone={known?.tone ?? "neutral"}>{known ? t(known.key) : status}</StatusBadge>;
}

export function ChargeStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  const known = CHARGE[status];
  return <StatusBadge tone={known?.tone ?? "neutral"}>{known ? t(known.key) : status}</StatusBadge>;
}

/** A charge's status, amount, resulting payment (linked to Payments) and retries, as four table columns. */
export function useChargeColumns(): AdminColumn<AdminCharge>[] {
  const { t, formatDate, formatMoney } = useI18n();
  const words = useStatusWords();
  const none = t("admin.subscriptions.detail.none");
  return [
    {
      id: "status",
      header: t("admin.subscriptions.field.status"),
      cell: (charge) => <ChargeStatusBadge status={charge.status} />,
    },
    {
      id: "amount",
      header: t("admin.subscriptions.col.amount"),
      cell: (charge) => (charge.amount ? formatMoney(charge.amount.amountMinor, charge.amount.currency) : ""),
    },
    {
      id: "payment",
      header: t("admin.subscriptions.charges.payment"),
      cell: (charge) =>
        charge.payment ? (
          <>
            <Link to={`/admin/payments/${charge.payment.id}`}>{charge.payment.id}</Link>{" "}
            {[
              charge.payment.status ? words.status(charge.payment.status) : null,
              charge.payment.statusDetail && charge.payment.statusDetail !== charge.payment.status
                ? words.detail(charge.payment.statusDetail)
                : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </>
        ) : (
          none
        ),
    },
    {
      id: "retries",
      header: t("admin.subscriptions.charges.retries"),
      cell: (charge) =>
        charge.retryAttempt > 0 || charge.nextRetryDate
          ? t("admin.subscriptions.charges.retryValue", {
              count: charge.retryAttempt,
              next: charge.nextRetryDate ? formatDate(charge.nextRetryDate, "date") : none,
            })
          : none,
    },
  ];
}

/** The same four columns as cells of a row of a hand-written table (the subscription page's charges). */
export function ChargeCells({ charge }: { charge: AdminCharge }) {
  const columns = useChargeColumns();
  return (
    <>
      {columns.map((column) => (
        <td key={column.id}>{column.cell(charge)}</td>
      ))}
    </>
  );
}
