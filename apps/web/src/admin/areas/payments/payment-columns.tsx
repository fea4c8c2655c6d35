// The columns every list of payments starts with (the payments list, a customer's payments): one definition, so a
// payment reads the same wherever it is listed.
import type { PaymentListItem } from "@cobro/contracts";
import { Money } from "@cobro/ui";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { PaymentStatusBadge } from "../../../shared/components/payment-status-badge";
import type { AdminColumn } from "../../components/admin-table";

/** Id (linked to the payment), created, status and amount. */
export function usePaymentColumns(): AdminColumn<PaymentListItem>[] {
  const { t, formatDate, moneyLocaleFor } = useI18n();
  return [
    {
      id: "id",
      header: t("admin.payments.col.id"),
      kind: "id",
      rowHeader: true,
      cell: (item) => <Link to={`/admin/payments/${item.providerPaymentId}`}>{item.providerPaymentId}</Link>,
    },
    { id: "created", header: t("admin.payments.col.created"), cell: (item) => formatDate(item.createdAt, "dateTime") },
    {
      id: "status",
      header: t("admin.payments.col.status"),
      cell: (item) => <PaymentStatusBadge status={item.status} statusDetail={item.statusDetail} />,
    },
    {
      id: "amount",
      header: t("admin.payments.col.amount"),
      kind: "num",
      cell: (item) => <Money {...item.amount} locale={moneyLocaleFor(item.amount.currency)} />,
    },
  ];
}
